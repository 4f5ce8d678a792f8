import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { content, renderDocs } from '../../test-support/render-docs';
import { CommandsView } from './commands-view';

afterEach(cleanup);
const view = <CommandsView commands={content.commands} />;
const ROUTE = '/docs/commands/:command?';

describe('commands page', () => {
  it('lists every command by plugin and filters as you type, keeping the filter in the address', () => {
    renderDocs('/docs/commands', ROUTE, view);
    expect(screen.getByRole('link', { name: 'sm_slay' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Feed The Trolls' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter commands'), { target: { value: '!ftr' } });
    expect(screen.queryByRole('link', { name: 'sm_slay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'sm_ftr' }).getAttribute('href')).toBe('/docs/commands/sm_ftr');
    expect(screen.getByText(`1 of ${content.commands.length} commands`)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/docs/commands?q=%21ftr');
    fireEvent.change(screen.getByLabelText('Filter commands'), { target: { value: 'zzzz' } });
    expect(screen.getByText('No command matches “zzzz”.')).toBeTruthy();
  });

  it('opens one command with its argument table, types and allowed values as readers see them', () => {
    renderDocs('/docs/commands/sm_burn', ROUTE, view);
    expect(screen.getByRole('heading', { name: 'sm_burn' })).toBeTruthy();
    expect(screen.getByText('f (Slay/harm others)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Arguments of sm_burn' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['target', 'one or more player targets', 'Required', '-', 'Any'],
      ['seconds', 'integer value', 'Optional', '20', '≥1, ≤120'],
    ]);
  });

  it('says a command takes no arguments, and that an unknown one does not exist', () => {
    renderDocs('/docs/commands/sm_rules', ROUTE, view);
    expect(screen.getByText('This command takes no arguments.')).toBeTruthy();
    expect(screen.getByText('None: anyone may use it')).toBeTruthy();
    cleanup();
    renderDocs('/docs/commands/sm_nope', ROUTE, view);
    expect(screen.getByText('No command named “sm_nope”.')).toBeTruthy();
  });
});
