import { describe, expect, it } from 'vitest';
import { cliIo } from '../test-support/cli-io';
import { createSimpleAdminDatabase } from '../test-support/simpleadmin-fixture';
import { createSourceBansDatabase } from '../test-support/sourcebans-fixture';
import { testDatabases } from '../test-support/test-databases';
import { runCli } from './outpost-cli';

// `pnpm outpost import sourcebans`: arguments, refusals, and a real run's summary.

const io = cliIo;

describe('pnpm outpost import sourcebans', () => {
  it('refuses unknown commands, missing --from and unknown options with the usage', async () => {
    for (const argv of [
      [],
      ['import'],
      ['import', 'gbans'],
      ['import', 'sourcebans'],
      ['import', 'sourcebans', '--bogus'],
    ]) {
      const run = io();
      expect(await runCli(argv, run.io)).toBe(2);
      expect(run.err()).toContain('usage: pnpm outpost import sourcebans');
    }
  });

  it('refuses a prefix that is not a plain identifier and URLs that are not mysql://', async () => {
    for (const [from, prefix, message] of [
      ['mysql://root@127.0.0.1/x', 'sb_; DROP TABLE x', '--prefix must be'],
      ['mysql://root@127.0.0.1/x', 'sb`', '--prefix must be'],
      ['postgres://root@127.0.0.1/x', 'sb_', 'mysql://'],
      ['not a url', 'sb_', 'mysql://'],
      ['mysql://root@127.0.0.1/', 'sb_', 'name the database'],
    ] as const) {
      const run = io();
      expect(await runCli(['import', 'sourcebans', '--from', from, '--prefix', prefix], run.io)).toBe(2);
      expect(run.err()).toContain(message);
    }
  });

  it('says an unreachable server without printing its password', async () => {
    const run = io();
    // 35180: a port of this project's range nothing listens on.
    const code = await runCli(['import', 'sourcebans', '--from', 'mysql://admin:topsecret@127.0.0.1:35180/sb'], run.io);
    expect(code).toBe(2);
    expect(run.err()).toContain('cannot connect to mysql://admin:***@127.0.0.1:35180/sb');
    expect(run.err()).not.toContain('topsecret');
  });

  it('imports into DATABASE_URL and prints the summary; the second run has nothing new', async () => {
    const sb = await createSourceBansDatabase();
    const outpost = await testDatabases()[0]!.create();
    try {
      await sb.insert('bans', [
        { bid: 1, authid: 'STEAM_0:1:7', name: 'p', created: 1, ends: 0, length: 0, reason: 'r', aid: 0, sid: 0 },
        { bid: 2, authid: 'garbage', name: 'q', created: 1, ends: 0, length: 0, reason: 'r', aid: 0, sid: 0 },
      ]);
      const first = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'sourcebans', '--from', sb.url], first.io)).toBe(0);
      expect(first.out()).toMatch(/\| bans\s+\|\s+1 \|\s+1 \| skipped, malformed Steam id: 1/);
      const second = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'sourcebans', '--from', sb.url], second.io)).toBe(0);
      expect(second.out()).toContain('Nothing new to import.');
    } finally {
      await outpost.drop();
      await sb.drop();
    }
  });

  it('imports a CS2-SimpleAdmin database the same way (import simpleadmin, prefix sa_)', async () => {
    const sa = await createSimpleAdminDatabase();
    const outpost = await testDatabases()[0]!.create();
    try {
      await sa.insert('bans', [
        {
          id: 1,
          player_steamid: '76561197960265735',
          admin_steamid: 'Console',
          admin_name: 'Console',
          reason: 'r',
          duration: 0,
        },
      ]);
      const first = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'simpleadmin', '--from', sa.url], first.io)).toBe(0);
      expect(first.out()).toContain('CS2-SimpleAdmin import from');
      expect(first.out()).toMatch(/\| bans\s+\|\s+1 \|\s+0 \|/);
      const second = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'simpleadmin', '--from', sa.url], second.io)).toBe(0);
      expect(second.out()).toContain('Nothing new to import.');
      const usage = io();
      expect(await runCli(['import', 'simpleadmin'], usage.io)).toBe(2);
      expect(usage.err()).toContain('pnpm outpost import simpleadmin --from mysql://');
      // CS2-SimpleAdmin's MultiServerMode as the source ran it: on or off, for simpleadmin only.
      const off = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'simpleadmin', '--from', sa.url, '--multi-server-mode', 'off'], off.io)).toBe(0);
      for (const args of [
        ['import', 'simpleadmin', '--from', sa.url, '--multi-server-mode', 'maybe'],
        ['import', 'simpleadmin', '--from', sa.url, '--multi-server-mode', ''],
        ['import', 'simpleadmin', '--from', sa.url, '--multi-server-mode', 'OFF'],
        ['import', 'simpleadmin', '--from', sa.url, '--multi-server-mode'],
        ['import', 'sourcebans', '--from', sa.url, '--multi-server-mode', 'off'],
        ['import', 'amxbans', '--from', sa.url, '--multi-server-mode', 'on'],
      ]) {
        const refused = io({ DATABASE_URL: outpost.url });
        expect({ args, code: await runCli(args, refused.io) }).toEqual({ args, code: 2 });
        expect(refused.err()).toMatch(/multi-server-mode/);
      }
    } finally {
      await outpost.drop();
      await sa.drop();
    }
  });
});
