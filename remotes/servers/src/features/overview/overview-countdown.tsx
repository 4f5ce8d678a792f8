import { useEffect, useState } from 'react';
import type { PollSchedule } from './polling';

/** SPEC 9: the overview countdown's length when no refresh is scheduled yet. */
export const OVERVIEW_COUNTDOWN_DEFAULT_S = 60;

export function secondsLeft(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Shows when the server list refreshes next (or that it is paused or loading). */
export function OverviewCountdown({ schedule }: { schedule: PollSchedule | null }) {
  const [now, setNow] = useState(() => Date.now());
  const waiting = schedule?.state === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  let text: string;
  let left = 0;
  let total = OVERVIEW_COUNTDOWN_DEFAULT_S;
  if (!schedule || schedule.state === 'loading') text = 'Refreshing…';
  else if (schedule.state === 'paused') text = 'Refresh paused while this page is hidden';
  else {
    left = secondsLeft(schedule.at, now);
    total = Math.max(1, Math.round(schedule.delayMs / 1000));
    text = `Refreshing in ${left} s`;
  }
  return (
    <div className="overview-countdown muted" role="timer" aria-live="off">
      <progress max={total} value={total - left} aria-hidden="true" /> <span>{text}</span>
    </div>
  );
}
