import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './reason-dialog';

afterEach(cleanup);

describe('ReasonDialog', () => {
  it('refuses an empty reason, then hands over the trimmed one', async () => {
    const onSubmit = vi.fn();
    render(
      <ReasonDialog title="Kick Alice" submitLabel="Kick" danger onSubmit={onSubmit} onCancel={() => {}}>
        <p>Alice is kicked from Versus #1.</p>
      </ReasonDialog>,
    );
    expect(screen.getByText('Alice is kicked from Versus #1.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kick' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give a reason');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  AFK  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('AFK'));
  });

  it('cancels', () => {
    const onCancel = vi.fn();
    render(<ReasonDialog title="Kick" submitLabel="Kick" onSubmit={() => {}} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
