import { birthdaySchema, DAYS_IN_MONTH } from '@outpost/contracts';
import { getHost, useLocale, useSessionStore } from '@outpost/host';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useT } from '../i18n/catalogs';

/** The months' names in the locale (standalone, as a list's entries: "January", "Januar", "январь"). */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2000, index, 1)));
}

// The schema's reasons (English, from @outpost/contracts), as the reader's messages.
const REASONS: Record<string, string> = {
  'Give both the month and the day, or neither': 'shell.account.birthday.bothOrNeither',
  'That month has fewer days': 'shell.account.birthday.fewerDays',
};

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
  const t = useT();
  const locale = useLocale();
  const months = useMemo(() => monthNames(locale), [locale]);
  const days = month ? (DAYS_IN_MONTH[Number(month) - 1] ?? 31) : 31;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = { birthMonth: month ? Number(month) : null, birthDate: day ? Number(day) : null };
    const checked = birthdaySchema.safeParse(body);
    if (!checked.success) {
      setState({
        kind: 'failed',
        message: t(REASONS[checked.error.issues[0]?.message ?? ''] ?? 'shell.account.birthday.notADate'),
      });
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
      setState({ kind: 'failed', message: t('shell.account.birthday.notSaved') });
      return;
    }
    const current = useSessionStore.getState().session;
    if (current)
      useSessionStore.getState().setSession({ ...current, profile: { ...current.profile, ...checked.data } });
    setState({ kind: 'saved' });
  };

  return (
    <form className="birthday-form" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('shell.account.birthday.title')}</h3>
      <div className="birthday-fields">
        <label>
          {t('shell.account.birthday.month')}{' '}
          <select
            className="input"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              setState({ kind: 'idle' });
            }}
          >
            <option value="">{t('shell.account.birthday.notSet')}</option>
            {months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('shell.account.birthday.day')}{' '}
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
            <option value="">{t('shell.account.birthday.notSet')}</option>
            {DAYS.slice(0, days).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button is-small" disabled={state.kind === 'saving'}>
          {t('shell.account.birthday.save')}
        </button>
      </div>
      {state.kind === 'failed' && (
        <p id={`${id}-error`} className="error-text" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'saved' && (
        <p className="muted" role="status">
          {t('shell.account.birthday.saved')}
        </p>
      )}
    </form>
  );
}
