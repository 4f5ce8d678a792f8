import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Preloaded, preloadable } from './preloadable';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = () => <p>Hello Zoey</p>;

describe('preloadable', () => {
  it('draws a preloaded component in the first render, with its props', async () => {
    const piece = preloadable(async () => Greeting);
    await piece.preload();
    render(<Preloaded piece={piece} />);
    // No await: present in the very first commit.
    expect(screen.getByText('Hello Zoey')).toBeTruthy();
  });

  it('loads on first use when not preloaded, drawing nothing meanwhile', async () => {
    const code = deferred<typeof Greeting>();
    let loads = 0;
    const piece = preloadable(() => {
      loads++;
      return code.promise;
    });
    render(
      <>
        <Preloaded piece={piece} />
        <span>beside</span>
      </>,
    );
    expect(screen.queryByText('Hello Zoey')).toBeNull();
    expect(screen.getByText('beside')).toBeTruthy();
    await act(async () => code.resolve(Greeting));
    expect(await screen.findByText('Hello Zoey')).toBeTruthy();
    // A later preload reuses the same load.
    await piece.preload();
    expect(loads).toBe(1);
  });

  it('draws nothing when its code fails to load, and the rest stays', async () => {
    const piece = preloadable(() => Promise.reject(new Error('chunk 404')));
    render(
      <>
        <Preloaded piece={piece} />
        <span>rest of the page</span>
      </>,
    );
    await act(async () => {
      await piece.preload().catch(() => undefined);
    });
    expect(screen.queryByText(/Hello/)).toBeNull();
    expect(screen.getByText('rest of the page')).toBeTruthy();
  });

  it('tries the load again after a failed preload', async () => {
    let attempt = 0;
    const piece = preloadable(async () => {
      attempt++;
      if (attempt === 1) throw new Error('network');
      return Greeting;
    });
    await expect(piece.preload()).rejects.toThrow('network');
    await piece.preload();
    render(<Preloaded piece={piece} />);
    expect(screen.getByText('Hello Zoey')).toBeTruthy();
    expect(attempt).toBe(2);
  });
});
