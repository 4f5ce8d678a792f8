import { type LoginSession, sessionsResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { DateTime } from '@outpost/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { sessionLocation } from './session-location';

const FACTOR_NAMES = { totp: 'authenticator app', recovery: 'recovery code', passkey: 'passkey' } as const;

/** Issue 31: how a session proved itself: its sign-in, and its last second factor. */
function provedWith(session: LoginSession): ReactNode {
  const signIn = session.signInMethod.charAt(0).toUpperCase() + session.signInMethod.slice(1);
  if (!session.secondFactor) return signIn;
  return (
    <>
      {`${signIn} + ${FACTOR_NAMES[session.secondFactor.method]} (`}
      <DateTime value={session.secondFactor.at} display="both" />)
    </>
  );
}

/** SPEC 2 Sessions tab: every login session of this user; the others can be revoked. */
export function SessionsTab() {
  const host = useHost();
  const [data, setData] = useState<{ currentSessionId: string; sessions: LoginSession[] } | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    const response = await host.apiFetch('/api/auth/sessions');
    if (response?.ok) {
      const parsed = sessionsResponseSchema.safeParse(await response.json());
      if (parsed.success) setData(parsed.data);
    }
    setLoading(false);
  }, [host]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const revoke = async (id: string) => {
    const response = await host.apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      quiet: true,
    });
    if (response?.status === 204) {
      setData((current) => current && { ...current, sessions: current.sessions.filter((s) => s.id !== id) });
      return;
    }
    const body = response ? ((await response.json().catch(() => null)) as { message?: unknown } | null) : null;
    const message =
      typeof body?.message === 'string'
        ? body.message
        : response
          ? `${response.status} ${response.statusText}`
          : 'The server could not be reached';
    host.notify({ level: 'error', title: 'Revoking Session', message });
  };

  return (
    <div className="sessions-tab">
      <button type="button" className="button is-small" onClick={() => void refresh()} disabled={loading}>
        Refresh
      </button>
      {!data ? (
        <p className="loading">{loading ? 'Loading sessions…' : 'Sessions could not be loaded.'}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>ID</th>
              <th>Location</th>
              <th>Created</th>
              <th>Last Active</th>
              <th>Proved With</th>
              <th>
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((session) => (
              <tr key={session.id}>
                <td>
                  <code title={session.id}>{session.id.slice(0, 4)}</code>
                </td>
                <td>
                  {sessionLocation(session.ip, session.countryCode)} <span className="muted">{session.ip}</span>
                </td>
                <td>
                  <DateTime value={session.loginTime} display="both" />
                </td>
                <td>
                  <DateTime value={session.lastActive} display="both" />
                </td>
                <td>{provedWith(session)}</td>
                <td>
                  {session.id === data.currentSessionId ? (
                    <span className="tag is-success">Current Session</span>
                  ) : (
                    <button type="button" className="button is-danger is-small" onClick={() => void revoke(session.id)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
