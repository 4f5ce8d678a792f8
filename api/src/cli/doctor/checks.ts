import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import type { Config } from '../../config';
import { openDatabase } from '../../db/database';
import { migrations } from '../../db/migrations';
import { redactDatabaseUrl } from '../../logging/banner';
import { metaService } from '../../modules/meta';

// `pnpm outpost doctor` (issue 24): each check says what it found and, when something is
// wrong, what to do. ok: fine; warn: works, but look at it; fail: Outpost will not work so.

export type Status = 'ok' | 'warn' | 'fail';

export interface Finding {
  status: Status;
  check: string;
  detail: string;
  /** What to do, when it is not ok. */
  fix?: string;
}

const WEEK_S = 7 * 86_400;
const LOW_DISK_BYTES = 1024 ** 3;

export function checkConfiguration(config: Config, env: Record<string, string | undefined>): Finding[] {
  const found: Finding[] = [{ status: 'ok', check: 'configuration', detail: 'every variable is valid' }];
  if (!env.PUBLIC_URL && config.HOST !== '127.0.0.1' && config.HOST !== 'localhost') {
    found.push({
      status: 'warn',
      check: 'PUBLIC_URL',
      detail: `not set: sign-in works only at ${config.PUBLIC_URL}, while Outpost listens on ${config.HOST}`,
      fix: 'set PUBLIC_URL to the address people open, e.g. PUBLIC_URL=https://bans.example.org',
    });
  }
  if (
    config.PUBLIC_URL.startsWith('http:') &&
    !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(config.PUBLIC_URL)
  ) {
    found.push({
      status: 'warn',
      check: 'PUBLIC_URL',
      detail: `${config.PUBLIC_URL} is plain http: sign-in cookies cross the network unencrypted`,
      fix: 'serve Outpost over https (a reverse proxy, README "Running several instances") and set PUBLIC_URL to it',
    });
  }
  return found;
}

export async function checkDatabase(
  config: Config,
): Promise<{ findings: Finding[]; db: Kysely<any> | null; close: () => Promise<void> }> {
  const shown = redactDatabaseUrl(config.DATABASE_URL);
  let handle: ReturnType<typeof openDatabase>;
  try {
    handle = openDatabase(config.DATABASE_URL);
    const started = performance.now();
    await sql`select 1`.execute(handle.db);
    const ms = (performance.now() - started).toFixed(1);
    const db = handle.db as unknown as Kysely<any>;
    const findings: Finding[] = [{ status: 'ok', check: 'database', detail: `${shown} answers (${ms} ms)` }];
    findings.push(await checkMigrations(db));
    return { findings, db, close: () => handle.close() };
  } catch (error) {
    return {
      findings: [
        {
          status: 'fail',
          check: 'database',
          detail: `${shown} cannot be reached: ${(error as Error).message}`,
          fix: config.DATABASE_URL.startsWith('sqlite:')
            ? 'check that the folder of the SQLite file exists and is writable by this user'
            : 'check that PostgreSQL runs, and the host, port, user, password and database name in DATABASE_URL',
        },
      ],
      db: null,
      close: async () => undefined,
    };
  }
}

async function checkMigrations(db: Kysely<any>): Promise<Finding> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const known = await migrator.getMigrations();
  const pending = known.filter((migration) => migration.executedAt === undefined);
  let applied: string[] = [];
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
  } catch {
    applied = [];
  }
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    return {
      status: 'fail',
      check: 'migrations',
      detail: `the database was migrated by a newer Outpost (${unknown.join(', ')})`,
      fix: 'run the newer Outpost version, or restore a backup made by this one',
    };
  }
  if (pending.length === known.length) {
    return { status: 'ok', check: 'migrations', detail: 'new database: every migration runs at the first start' };
  }
  if (pending.length > 0) {
    return {
      status: 'warn',
      check: 'migrations',
      detail: `${pending.length} pending (${pending.map((m) => m.name).join(', ')})`,
      fix: 'take a backup (pnpm outpost backup), then start Outpost: it migrates at start',
    };
  }
  return { status: 'ok', check: 'migrations', detail: `up to date (${known.length} applied)` };
}

function writableDir(dir: string): string | null {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.outpost-doctor-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export function checkStorage(config: Config): Finding[] {
  if (config.STORAGE_DRIVER === 's3') {
    return [
      { status: 'ok', check: 'storage', detail: `S3 bucket ${config.S3_BUCKET} at ${config.S3_ENDPOINT} (not probed)` },
    ];
  }
  const findings: Finding[] = [];
  for (const [name, dir] of [
    ['STORAGE_DIR', config.STORAGE_DIR],
    ['STORAGE_STAGING_DIR', config.STORAGE_STAGING_DIR],
  ] as const) {
    const problem = writableDir(dir);
    if (problem) {
      findings.push({
        status: 'fail',
        check: 'storage',
        detail: `${name} ${dir} is not writable: ${problem}`,
        fix: `create ${dir} and give this user write access, or set ${name}`,
      });
      continue;
    }
    const stats = fs.statfsSync(dir);
    const free = stats.bavail * stats.bsize;
    findings.push(
      free < LOW_DISK_BYTES
        ? {
            status: 'warn',
            check: 'storage',
            detail: `${name} ${dir}: only ${(free / 1024 ** 2).toFixed(0)} MB free`,
            fix: 'free disk space or move the storage to a larger disk',
          }
        : {
            status: 'ok',
            check: 'storage',
            detail: `${name} ${dir} writable, ${(free / 1024 ** 3).toFixed(1)} GB free`,
          },
    );
  }
  return findings;
}

export async function checkBackups(db: Kysely<any> | null, now = Math.floor(Date.now() / 1000)): Promise<Finding> {
  if (!db) return { status: 'warn', check: 'backups', detail: 'not checked: the database cannot be reached' };
  const last = await metaService.lastBackup.read(db).catch(() => null);
  if (!last) {
    return {
      status: 'warn',
      check: 'backups',
      detail: 'no backup yet',
      fix: 'run pnpm outpost backup (and schedule it, e.g. daily with cron)',
    };
  }
  const days = Math.floor((now - last.at) / 86_400);
  if (now - last.at > WEEK_S) {
    return {
      status: 'warn',
      check: 'backups',
      detail: `the last backup is ${days} days old (${last.folder})`,
      fix: 'run pnpm outpost backup, and schedule it',
    };
  }
  return {
    status: 'ok',
    check: 'backups',
    detail: `last backup ${days === 0 ? 'today' : `${days} day(s) ago`} (${last.kind}, ${last.folder})`,
  };
}

export function checkWebBuild(config: Config): Finding {
  if (!config.WEB_ROOT) return { status: 'ok', check: 'web build', detail: 'WEB_ROOT=none: API only' };
  const index = path.join(config.WEB_ROOT, 'shell/dist/index.html');
  return fs.existsSync(index)
    ? { status: 'ok', check: 'web build', detail: `${index} is built` }
    : {
        status: 'warn',
        check: 'web build',
        detail: `no build at ${index}`,
        fix: 'run npm run build (npm start builds what is missing)',
      };
}
