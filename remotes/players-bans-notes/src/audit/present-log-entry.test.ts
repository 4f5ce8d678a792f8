import type { LogEntry } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { presentLogEntry } from './present-log-entry';

const STEAM = '76561197960287930';

function entry(overrides: Partial<LogEntry>): LogEntry {
  return {
    id: 1,
    timestamp: 1_700_000_000,
    client: STEAM,
    clientName: 'Rabbit',
    target: null,
    targetName: null,
    type: 'ACTION',
    message: 'kicked someone',
    serverId: null,
    redacted: false,
    ...overrides,
  };
}

describe('presentLogEntry', () => {
  it('shows an ACTION that triggered the admin say command as CHAT tagged admin chat, with the said text', () => {
    const shown = presentLogEntry(entry({ message: 'triggered "sm_chat" (text "anyone seen the cheater?")' }));
    expect(shown.kind).toBe('chat');
    expect(shown.tag).toBe('Message was sent in admin chat');
    expect(shown.text).toBe('anyone seen the cheater?');
  });

  it('shows other CHAT messages as tagged text', () => {
    const shown = presentLogEntry(entry({ type: 'CHAT', message: 'gg' }));
    expect(shown).toMatchObject({ kind: 'chat', tag: 'CHAT', text: 'gg' });
  });

  it('leaves a plain ACTION untagged', () => {
    expect(presentLogEntry(entry({ message: 'banned Fox (cheating)' }))).toMatchObject({
      kind: 'action',
      tag: null,
      text: 'banned Fox (cheating)',
    });
  });

  it("marks '[redacted]' entries, whatever their type", () => {
    expect(presentLogEntry(entry({ type: 'CHAT', message: '[redacted]' })).kind).toBe('redacted');
    expect(presentLogEntry(entry({ redacted: true, message: '[redacted]' })).text).toBe('[redacted]');
  });

  it('falls back to the id when there is no name; Steam ids link as SteamID64, user ids as they are', () => {
    const shown = presentLogEntry(entry({ clientName: null, target: 'STEAM_0:1:5', targetName: '' }));
    expect(shown.client).toEqual({ id: STEAM, name: STEAM, playerId: STEAM });
    expect(shown.target).toEqual({ id: 'STEAM_0:1:5', name: 'STEAM_0:1:5', playerId: '76561197960265739' });
    const staff = presentLogEntry(entry({ client: 'u_42', clientName: 'Web Admin' }));
    expect(staff.client).toEqual({ id: 'u_42', name: 'Web Admin', playerId: 'u_42' });
    expect(presentLogEntry(entry({ client: null, clientName: null })).client).toBeNull();
  });

  it('offers stats only when the API says so and the client is a player', () => {
    expect(presentLogEntry(entry({ hasStats: true })).hasStats).toBe(true);
    expect(presentLogEntry(entry({})).hasStats).toBe(false);
    expect(presentLogEntry(entry({ client: null, clientName: 'Console', hasStats: true })).hasStats).toBe(false);
  });
});
