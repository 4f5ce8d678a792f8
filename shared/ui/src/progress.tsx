import { useId } from 'react';
import { formatCount } from './format-bytes';

/**
 * ProgressBar {label, value, max, tone}: how far a long task is (an import, an upload), as a
 * native <progress> named by its label, with "value of max (n%)" beside it. `max` 0 or less:
 * not known yet, drawn as an indeterminate bar. tone 'success' / 'danger' for a task that
 * finished or failed.
 */
export function ProgressBar({
  label,
  value,
  max,
  tone = 'accent',
}: {
  label: string;
  value: number;
  max: number;
  tone?: 'accent' | 'success' | 'danger';
}) {
  const id = useId();
  const known = max > 0;
  const shown = Math.max(0, Math.min(value, max));
  const percent = known ? Math.floor((shown / max) * 100) : 0;
  const text = known ? `${formatCount(shown)} of ${formatCount(max)} (${percent}%)` : 'starting…';
  return (
    <div className={`kit-progress is-${tone}`}>
      <div className="kit-progress-head">
        <span id={id}>{label}</span>
        <span className="kit-progress-value">{text}</span>
      </div>
      <progress
        aria-labelledby={id}
        aria-valuetext={text}
        value={known ? shown : undefined}
        max={known ? max : undefined}
      />
    </div>
  );
}
