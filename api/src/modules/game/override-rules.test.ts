import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/principal';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { type CommandOverride, overrideChangeRefusal } from './override-rules';

// Issue 31 item 6: an override may only be set, changed or removed to flags the editor
// holds, and an override that opens a command to everyone (no flags) needs `z`.
const holder = (flags: string): Principal => ({
  userId: 'u',
  sessionId: null,
  via: 'session',
  permissions: { codes: ['users.edit-privileges'], flags, immunityLevel: 10 },
});
const cmd = (name: string, flags: string): CommandOverride => ({ type: 'command', name, flags });
const group = (name: string, flags: string): CommandOverride => ({ type: 'group', name, flags });

describe('overrideChangeRefusal', () => {
  const stored = [cmd('sm_rcon', 'z'), cmd('sm_kick', 'c'), group('mapvote', 'g')];
  it.each<[string, string, CommandOverride[]]>([
    ['a new command override with no flags', 'bc', [...stored, cmd('sm_slay', '')]],
    ['a new group override with no flags', 'bcg', [...stored, group('funcommands', '')]],
    ['lowering a z override to no flags', 'bcg', [cmd('sm_rcon', ''), cmd('sm_kick', 'c'), group('mapvote', 'g')]],
    ['lowering a z override to a held flag', 'bcg', [cmd('sm_rcon', 'b'), cmd('sm_kick', 'c'), group('mapvote', 'g')]],
    ['removing an override needing a flag not held', 'bcg', [cmd('sm_kick', 'c'), group('mapvote', 'g')]],
    ['removing everything', 'bcg', []],
    ['setting a flag not held', 'bcg', [...stored, cmd('sm_ban', 'd')]],
    ['raising to a flag not held', 'bg', [cmd('sm_rcon', 'z'), cmd('sm_kick', 'cd'), group('mapvote', 'g')]],
    [
      'changing a group override the editor lacks',
      'bc',
      [cmd('sm_rcon', 'z'), cmd('sm_kick', 'c'), group('mapvote', 'b')],
    ],
    ['a later duplicate lowering an entry', 'bcg', [...stored, cmd('sm_rcon', '')]],
    ['a flagless editor adding a flagless override', '', [...stored, cmd('sm_slay', '')]],
  ])('refuses %s', (_what, flags, after) => {
    expect(overrideChangeRefusal(holder(flags), stored, after)).toEqual(expect.any(String));
  });
  it.each<[string, string, CommandOverride[]]>([
    ['the same list', '', stored],
    [
      'the same flags in another order or repeated',
      '',
      [cmd('sm_rcon', 'z'), cmd('sm_kick', 'cc'), group('mapvote', 'g')],
    ],
    ['a new override to a held flag', 'b', [...stored, cmd('sm_slay', 'b')]],
    ['closing a public override', 'b', [cmd('sm_help', 'b')]],
    ['root opening a command to everyone', 'z', [...stored, cmd('sm_slay', '')]],
    ['root removing everything', 'z', []],
  ])('allows %s', (_what, flags, after) => {
    const before = _what === 'closing a public override' ? [cmd('sm_help', '')] : stored;
    expect(overrideChangeRefusal(holder(flags), before, after)).toBeNull();
  });
});

describe.each(testDatabases())('PUT /api/game-overrides on $name', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let editor: SignedIn;
  let flagless: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signInAs(t, { codes: ['users.*'], flags: 'z', immunity: 99 });
    editor = await signInAs(t, { codes: ['users.edit-privileges', 'users.view-admin'], flags: 'bc', immunity: 10 });
    flagless = await signInAs(t, { codes: ['users.edit-privileges', 'users.view-admin'], flags: '', immunity: 10 });
  });
  afterAll(async () => t?.close());
  const put = (who: SignedIn, overrides: CommandOverride[]) =>
    t.app.inject({ method: 'PUT', url: '/api/game-overrides', headers: who.headers, payload: { overrides } });
  const stored = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/game-overrides', headers: root.headers })).json();

  it('refuses every lowering shape with 403 {error, message} and keeps the list', async () => {
    const start = [cmd('sm_rcon', 'z'), cmd('sm_kick', 'c'), group('mapvote', 'b')];
    expect((await put(root, start)).statusCode).toBe(200);
    const before = await stored();
    const attempts: Array<[SignedIn, CommandOverride[]]> = [
      [editor, [...start, cmd('sm_slay', '')]],
      [editor, [...start, group('funcommands', '')]],
      [editor, [cmd('sm_rcon', ''), cmd('sm_kick', 'c'), group('mapvote', 'b')]],
      [editor, [cmd('sm_rcon', 'b'), cmd('sm_kick', 'c'), group('mapvote', 'b')]],
      [editor, [cmd('sm_kick', 'c'), group('mapvote', 'b')]],
      [editor, []],
      [editor, [...start, cmd('sm_ban', 'd')]],
      [editor, [...start, cmd('sm_rcon', '')]],
      [flagless, [...start, cmd('sm_slay', '')]],
      [flagless, [cmd('sm_rcon', 'z'), cmd('sm_kick', ''), group('mapvote', 'b')]],
      [flagless, [cmd('sm_rcon', 'z'), cmd('sm_kick', 'c')]],
    ];
    for (const [who, overrides] of attempts) {
      const response = await put(who, overrides);
      expect([JSON.stringify(overrides), response.statusCode]).toEqual([JSON.stringify(overrides), 403]);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
    }
    expect(await stored()).toEqual(before);
  });

  it('allows changes within the editor’s flags, and root to open a command', async () => {
    expect((await put(root, [cmd('sm_rcon', 'z')])).statusCode).toBe(200);
    expect((await put(editor, [cmd('sm_rcon', 'z'), cmd('sm_kick', 'cc')])).statusCode).toBe(200);
    expect((await put(editor, [cmd('sm_rcon', 'z'), cmd('sm_kick', 'b')])).statusCode).toBe(200);
    expect((await put(flagless, [cmd('sm_rcon', 'z'), cmd('sm_kick', 'b')])).statusCode).toBe(200);
    expect((await put(root, [cmd('sm_rcon', 'z'), cmd('sm_help', '')])).statusCode).toBe(200);
    expect((await stored()).overrides).toEqual([cmd('sm_help', ''), cmd('sm_rcon', 'z')]);
  });
});
