import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

describe('<Modal>', () => {
  it('closes on Escape, on a background click and with its close button, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Notifications" onClose={onClose}>
        <p>inside</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    fireEvent.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-background'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('may hide the close button', () => {
    render(
      <Modal title="T" onClose={() => {}} showClose={false}>
        x
      </Modal>,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
