import mysql from 'mysql2/promise';

// Reading another panel's MySQL or MariaDB database (SourceBans++, AMXBans, CS2-SimpleAdmin)
// with mysql2. Text columns are read as bytes and decoded here (decodeText): old installs
// often hold names written by
// game servers in another encoding than the table declares (latin1 bytes in a utf8 table,
// UTF-8 bytes in a latin1 table), which the server's own conversion would garble.

export class ImportInputError extends Error {}

/** A table prefix is pasted into SQL as an identifier: letters, digits and underscores only. */
const PREFIX = /^[A-Za-z0-9_]{0,32}$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });
// WHATWG "latin1" is windows-1252, which is what MySQL calls latin1 too.
const latin1 = new TextDecoder('latin1');

/**
 * Bytes from a text column as text: UTF-8 when they are valid UTF-8, else latin1. NUL characters
 * (a C plugin's padding written into a name) are dropped: PostgreSQL's text cannot hold them.
 */
export function decodeText(value: Buffer | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return withoutNul(value);
  try {
    return withoutNul(utf8.decode(value));
  } catch {
    return withoutNul(latin1.decode(value));
  }
}

const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

export interface MysqlSource {
  /** Identifies the database in the import mappings: "<panel>:<database>:<prefix>". */
  key: string;
  prefix: string;
  hasTable(name: string): Promise<boolean>;
  /** `{p}` in the SQL is replaced by the table prefix. */
  rows<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A mysql:// URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Connects to `url`; `panel` names the kind of database in the mapping key (sourcebans, amxbans...). */
export async function openMysqlSource(url: string, prefix: string, panel: string): Promise<MysqlSource> {
  if (!PREFIX.test(prefix)) throw new ImportInputError(`--prefix must be letters, digits and _ only (got "${prefix}")`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImportInputError('--from must be a URL like mysql://user:pass@host/database');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:')
    throw new ImportInputError('--from must be a mysql:// URL');
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new ImportInputError('--from must name the database: mysql://user:pass@host/database');
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database,
      charset: 'utf8mb4',
      // bigint columns as numbers: SourceBans++ ids and times are 32-bit.
      supportBigNumbers: true,
      bigNumberStrings: false,
      connectTimeout: 10_000,
    });
  } catch (error) {
    throw new ImportInputError(`cannot connect to ${redactUrl(url)}: ${(error as Error).message}`);
  }
  const tables = new Set<string>();
  const [listed] = await connection.query<mysql.RowDataPacket[]>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
    [database],
  );
  for (const row of listed) tables.add(String(row.name));
  return {
    key: `${panel}:${database}:${prefix}`,
    prefix,
    async hasTable(name) {
      return tables.has(`${prefix}${name}`);
    },
    async rows<T>(sqlText: string, params: unknown[] = []) {
      const [result] = await connection.query(sqlText.replaceAll('{p}', prefix), params);
      return result as T[];
    },
    close: () => connection.end(),
  };
}
