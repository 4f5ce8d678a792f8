import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A DATABASE_URL for a fresh, empty database. */
  create(): Promise<{ url: string; drop(): Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-test-'));
    return {
      url: `sqlite:${path.join(dir, 'test.sqlite')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/**
 * PostgreSQL from TEST_DATABASE_URL: each call creates its own database and drops it
 * afterwards, so runs never see each other's rows. Under CI an unreachable server
 * fails the run rather than skipping.
 */
function postgres(baseUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async create() {
      const name = `outpost_t_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: baseUrl });
          await client.connect();
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqlite, postgres(url)] : [sqlite];
}

/**
 * A PostgreSQL database of a fixed name on the server of `baseUrl`, dropped and made anew
 * (the e2e server on PostgreSQL: its tests open the same database by name, so it cannot be
 * random). Answers its DATABASE_URL.
 */
export async function freshNamedPostgres(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return namedDatabaseUrl(baseUrl, name);
}

/** `baseUrl` with its database name replaced. */
export function namedDatabaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `work` with one connection to the server of `baseUrl` (its own database), for statements
 * about databases themselves: the bench's seed cache keeps a seeded template database there.
 */
export async function onPostgresServer<T>(
  baseUrl: string,
  work: (
    query: (text: string, values?: unknown[]) => Promise<{ rowCount: number | null; rows: unknown[] }>,
  ) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}
