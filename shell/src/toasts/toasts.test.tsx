import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULTS, useToastStore } from './toast-store';
import { Toasts } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ items: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts (SPEC 9 defaults)', () => {
  it('has the SPEC defaults', () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      duration: 3000,
      speed: 300,
      width: 300,
      max: Number.POSITIVE_INFINITY,
      closeOnClick: true,
      pauseOnHover: false,
      position: 'top right',
    });
  });

  it('shows a toast 300 px wide for 3000 ms, or its own duration, and closes on click', () => {
    const { container } = render(<Toasts />);
    act(() => {
      useToastStore.getState().show({ title: 'Saved', text: 'All good', type: 'success' });
      useToastStore.getState().show({ text: 'Longer', duration: 7000 });
    });
    expect((container.querySelector('.toasts') as HTMLElement).style.width).toBe('300px');
    expect(screen.getByText('All good')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('All good')).toBeNull();
    expect(screen.getByText('Longer')).toBeTruthy();
    fireEvent.click(screen.getByText('Longer'));
    expect(screen.queryByText('Longer')).toBeNull();
  });
});
