import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_OPEN_EVENT } from './dialog-stack';
import { Drawer } from './drawer';
import { Modal } from './modal';
import { RemoteRoot } from './remote-root';

afterEach(cleanup);

function Stack({ outer }: { outer(): void }) {
  const [innerOpen, setInnerOpen] = useState(true);
  return (
    <Modal title="Outer" onClose={outer}>
      {innerOpen && (
        <Modal title="Inner" onClose={() => setInnerOpen(false)}>
          x
        </Modal>
      )}
    </Modal>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Edit" onClose={() => setOpen(false)}>
          <input aria-label="Name" />
          <button type="button">Save</button>
        </Modal>
      )}
    </>
  );
}

/** A menu whose item opens a dialog and disappears with the menu (the user menu's Settings). */
function Menu() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(true);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" ref={menuButton}>
        User menu
      </button>
      {menuOpen && (
        <button
          type="button"
          onClick={() => {
            setMenuOpen(false);
            setOpen(true);
          }}
        >
          Settings
        </button>
      )}
      {open && (
        <Modal title="User settings" onClose={() => setOpen(false)} returnFocusTo={menuButton}>
          x
        </Modal>
      )}
    </>
  );
}

describe('<Modal>', () => {
  it('closes on Escape, on a background click and with its close button, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Notifications" onClose={onClose}>
        <p>inside</p>
      </Modal>,
    );
    // Focus moves into the dialog.
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Notifications' }));
    fireEvent.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('modal-background'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
    // The close button is an SVG icon, not a glyph of some font.
    expect(screen.getByRole('button', { name: 'Close' }).querySelector('svg')).not.toBeNull();
  });

  it('may hide the close button, and shows a footer', () => {
    render(
      <Modal title="T" onClose={() => {}} showClose={false} footer={<button type="button">Save</button>}>
        x
      </Modal>,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' }).closest('footer')).not.toBeNull();
  });

  it('closes only the top one of two stacked modals, on Escape and on a background click', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal title="Outer" onClose={outer}>
        <Modal title="Inner" onClose={inner}>
          <p>Form</p>
        </Modal>
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    const [outerBackground, innerBackground] = screen.getAllByTestId('modal-background');
    fireEvent.click(outerBackground as HTMLElement);
    expect(outer).not.toHaveBeenCalled();
    fireEvent.click(innerBackground as HTMLElement);
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('after the top one closes, Escape closes the one below', () => {
    const outer = vi.fn();
    render(<Stack outer={outer} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('traps Tab inside the dialog and gives the focus back when it closes', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("draws in a portal at the end of <body> that carries the opener remote's data-remote (its scoped CSS applies)", () => {
    const { container } = render(
      <RemoteRoot id="players-bans-notes">
        <p>page</p>
        <Modal title="Player" onClose={() => {}}>
          <p className="summary">details</p>
        </Modal>
      </RemoteRoot>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Player' });
    expect(container.contains(dialog)).toBe(false);
    const portal = dialog.closest('.kit-portal');
    expect(portal?.parentElement).toBe(document.body);
    expect(portal?.getAttribute('data-remote')).toBe('players-bans-notes');
    // What the remote's CSS targets, [data-remote='players-bans-notes'] .summary, matches inside the dialog.
    expect(document.querySelector("[data-remote='players-bans-notes'] .summary")?.closest('[role="dialog"]')).toBe(
      dialog,
    );
  });

  it('tells the shell a dialog opened (it closes its phone menu)', () => {
    const opened = vi.fn();
    document.addEventListener(DIALOG_OPEN_EVENT, opened);
    render(
      <Modal title="Settings" onClose={() => {}}>
        x
      </Modal>,
    );
    document.removeEventListener(DIALOG_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('returns the focus to returnFocusTo when the element that opened it is gone (a menu item)', () => {
    render(<Menu />);
    const item = screen.getByRole('button', { name: 'Settings' });
    item.focus();
    fireEvent.click(item);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'User menu' }));
  });
});

describe('<Drawer>', () => {
  it('is a dialog at an edge with the modal behaviour: Escape and the background close it', () => {
    const onClose = vi.fn();
    render(
      <Drawer title="Filters" side="start" onClose={onClose}>
        <input aria-label="Name" />
      </Drawer>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog.className).toBe('drawer-card is-start');
    expect(dialog.closest('.kit-portal')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('drawer-background'));
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
