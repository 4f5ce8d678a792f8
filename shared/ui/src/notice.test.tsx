import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISMISSED_NOTICES_KEY, Notice } from './notice';

const hostile = {
  enabled: true,
  class: 'is-warning',
  text: 'Maintenance **tonight**\n<img src="x" onerror="window.__pwned = 1"> [free stuff](javascript:window.__pwned=2)',
};

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('<Notice>', () => {
  it('renders the markdown notice inert: no handlers, no script links', async () => {
    const { container } = render(<Notice notice={hostile} />);
    expect(await screen.findByText('tonight', {}, { timeout: 10_000 })).toBeTruthy();
    expect(container.querySelector('.notice.is-warning')).not.toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText(/free stuff/)).toBeTruthy();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('is not shown when disabled or blank', () => {
    const { container } = render(<Notice notice={{ ...hostile, enabled: false }} />);
    expect(container.innerHTML).toBe('');
  });

  it('can be dismissed, and the dismissal is remembered', async () => {
    const first = render(<Notice notice={hostile} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(first.container.innerHTML).toBe('');
    expect(Object.keys(JSON.parse(localStorage.getItem(DISMISSED_NOTICES_KEY) ?? '{}'))).toHaveLength(1);
    first.unmount();
    const again = render(<Notice notice={hostile} />);
    expect(again.container.innerHTML).toBe('');
    // A new notice text shows again.
    again.rerender(<Notice key="new" notice={{ ...hostile, text: 'Something new' }} />);
    expect(await screen.findByText('Something new', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
