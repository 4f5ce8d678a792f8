import { useT } from '@outpost/host';
import { useEffect, useRef, useState } from 'react';
import type { PollSchedule } from './polling';

/** SPEC 2 and 9: the overview countdown's length by default. */
export const OVERVIEW_COUNTDOWN_DEFAULT_S = 60;

/** Whole seconds left in a cycle of `cycleS` seconds that started at `startedAt`. */
export function secondsLeft(startedAt: number, now: number, cycleS: number): number {
  return Math.max(0, cycleS - Math.floor((now - startedAt) / 1000));
}

interface Props {
  schedule: PollSchedule | null;
  /** The cycle ran out: refresh the list now (the cycle then starts again). */
  onElapsed(): void;
  seconds?: number;
}

/**
 * The visible countdown (SPEC: 60 s by default). The list is also polled more often in the
 * background (every 15 s, SPEC 9), so what is shown stays current; the countdown is the
 * promise that the whole list is refreshed at least this often, and it is kept when it
 * runs out. It pauses with the poll while the page is hidden.
 */
export function OverviewCountdown({ schedule, onElapsed, seconds = OVERVIEW_COUNTDOWN_DEFAULT_S }: Props) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const startedAt = useRef(now);
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;
  const paused = schedule?.state === 'paused';
  const started = schedule !== null;

  useEffect(() => {
    if (paused || !started) return;
    // A new cycle each time the page becomes visible (the poll refreshes at once then).
    startedAt.current = Date.now();
    setNow(startedAt.current);
    const timer = setInterval(() => {
      const at = Date.now();
      if (secondsLeft(startedAt.current, at, seconds) <= 0) {
        startedAt.current = at;
        elapsed.current();
      }
      setNow(at);
    }, 1000);
    return () => clearInterval(timer);
  }, [paused, started, seconds]);

  const left = started && !paused ? secondsLeft(startedAt.current, now, seconds) : 0;
  const text = !started
    ? t('servers-overview.refresh.now')
    : paused
      ? t('servers-overview.refresh.paused')
      : t('servers-overview.refresh.in', { left });
  return (
    <div className="overview-countdown muted" role="timer" aria-live="off">
      <progress max={seconds} value={seconds - left} aria-hidden="true" /> <span>{text}</span>
    </div>
  );
}
