import { setLocale } from '@outpost/host';
import { createTestHost } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { GalleryView } from './gallery-view';

afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <GalleryView />
    </MemoryRouter>,
  );

describe('the kit gallery (/panel/ui)', () => {
  it('shows every group and a specimen of each component', () => {
    createTestHost();
    renderAt('/panel/ui');
    expect(screen.getByRole('heading', { level: 1, name: 'UI kit' })).toBeTruthy();
    const specimens = Array.from(document.querySelectorAll('[data-specimen]')).map((node) =>
      node.getAttribute('data-specimen'),
    );
    expect(specimens).toEqual(
      expect.arrayContaining([
        'PageHeader',
        'Toolbar',
        'Tabs',
        'Pager',
        'Button',
        'Tag',
        'Avatar',
        'KickAction',
        'DataTable',
        'DescriptionList',
        'StatusBadge',
        'DateTime',
        'ListPage',
        'Field',
        'FieldRow',
        'States',
        'Callout',
        'Notice',
        'Toast',
        'Modal, Drawer, ConfirmDialog',
      ]),
    );
    // Dates are drawn from the gallery's fixed clock.
    const dates = within(document.querySelector('[data-specimen="DateTime"]') as HTMLElement);
    expect(dates.getByText('5 hours ago')).toBeTruthy();
    expect(dates.getByText('<invalid date>')).toBeTruthy();
  });

  it('opens the overlays from their buttons and from ?open=, and shows toasts through the host', () => {
    const test = createTestHost();
    renderAt('/panel/ui?open=drawer');
    expect(screen.getByRole('dialog', { name: 'Zoey Moss' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unban…' }));
    const confirm = screen.getByRole('dialog', { name: 'Unban Zoey Moss?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Success toast' }));
    expect(test.notifications).toEqual([{ level: 'success', title: 'Saved', message: 'The ban was saved.' }]);
  });

  it('shows the kit’s KickAction: its button opens the reason dialog, which refuses an empty reason', () => {
    createTestHost();
    renderAt('/panel/ui');
    const kick = within(document.querySelector('[data-specimen="KickAction"]') as HTMLElement);
    fireEvent.click(kick.getByRole('button', { name: 'Kick Zoey Moss' }));
    const dialog = screen.getByRole('dialog', { name: 'Kick Zoey Moss' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("draws its demo texts in the reader's language, every one from the catalog (never a key)", async () => {
    createTestHost();
    await setLocale('de');
    try {
      renderAt('/panel/ui?open=confirm');
      expect(screen.getByRole('dialog', { name: 'Zoey Moss entbannen?' }).textContent).toContain(
        'Der Ban wird jetzt aufgehoben; der Verlauf behält ihn.',
      );
      const buttons = within(document.querySelector('[data-specimen="Button"]') as HTMLElement);
      expect(buttons.getByRole('button', { name: 'Speichern' })).toBeTruthy();
      expect(screen.getByRole('tabpanel').textContent).toBe('Die Übersicht des Spielers.');
      expect(screen.getByRole('button', { name: 'Ban speichern' })).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/panel\.gallery\./);
      expect(document.body.innerHTML).not.toMatch(/panel\.gallery\./);
    } finally {
      await setLocale('en');
    }
  });
});
