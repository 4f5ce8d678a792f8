import { birthdaySchema, DAYS_IN_MONTH } from '@outpost/contracts';
import { getHost, useSessionStore } from '@outpost/host';
import { type FormEvent, useId, useState } from 'react';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * The member's birthday (month and day, never the year), so the SPEC's birthday popup can
 * show on the day. Saved with PUT /api/auth/profile/birthday; the session follows.
 */
export function BirthdayForm() {
  const profile = useSessionStore((state) => state.session?.profile);
  const [month, setMonth] = useState(String(profile?.birthMonth ?? ''));
  const [day, setDay] = useState(String(profile?.birthDate ?? ''));
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  const id = useId();
  const days = month ? (DAYS_IN_MONTH[Number(month) - 1] ?? 31) : 31;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = { birthMonth: month ? Number(month) : null, birthDate: day ? Number(day) : null };
    const checked = birthdaySchema.safeParse(body);
    if (!checked.success) {
      setState({ kind: 'failed', message: checked.error.issues[0]?.message ?? 'Not a date' });
      return;
    }
    setState({ kind: 'saving' });
    const response = await getHost().apiFetch('/api/auth/profile/birthday', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checked.data),
    });
    if (!response?.ok) {
      // The host's helper has already shown the server's reason.
      setState({ kind: 'failed', message: 'Your birthday was not saved' });
      return;
    }
    const current = useSessionStore.getState().session;
    if (current)
      useSessionStore.getState().setSession({ ...current, profile: { ...current.profile, ...checked.data } });
    setState({ kind: 'saved' });
  };

  return (
    <form className="birthday-form" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Birthday</h3>
      <div className="birthday-fields">
        <label>
          Month{' '}
          <select
            className="input"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setState({ kind: 'idle' });
            }}
          >
            <option value="">Not set</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Day{' '}
          <select
            className="input"
            value={day}
            aria-invalid={state.kind === 'failed'}
            aria-describedby={state.kind === 'failed' ? `${id}-error` : undefined}
            onChange={(event) => {
              setDay(event.target.value);
              setState({ kind: 'idle' });
            }}
          >
            <option value="">Not set</option>
            {DAYS.slice(0, days).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button is-small" disabled={state.kind === 'saving'}>
          Save
        </button>
      </div>
      {state.kind === 'failed' && (
        <p id={`${id}-error`} className="error-text" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'saved' && (
        <p className="muted" role="status">
          Saved
        </p>
      )}
    </form>
  );
}
