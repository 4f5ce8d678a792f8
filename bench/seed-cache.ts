// Seeded bench databases, made once and kept (issue 30 item 1): seeding 1,000,000 bans and
// 10,000,000 log entries takes ~40 s on SQLite and ~80 s on PostgreSQL here, so a second run
// starts from a copy instead. The key names the schema (the newest migration) and what was
// seeded (the caller's key: its sizes), so a new migration or another size seeds anew.
//   SQLite: a file under <tmp>/outpost-bench-cache/, copied for each run.
//   PostgreSQL: a template database on the same server, each run a CREATE DATABASE ... TEMPLATE.
// BENCH_SEED_CACHE=0 seeds every time.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, type DialectName, openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { migrations } from '../api/src/db/migrations';
import { namedDatabaseUrl, onPostgresServer, type TestDatabase } from '../api/src/test-support/test-databases';

export type Seeder = (db: DatabaseHandle['db'], dialect: DialectName) => Promise<void>;

const CACHE_DIR = path.join(os.tmpdir(), 'outpost-bench-cache');
const enabled = () => process.env.BENCH_SEED_CACHE !== '0';

/** A short name for (schema, what was seeded): safe as a file and a database name. */
export function cacheKey(what: string): string {
  const schema = Object.keys(migrations).sort().at(-1) ?? 'none';
  return createHash('sha256').update(`${schema}\n${what}`).digest('hex').slice(0, 16);
}

/**
 * `kind` whose create() hands out a database already migrated and seeded by `seed`, from the
 * cache when it holds one for `what` (seeding it first when not). Logs whether it seeded. When
 * it seeds, it removes the cache's older entries of the same `name` (another schema or size):
 * each is gigabytes.
 */
export function seededDatabase(kind: TestDatabase, name: string, what: string, seed: Seeder): TestDatabase {
  if (!/^[a-z]+$/.test(name)) throw new Error(`a seed cache name is lowercase letters: ${name}`);
  if (!enabled()) return withSeed(kind, seed);
  const key = `${name}_${cacheKey(what)}`;
  return kind.name === 'sqlite' ? cachedSqlite(name, key, seed) : cachedPostgres(kind, name, key, seed);
}

/** No cache: a fresh database seeded each time. */
function withSeed(kind: TestDatabase, seed: Seeder): TestDatabase {
  return {
    name: kind.name,
    async create() {
      const created = await kind.create();
      await seedInto(created.url, seed);
      return created;
    },
  };
}

async function seedInto(url: string, seed: Seeder): Promise<void> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    await seed(database.db, database.dialect);
  } finally {
    await database.close();
  }
}

function cachedSqlite(name: string, key: string, seed: Seeder): TestDatabase {
  const cached = path.join(CACHE_DIR, `${key}.sqlite`);
  return {
    name: 'sqlite',
    async create() {
      if (!fs.existsSync(cached)) {
        fs.mkdirSync(CACHE_DIR, { recursive: true });
        const making = `${cached}.${process.pid}.tmp`;
        await seedInto(`sqlite:${making}`, async (db, dialect) => {
          await seed(db, dialect);
        });
        // Closed: its WAL is folded into the file. Renamed last, so a run cut short leaves no cache.
        for (const suffix of ['-wal', '-shm']) fs.rmSync(`${making}${suffix}`, { force: true });
        for (const old of fs.readdirSync(CACHE_DIR)) {
          if (old.startsWith(`${name}_`) && old.endsWith('.sqlite'))
            fs.rmSync(path.join(CACHE_DIR, old), { force: true });
        }
        fs.renameSync(making, cached);
        console.log(`   seed cache: made ${path.basename(cached)}`);
      } else {
        console.log(`   seed cache: copied ${path.basename(cached)} (seeded by an earlier run)`);
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
      const file = path.join(dir, 'bench.sqlite');
      fs.copyFileSync(cached, file, fs.constants.COPYFILE_FICLONE);
      return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  };
}

function cachedPostgres(kind: TestDatabase, name: string, key: string, seed: Seeder): TestDatabase {
  const template = `outpost_bench_${key}`;
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const admin = <T>(work: Parameters<typeof onPostgresServer<T>>[1]) => onPostgresServer(baseUrl, work);
  const urlOf = (name: string) => namedDatabaseUrl(baseUrl, name);
  return {
    name: kind.name,
    async create() {
      const exists = await admin(
        async (query) =>
          (await query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [template])).rowCount === 1,
      );
      if (!exists) {
        const making = `${template}_${randomBytes(3).toString('hex')}`;
        await admin((query) => query(`CREATE DATABASE ${making}`));
        await seedInto(urlOf(making), seed);
        // Marked a template last, so a run cut short leaves no cache (only a stray database).
        await admin(async (query) => {
          const { rows } = await query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
            `outpost_bench_${name}_%`,
          ]);
          for (const { datname } of rows as { datname: string }[]) {
            if (datname !== making) {
              await query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
              await query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
            }
          }
          await query(`ALTER DATABASE ${making} RENAME TO ${template}`);
          await query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true`);
        });
        console.log(`   seed cache: made template database ${template}`);
      } else {
        console.log(`   seed cache: copied template database ${template} (seeded by an earlier run)`);
      }
      const copy = `outpost_t_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin((query) => query(`CREATE DATABASE ${copy} TEMPLATE ${template}`));
      return {
        url: urlOf(copy),
        drop: () => admin(async (query) => void (await query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`))),
      };
    },
  };
}
