import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { startDemoFleet } from '../demo/demo-fleet';
import { simulatedPopulation } from '../demo/population';
import { seedDemo } from '../demo/seed';
import { metaService } from '../modules/meta';
import { playersBansNotesService } from '../modules/players-bans-notes';
import { cliIo } from '../test-support/cli-io';
import { testDatabases } from '../test-support/test-databases';
import { runCli } from './outpost-cli';

// Issue 24 item 4: backup while running, restore into an empty database, export and import,
// proven by byte-equal exports; on every test database.

const io = cliIo;

describe.each(testDatabases())('pnpm outpost backup, restore, export and import on $name', (kind) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-backup-test-'));
  const drops: Array<() => Promise<void>> = [];
  let sourceEnv: Record<string, string>;
  const newDatabase = async () => {
    const created = await kind.create();
    drops.push(created.drop);
    return created.url;
  };
  const run = async (argv: string[], env: Record<string, string>) => {
    const session = io(env);
    const code = await runCli(argv, session.io);
    return { code, out: session.out(), err: session.err() };
  };

  beforeAll(async () => {
    const url = await newDatabase();
    const storage = path.join(work, 'files');
    fs.mkdirSync(path.join(storage, 'shares/ab'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'shares/ab/addon.vpk'), 'addon bytes');
    sourceEnv = { DATABASE_URL: url, STORAGE_DIR: storage };
    // The demo's seed: users, roles, owner, servers (with RCON passwords), bans, comm blocks,
    // notes, players, an appeal, reports, a discussion, an event, settings.
    const database = openDatabase(url);
    const fleet = await startDemoFleet('127.0.0.1');
    try {
      await migrateToLatest(database.db);
      const seeded = await seedDemo(database.db, fleet, simulatedPopulation());
      const { owner } = seeded.accounts;
      await playersBansNotesService.recordSignIn(database.db, {
        id: owner.userId,
        steamid: owner.steamId,
        name: owner.name,
      });
      await metaService.writeSetting(database.db, 'secrets.steamApiKey', 'SECRET-STEAM-KEY-1234');
    } finally {
      await fleet.close();
      await database.close();
    }
  }, 60_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('exports every community table in a fixed layout, without secrets', async () => {
    const file = path.join(work, 'a.json');
    const result = await run(['export', '--to', file], sourceEnv);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/^Exported \d+ rows of \d+ tables to /);
    const text = fs.readFileSync(file, 'utf8');
    const data = JSON.parse(text);
    expect(data.format).toBe('outpost-export');
    for (const table of ['bans', 'notes', 'players', 'roles', 'users', 'user_roles', 'ban_appeals', 'player_reports']) {
      expect([table, data.tables[table]?.length > 0]).toEqual([table, true]);
    }
    expect(data.tables.settings.some((row: { key: string }) => row.key === 'owner')).toBe(true);
    for (const secret of ['SECRET-STEAM-KEY-1234', 'secrets.', 'token_hash']) expect(text).not.toContain(secret);
    expect(data.tables.sessions).toBeUndefined();
    expect(data.tables.servers.every((row: { rcon_password: string | null }) => row.rcon_password === '')).toBe(true);
  });

  it('backs up while running, records it, and restores into an empty database with equal exports', async () => {
    const before = path.join(work, 'before.json');
    expect((await run(['export', '--to', before], sourceEnv)).code).toBe(0);
    const backups = path.join(work, 'backups');
    const backup = await run(['backup', '--to', backups], sourceEnv);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    const folder = /Backup written to (\S+)/.exec(backup.out)?.[1] as string;
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest.database.kind).toBe(kind.name === 'sqlite' ? 'sqlite' : 'pg_dump');
    expect(manifest.files).toMatchObject({ copied: 1 });
    const source = openDatabase(sourceEnv.DATABASE_URL as string);
    try {
      const last = await metaService.lastBackup.read(source.db);
      expect(last).toMatchObject({ folder, kind: manifest.database.kind });
    } finally {
      await source.close();
    }

    const targetEnv = { DATABASE_URL: await newDatabase(), STORAGE_DIR: path.join(work, 'restored-files') };
    const restored = await run(['restore', folder], targetEnv);
    expect(restored.err).toBe('');
    expect(restored.out).toContain('1 addon file(s)');
    expect(fs.readFileSync(path.join(targetEnv.STORAGE_DIR, 'shares/ab/addon.vpk'), 'utf8')).toBe('addon bytes');
    const after = path.join(work, 'after.json');
    expect((await run(['export', '--to', after], targetEnv)).code).toBe(0);
    expect(fs.readFileSync(after).equals(fs.readFileSync(before))).toBe(true);
    // A native snapshot keeps the secrets the export leaves out.
    const restoredDb = openDatabase(targetEnv.DATABASE_URL);
    try {
      expect(await metaService.readSetting(restoredDb.db, 'secrets.steamApiKey', null)).toBe('SECRET-STEAM-KEY-1234');
    } finally {
      await restoredDb.close();
    }

    // Never over data: the same restore again is refused.
    const again = await run(['restore', folder], { ...targetEnv, STORAGE_DIR: path.join(work, 'elsewhere') });
    expect(again.code).toBe(2);
    expect(again.err).toContain('not empty');
  });

  it('imports an export into an empty database with an equal export, and refuses a non-empty one', async () => {
    const exported = path.join(work, 'a.json');
    const targetEnv = { DATABASE_URL: await newDatabase() };
    const imported = await run(['import', 'outpost', '--from', exported], targetEnv);
    expect(imported.err).toBe('');
    expect(imported.out).toMatch(/^Imported \d+ rows into \d+ tables/);
    const again = path.join(work, 'again.json');
    expect((await run(['export', '--to', again], targetEnv)).code).toBe(0);
    expect(fs.readFileSync(again).equals(fs.readFileSync(exported))).toBe(true);

    const twice = await run(['import', 'outpost', '--from', exported], targetEnv);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('the database is not empty');
  });

  it('falls back to the export when pg_dump is not used, and restores from it', async () => {
    const result = await createBackup(
      {
        DATABASE_URL: sourceEnv.DATABASE_URL as string,
        STORAGE_DRIVER: 'local',
        STORAGE_DIR: sourceEnv.STORAGE_DIR as string,
      },
      { to: path.join(work, 'fallback'), usePgDump: false },
    );
    expect(result.manifest.database.kind).toBe(kind.name === 'sqlite' ? 'sqlite' : 'export');
    const targetEnv = { DATABASE_URL: await newDatabase(), STORAGE_DIR: path.join(work, 'fallback-files') };
    expect((await run(['restore', result.folder], targetEnv)).code).toBe(0);
    const after = path.join(work, 'fallback.json');
    expect((await run(['export', '--to', after], targetEnv)).code).toBe(0);
    expect(fs.readFileSync(after).equals(fs.readFileSync(path.join(work, 'before.json')))).toBe(true);
  });
});

describe('pnpm outpost backup commands: arguments', () => {
  it('refuses unknown options, missing arguments and files that are not exports', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-cli-args-'));
    const env = { DATABASE_URL: `sqlite:${path.join(dir, 'x.sqlite')}` };
    const notExport = path.join(dir, 'not-export.json');
    fs.writeFileSync(notExport, '{"hello": 1}');
    const halfBackup = path.join(dir, 'half');
    fs.mkdirSync(halfBackup);
    fs.writeFileSync(path.join(halfBackup, 'manifest.json'), '{"format":"outpost-backup","version":1}');
    try {
      // First, while DATABASE_URL names no file yet (an import below creates it).
      for (const [argv, message] of [
        [['backup', '--to', dir], 'no SQLite database at'],
        [['export', '--to', path.join(dir, 'e.json')], 'no SQLite database at'],
        [['backup', '--bogus'], 'usage: pnpm outpost backup'],
        [['restore'], 'name the backup folder'],
        [['restore', 'a', 'b'], 'unexpected argument'],
        [['restore', dir], 'not an Outpost backup'],
        [['restore', halfBackup], 'not an Outpost backup manifest this version reads'],
        [['export', '--to'], 'usage: pnpm outpost'],
        [['import', 'outpost'], '--from is required'],
        [['import', 'outpost', '--from', path.join(dir, 'missing.json')], 'no such file'],
        [['import', 'outpost', '--from', notExport], 'not an Outpost export'],
        [['frobnicate'], 'pnpm outpost restore <backup folder>'],
      ] as const) {
        const session = io(env);
        const code = await runCli([...argv], session.io);
        expect([argv, code, session.err()]).toEqual([argv, 2, expect.stringContaining(message)]);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Only where PostgreSQL is configured (TEST_DATABASE_URL), as every PostgreSQL test.
describe.each(testDatabases().filter((kind) => kind.name === 'postgres'))(
  'moving hosts: a SQLite export imported into $name',
  (postgres) => {
    it('gives the same export bytes from PostgreSQL', async () => {
      const [sqliteKind] = testDatabases();
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-move-'));
      const from = await sqliteKind!.create();
      const to = await postgres.create();
      try {
        const database = openDatabase(from.url);
        const fleet = await startDemoFleet('127.0.0.1');
        try {
          await migrateToLatest(database.db);
          await seedDemo(database.db, fleet, simulatedPopulation());
        } finally {
          await fleet.close();
          await database.close();
        }
        const a = path.join(work, 'sqlite.json');
        const b = path.join(work, 'postgres.json');
        expect(await runCli(['export', '--to', a], io({ DATABASE_URL: from.url }).io)).toBe(0);
        const imported = io({ DATABASE_URL: to.url });
        expect(await runCli(['import', 'outpost', '--from', a], imported.io)).toBe(0);
        expect(await runCli(['export', '--to', b], io({ DATABASE_URL: to.url }).io)).toBe(0);
        expect(fs.readFileSync(b).equals(fs.readFileSync(a))).toBe(true);
        // The ids continue after the imported ones: a new row gets a fresh id.
        const target = openDatabase(to.url);
        try {
          const before = await target.db
            .selectFrom('log_entries')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow();
          const row = await target.db
            .insertInto('log_entries')
            .values({ timestamp: 1, type: 'admin', message: 'after the move', redacted: 0 } as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          expect(Number(row.id)).toBeGreaterThan(Number(before.id));
        } finally {
          await target.close();
        }
      } finally {
        await from.drop();
        await to.drop();
        fs.rmSync(work, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
