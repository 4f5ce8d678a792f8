import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import { metaService } from '../../modules/meta';
import { testDatabases } from '../../test-support/test-databases';
import { runCli } from '../outpost-cli';

// `pnpm outpost doctor` (issue 24 item 5): what it finds and what it says to do, against
// small loopback stand-ins for Steam and for whatever holds the port.

async function listen(server: http.Server | net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function doctor(env: Record<string, string>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk) => (text += chunk));
  const code = await runCli(['doctor'], { env, out, err: new PassThrough() });
  return { code, text };
}

describe.each(testDatabases())('pnpm outpost doctor on $name', (kind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-doctor-'));
  const drops: Array<() => Promise<void>> = [];
  let steam: http.Server;
  let steamUrl: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    // Steam's OpenID endpoint and status check: any answer below 500 is "reachable".
    steam = http.createServer((_request, response) => response.writeHead(200).end('{}'));
    steamUrl = `http://127.0.0.1:${await listen(steam)}`;
    const created = await kind.create();
    drops.push(created.drop);
    const database = openDatabase(created.url);
    await migrateToLatest(database.db);
    await database.close();
    env = {
      DATABASE_URL: created.url,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PUBLIC_URL: 'http://localhost:8080',
      WEB_ROOT: 'none',
      STORAGE_DIR: path.join(dir, 'files'),
      STORAGE_STAGING_DIR: path.join(dir, 'staging'),
      STEAM_OPENID_URL: `${steamUrl}/openid/login`,
      STEAM_STATUS_URL: `${steamUrl}/status`,
    };
  });
  afterAll(async () => {
    steam.closeAllConnections();
    await new Promise((resolve) => steam.close(resolve));
    for (const drop of drops) await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says everything is fine on a healthy installation with a recent backup', async () => {
    const database = openDatabase(env.DATABASE_URL as string);
    await metaService.lastBackup.record(database.db, {
      at: Math.floor(Date.now() / 1000) - 3600,
      folder: '/backups/outpost-backup-1',
      kind: 'sqlite',
      bytes: 1,
      seconds: 1,
    });
    await database.close();
    const { code, text } = await doctor(env);
    expect(text).not.toMatch(/^(WARN|FAIL)/m);
    expect(text).toContain('migrations: up to date');
    expect(text).toContain('backups: last backup today');
    expect(text).toContain('Everything checked is fine.');
    expect(code).toBe(0);
  });

  it('finds a taken port, unreachable Steam status, pending migrations, no backup and unwritable storage, and says what to do', async () => {
    const created = await kind.create();
    drops.push(created.drop);
    const database = openDatabase(created.url);
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    await migrator.migrateTo(Object.keys(migrations).sort()[5] as string);
    await database.close();
    // Another program on the port: it accepts connections and never answers.
    const squatter = http.createServer(() => undefined);
    const port = await listen(squatter);
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, 'x');
    try {
      const { code, text } = await doctor({
        ...env,
        DATABASE_URL: created.url,
        PORT: String(port),
        STORAGE_DIR: path.join(blocker, 'files'),
        STEAM_STATUS_URL: 'http://127.0.0.1:9/status',
      });
      expect(text).toMatch(
        /^FAIL {2}port: 127\.0\.0\.1:\d+ is taken by another program\n {6}-> stop that program, or set PORT/m,
      );
      expect(text).toMatch(/^WARN {2}Steam status: .* cannot be reached .*\n {6}-> .*unknown, not offline/m);
      expect(text).toMatch(
        /^WARN {2}migrations: \d+ pending .*\n {6}-> take a backup \(pnpm outpost backup\), then start Outpost/m,
      );
      expect(text).toMatch(/^WARN {2}backups: no backup yet\n {6}-> run pnpm outpost backup/m);
      expect(text).toMatch(/^FAIL {2}storage: STORAGE_DIR .* is not writable/m);
      expect(text).toContain('problem(s) stop Outpost from working');
      expect(code).toBe(1);
    } finally {
      squatter.closeAllConnections();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('recognises Outpost itself on the port, and an old backup', async () => {
    const outpost = http.createServer((request, response) =>
      response.writeHead(request.url === '/api/health' ? 200 : 404).end('{}'),
    );
    const port = await listen(outpost);
    const database = openDatabase(env.DATABASE_URL as string);
    await metaService.lastBackup.record(database.db, {
      at: 1_700_000_000,
      folder: '/b/old',
      kind: 'sqlite',
      bytes: 1,
      seconds: 1,
    });
    await database.close();
    try {
      const { text } = await doctor({ ...env, PORT: String(port) });
      expect(text).toMatch(/^ok {4}port: Outpost is running on 127\.0\.0\.1:\d+/m);
      expect(text).toMatch(/^WARN {2}backups: the last backup is \d+ days old/m);
    } finally {
      outpost.closeAllConnections();
      await new Promise((resolve) => outpost.close(resolve));
    }
  });
});

describe('pnpm outpost doctor without a working setup', () => {
  it('names a bad variable, and an unreachable database with what to check', async () => {
    const bad = await doctor({ PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(bad.text).toMatch(/^FAIL {2}configuration: Invalid environment variable PORT="eighty"/m);
    const unreachable = await doctor({
      DATABASE_URL: 'postgres://outpost:hunter2@127.0.0.1:35181/outpost',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      WEB_ROOT: 'none',
      STEAM_OPENID_URL: 'http://127.0.0.1:9/openid',
      STEAM_STATUS_URL: 'none',
      STORAGE_DIR: path.join(os.tmpdir(), `outpost-doctor-files-${process.pid}`),
      STORAGE_STAGING_DIR: path.join(os.tmpdir(), `outpost-doctor-staging-${process.pid}`),
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.text).toMatch(
      /^FAIL {2}database: postgres:\/\/outpost:\*\*\*@127\.0\.0\.1:35181\/outpost cannot be reached/m,
    );
    expect(unreachable.text).not.toContain('hunter2');
    expect(unreachable.text).toMatch(/^FAIL {2}Steam sign-in: .* cannot be reached/m);
    expect(unreachable.text).toContain('backups: not checked');
  });
});
