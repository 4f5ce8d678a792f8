import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

it('closes on Escape, on a background click and with its close button, not on a click inside', () => {
  const onClose = vi.fn();
  render(
    <Modal title="Player" onClose={onClose}>
      <p>Inside</p>
    </Modal>,
  );
  // Focus moves into the dialog.
  expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Player' }));
  fireEvent.click(screen.getByText('Inside'));
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByTestId('modal-background'));
  expect(onClose).toHaveBeenCalledTimes(2);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(3);
});

it('closes only the innermost of two open modals on Escape', () => {
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
});
