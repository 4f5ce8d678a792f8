import type { Notification } from '@outpost/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSession, SESSION_STORAGE_KEY } from './session';
import { readStoredSession, useSessionStore } from './session-store';

const data = {
  user: { id: 'u1', name: 'Zoey', steamid: '76561198000000001', avatarhash: 'a'.repeat(40) },
  permissions: { codes: ['servers.*', 'bans.create'], flags: 'b', immunityLevel: 10, base: null },
  impersonatingId: null,
};
const note = (id: string): Notification => ({ id, timestamp: 1, level: 1, message: `note ${id}` });

beforeEach(() => {
  sessionStorage.clear();
  useSessionStore.getState().setSession(null);
});

describe('createSession', () => {
  it('derives id, name, avatarUrl and hasPermission (glob) and fills the defaults', () => {
    const session = createSession(data);
    expect(session.id).toBe('u1');
    expect(session.name).toBe('Zoey');
    expect(session.avatarUrl).toBe(`https://avatars.steamstatic.com/${'a'.repeat(40)}_full.jpg`);
    expect(session.hasPermission('servers.action.restart')).toBe(true);
    expect(session.hasPermission('bans.create')).toBe(true);
    expect(session.hasPermission('bans.edit')).toBe(false);
    expect(session.notifications).toEqual([]);
    expect(session.providers).toEqual({});
    expect(session.openDiscussions).toBe(0);
  });

  it("passes every permission for the superuser flag 'z', as the API does", () => {
    const root = createSession({ ...data, permissions: { ...data.permissions, codes: [], flags: 'z' } });
    expect(root.hasPermission('panel.view')).toBe(true);
    expect(root.hasPermission('users.impersonate')).toBe(true);
    expect(createSession({ ...data, permissions: { ...data.permissions, codes: [] } }).hasPermission('x')).toBe(false);
  });

  it('has no avatar without a hash and falls back to the steamid as id', () => {
    const session = createSession({ ...data, user: { name: 'X', steamid: '7656', avatarhash: null } });
    expect(session.avatarUrl).toBeNull();
    expect(session.id).toBe('7656');
  });

  it("refuses a session without permissions: 'Session is empty or invalid'", () => {
    expect(() => createSession(null)).toThrow('Session is empty or invalid');
    expect(() => createSession({ ...data, permissions: undefined } as never)).toThrow('Session is empty or invalid');
    expect(() => useSessionStore.getState().setSession({ user: data.user } as never)).toThrow(
      'Session is empty or invalid',
    );
  });
});

describe('useSessionStore', () => {
  it('mirrors the session in sessionStorage under the server-console user-data key', () => {
    useSessionStore.getState().setSession(data);
    const stored = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    expect(stored.user.name).toBe('Zoey');
    expect(readStoredSession()?.hasPermission('servers.view')).toBe(true);
    useSessionStore.getState().setSession(null);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('answers hasPermission false when signed out', () => {
    expect(useSessionStore.getState().hasPermission('servers.view')).toBe(false);
    useSessionStore.getState().setSession(data);
    expect(useSessionStore.getState().hasPermission('servers.view')).toBe(true);
  });

  it('appends new notifications once, clears them and re-saves the session each time', () => {
    const store = useSessionStore.getState();
    store.setSession({ ...data, notifications: [note('1')] });
    store.appendNotifications([note('1'), note('2')]);
    expect(useSessionStore.getState().session?.notifications.map((n) => n.id)).toEqual(['1', '2']);
    expect(readStoredSession()?.notifications).toHaveLength(2);
    store.clearNotifications();
    expect(useSessionStore.getState().session?.notifications).toEqual([]);
    expect(readStoredSession()?.notifications).toEqual([]);
  });

  it('replaces providers and re-saves the session', () => {
    const store = useSessionStore.getState();
    store.setSession(data);
    const discord = { id: 'discord', name: 'Discord', enabled: true, expired: false, data: null };
    store.setProviders({ discord });
    expect(readStoredSession()?.providers).toEqual({ discord });
  });
});
