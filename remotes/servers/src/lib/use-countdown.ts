import { useEffect, useState } from 'react';

/** Seconds left of a countdown that starts again whenever `key` changes; 0 when done. */
export function useCountdown(seconds: number, key: unknown, running = true): number {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the countdown on purpose
  useEffect(() => {
    setLeft(seconds);
    if (!running) return;
    const timer = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) clearInterval(timer);
        return Math.max(0, value - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, key, running]);
  return left;
}
