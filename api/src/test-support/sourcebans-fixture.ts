import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

// A throwaway SourceBans++ database on the loopback MariaDB/MySQL for the importer's tests
// and bench. The schema is written from SourceBans++'s published table layout (1.7/1.8:
// the tables the importer reads, with their columns and types); each call creates its own
// database and drop() removes it. The server is SOURCEBANS_TEST_URL, by default root with
// no password on 127.0.0.1:3306; an unreachable server fails the test (it is never skipped).

export const SOURCEBANS_SERVER_URL = process.env.SOURCEBANS_TEST_URL ?? 'mysql://root@127.0.0.1:3306';

function schema(prefix: string, charset: string): string[] {
  const p = prefix;
  const table = (name: string, body: string) =>
    `CREATE TABLE \`${p}${name}\` (${body}) ENGINE=InnoDB DEFAULT CHARSET=${charset}`;
  return [
    table(
      'admins',
      `aid int(6) NOT NULL AUTO_INCREMENT, user varchar(64) NOT NULL, authid varchar(64) NOT NULL DEFAULT '',
       password varchar(128) NOT NULL DEFAULT '', gid int(6) NOT NULL DEFAULT -1, email varchar(128) NOT NULL DEFAULT '',
       validate varchar(128) NULL DEFAULT NULL, extraflags int(10) NOT NULL DEFAULT 0, immunity int(10) NOT NULL DEFAULT 0,
       srv_group varchar(128) DEFAULT NULL, srv_flags varchar(64) DEFAULT NULL, srv_password varchar(128) DEFAULT NULL,
       lastvisit int(11) NULL, PRIMARY KEY (aid), UNIQUE KEY user (user)`,
    ),
    table(
      'admins_servers_groups',
      'admin_id int(10) NOT NULL, group_id int(10) NOT NULL, srv_group_id int(10) NOT NULL, server_id int(10) NOT NULL',
    ),
    table(
      'banlog',
      'sid int(6) NOT NULL, time int(11) NOT NULL, name varchar(128) NOT NULL, bid int(6) NOT NULL, PRIMARY KEY (sid, time, bid)',
    ),
    table(
      'bans',
      `bid int(6) NOT NULL AUTO_INCREMENT, ip varchar(32) DEFAULT NULL, authid varchar(64) NOT NULL DEFAULT '',
       name varchar(128) NOT NULL DEFAULT 'unnamed', created int(11) NOT NULL DEFAULT 0, ends int(11) NOT NULL DEFAULT 0,
       length int(10) NOT NULL DEFAULT 0, reason text NOT NULL, aid int(6) NOT NULL DEFAULT 0,
       adminIp varchar(128) NOT NULL DEFAULT '', sid int(6) NOT NULL DEFAULT 0, country varchar(4) DEFAULT NULL,
       RemovedBy int(8) NULL, RemoveType varchar(3) NULL, RemovedOn int(10) NULL, type tinyint NOT NULL DEFAULT 0,
       ureason text, PRIMARY KEY (bid), KEY sid (sid), KEY type_authid (type, authid), KEY type_ip (type, ip)`,
    ),
    table(
      'comments',
      `cid int(6) NOT NULL AUTO_INCREMENT, bid int(6) NOT NULL, type varchar(1) NOT NULL, aid int(6) NOT NULL,
       commenttxt longtext NOT NULL, added int(11) NOT NULL, editaid int(6) DEFAULT NULL, edittime int(11) DEFAULT NULL,
       KEY cid (cid)`,
    ),
    table(
      'comms',
      `bid int(6) NOT NULL AUTO_INCREMENT, authid varchar(64) NOT NULL, name varchar(128) NOT NULL DEFAULT 'unnamed',
       created int(11) NOT NULL DEFAULT 0, ends int(11) NOT NULL DEFAULT 0, length int(10) NOT NULL DEFAULT 0,
       reason text NOT NULL, aid int(6) NOT NULL DEFAULT 0, adminIp varchar(128) NOT NULL DEFAULT '',
       sid int(6) NOT NULL DEFAULT 0, RemovedBy int(8) DEFAULT NULL, RemoveType varchar(3) DEFAULT NULL,
       RemovedOn int(11) DEFAULT NULL, type tinyint(4) NOT NULL DEFAULT 0, ureason text, PRIMARY KEY (bid),
       KEY authid (authid)`,
    ),
    table(
      'groups',
      `gid int(6) NOT NULL AUTO_INCREMENT, type smallint(6) NOT NULL DEFAULT 0,
       name varchar(128) NOT NULL DEFAULT 'unnamed', flags int(10) NOT NULL DEFAULT 0, PRIMARY KEY (gid)`,
    ),
    table(
      'mods',
      `mid int(11) NOT NULL AUTO_INCREMENT, name varchar(128) NOT NULL, icon varchar(128) NOT NULL DEFAULT '',
       modfolder varchar(64) NOT NULL, steam_universe tinyint NOT NULL DEFAULT 0, enabled tinyint NOT NULL DEFAULT 1,
       PRIMARY KEY (mid), UNIQUE (modfolder), UNIQUE (name)`,
    ),
    table(
      'protests',
      `pid int(6) NOT NULL AUTO_INCREMENT, bid int(6) NOT NULL, datesubmitted int(11) NOT NULL, reason text NOT NULL,
       email varchar(128) NOT NULL, archiv tinyint(1) DEFAULT 0, archivedby int(11) NULL, pip varchar(64) NOT NULL,
       PRIMARY KEY (pid), KEY bid (bid)`,
    ),
    table(
      'servers',
      `sid int(6) NOT NULL AUTO_INCREMENT, ip varchar(64) NOT NULL, port int(5) NOT NULL, rcon varchar(64) NOT NULL,
       modid int(10) NOT NULL, enabled tinyint NOT NULL DEFAULT 1, PRIMARY KEY (sid), UNIQUE KEY ip (ip, port)`,
    ),
    // Player notes: newer SourceBans++ releases only (the importer reads it when present).
    table(
      'notes',
      `nid int(10) NOT NULL AUTO_INCREMENT, steam_id varchar(64) NOT NULL DEFAULT '', aid int(6) NOT NULL,
       body text NOT NULL, created int(11) NOT NULL DEFAULT 0, PRIMARY KEY (nid), KEY steam_id (steam_id)`,
    ),
    table('servers_groups', 'server_id int(10) NOT NULL, group_id int(10) NOT NULL, PRIMARY KEY (server_id, group_id)'),
    table(
      'srvgroups',
      `id int(10) unsigned NOT NULL AUTO_INCREMENT, flags varchar(30) NOT NULL, immunity int(10) unsigned NOT NULL,
       name varchar(120) NOT NULL, groups_immune varchar(255) NOT NULL DEFAULT '', PRIMARY KEY (id)`,
    ),
    table(
      'submissions',
      `subid int(6) NOT NULL AUTO_INCREMENT, submitted int(11) NOT NULL, ModID int(6) NOT NULL,
       SteamId varchar(64) NOT NULL DEFAULT 'unnamed', name varchar(128) NOT NULL, email varchar(128) NOT NULL,
       reason text NOT NULL, ip varchar(64) NOT NULL, subname varchar(128) DEFAULT NULL, sip varchar(64) DEFAULT NULL,
       archiv tinyint(1) DEFAULT 0, archivedby int(11) NULL, server tinyint(3) DEFAULT NULL, PRIMARY KEY (subid)`,
    ),
  ];
}

export interface SourceBansDatabase {
  /** mysql:// URL of the new database, for the importer. */
  url: string;
  prefix: string;
  /** A connection to it, for filling it. */
  connection: mysql.Connection;
  /** Inserts rows (objects with the same keys); Buffers go in as raw bytes. */
  insert(table: string, rows: Record<string, unknown>[]): Promise<void>;
  drop(): Promise<void>;
}

export async function createSourceBansDatabase(
  options: {
    prefix?: string;
    charset?: 'utf8mb4' | 'latin1';
    /** Another panel's published layout (AMXBans, CS2-SimpleAdmin fixtures); SourceBans++'s by default. */
    schema?: (prefix: string, charset: string) => string[];
  } = {},
): Promise<SourceBansDatabase> {
  const prefix = options.prefix ?? 'sb_';
  const name = `sbpp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection({ uri: SOURCEBANS_SERVER_URL, connectTimeout: 5000 });
  } catch (error) {
    throw new Error(
      `MariaDB/MySQL for the SourceBans++ import tests is unreachable at ${SOURCEBANS_SERVER_URL} (set SOURCEBANS_TEST_URL): ${(error as Error).message}`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE \`${name}\``);
  } finally {
    await admin.end();
  }
  const url = new URL(SOURCEBANS_SERVER_URL);
  url.pathname = `/${name}`;
  const connection = await mysql.createConnection({ uri: url.toString(), charset: 'utf8mb4' });
  // As SourceBans++'s installer does: aid 0 (the console) is a real row, not "next id".
  await connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO')");
  for (const statement of (options.schema ?? schema)(prefix, options.charset ?? 'utf8mb4'))
    await connection.query(statement);
  return {
    url: url.toString(),
    prefix,
    connection,
    async insert(table, rows) {
      // Rows naming the same columns go together (left-out columns take their defaults);
      // 1,000 rows per statement keeps packets small whatever max_allowed_packet is.
      const byColumns = new Map<string, Record<string, unknown>[]>();
      for (const row of rows) {
        const key = Object.keys(row).join(',');
        const group = byColumns.get(key);
        if (group) group.push(row);
        else byColumns.set(key, [row]);
      }
      for (const [key, group] of byColumns) {
        const columns = key.split(',');
        for (let start = 0; start < group.length; start += 1000) {
          await connection.query(
            `INSERT INTO \`${prefix}${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`,
            [group.slice(start, start + 1000).map((row) => columns.map((column) => row[column]))],
          );
        }
      }
    },
    async drop() {
      await connection.end();
      const cleanup = await mysql.createConnection({ uri: SOURCEBANS_SERVER_URL });
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * A sb_protests row as SourceBans++'s public protest form writes it (pid, the protested ban's
 * bid, datesubmitted, reason, the protester's email and IP, archiv 0 = on the list, 1 archived
 * by an admin, 2 ban deleted, 3 ban expired, 4 ban lifted; archivedby the admin's aid).
 */
export function protestRow(pid: number, values: Record<string, unknown>): Record<string, unknown> {
  return {
    pid,
    bid: 1,
    datesubmitted: Math.floor(Date.now() / 1000),
    reason: `protest ${pid}`,
    email: `player${pid}@example.com`,
    archiv: 0,
    archivedby: null,
    pip: '203.0.113.200',
    ...values,
  };
}

/** A sb_comments row on a protest: type 'P', its bid is the protest's pid. */
export function protestCommentRow(cid: number, pid: number, values: Record<string, unknown>): Record<string, unknown> {
  return {
    cid,
    bid: pid,
    type: 'P',
    aid: 1,
    commenttxt: `comment ${cid}`,
    added: Math.floor(Date.now() / 1000),
    ...values,
  };
}

/**
 * A sb_submissions row ("submit a ban" by a visitor), in SourceBans++'s layout: the suspect's
 * SteamId and name, the visitor's name (subname), e-mail and IP (sip), free text, the server
 * (sid) and archiv (0 waiting, 1 archived, 2 banned from it, 3 the player banned elsewhere).
 */
export function submissionRow(subid: number, values: Record<string, unknown>): Record<string, unknown> {
  return {
    subid,
    submitted: Math.floor(Date.now() / 1000),
    ModID: 1,
    SteamId: 'STEAM_0:0:77',
    name: `suspect ${subid}`,
    email: `visitor${subid}@example.com`,
    reason: `submission ${subid}`,
    ip: '203.0.113.210',
    subname: `visitor ${subid}`,
    sip: '203.0.113.211',
    archiv: 0,
    archivedby: null,
    server: 1,
    ...values,
  };
}

/** A sb_comments row on a submission: type 'S', its bid is the submission's subid. */
export function submissionCommentRow(
  cid: number,
  subid: number,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return {
    cid,
    bid: subid,
    type: 'S',
    aid: 1,
    commenttxt: `comment ${cid}`,
    added: Math.floor(Date.now() / 1000),
    ...values,
  };
}
