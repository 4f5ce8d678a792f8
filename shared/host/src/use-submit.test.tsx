import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Failure } from './failure';
import { type SubmitResult, useSubmit } from './use-submit';

const failure: Failure = {
  code: 'VALIDATION',
  message: 'Reason is required',
  status: 400,
  statusText: 'Bad Request',
  body: null,
  text: '',
};

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useSubmit', () => {
  it('is busy while the action runs, sends once on a double submit, and calls onDone with the answer', async () => {
    const answer = deferred<SubmitResult<{ id: number }>>();
    const action = vi.fn((_body: { reason: string }) => answer.promise);
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmit(action, { onDone }));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.submit({ reason: 'spam' });
      void result.current.submit({ reason: 'spam' });
    });
    expect(result.current.busy).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer.resolve({ ok: true, data: { id: 7 } });
      await first;
    });
    expect(result.current.busy).toBe(false);
    expect(onDone).toHaveBeenCalledWith({ id: 7 });
    expect(result.current.failure).toBeNull();
  });

  it('keeps the failure for an inline message until the next submit or reset()', async () => {
    const action = vi.fn(async () => ({ ok: false, failure }) as SubmitResult<true>);
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmit(action, { onDone }));
    await act(() => result.current.submit());
    expect(result.current.failure?.message).toBe('Reason is required');
    expect(onDone).not.toHaveBeenCalled();
    act(() => result.current.reset());
    expect(result.current.failure).toBeNull();
  });

  it('leaves state alone when the form is gone before the answer', async () => {
    const answer = deferred<SubmitResult<true>>();
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => useSubmit(() => answer.promise, { onDone }));
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.submit();
    });
    unmount();
    answer.resolve({ ok: true, data: true });
    await sent;
    expect(onDone).not.toHaveBeenCalled();
  });
});
