import { createSourceBansDatabase, type SourceBansDatabase } from './sourcebans-fixture';

// A throwaway CS2-SimpleAdmin database (the one css-bans and CSS-Panel read too) on the loopback
// MariaDB, in the plugin's published layout as its migrations leave it: bans, mutes, warnings,
// admins with their flags and groups, servers, and the unban/unmute records. Same server and
// lifecycle as the SourceBans++ fixture (SOURCEBANS_TEST_URL; drop() removes it).

function schema(p: string, charset: string): string[] {
  const table = (name: string, body: string) =>
    `CREATE TABLE \`${p}${name}\` (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, ${body}) ENGINE=InnoDB DEFAULT CHARSET=${charset}`;
  const who = `admin_steamid VARCHAR(64) NOT NULL, admin_name VARCHAR(128) NOT NULL, reason VARCHAR(255) NOT NULL,
    duration INT NOT NULL, ends TIMESTAMP NULL, created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, server_id INT NULL`;
  return [
    table('servers', 'hostname VARCHAR(128) NOT NULL, address VARCHAR(64) NOT NULL, UNIQUE KEY address (address)'),
    table(
      'bans',
      `player_name VARCHAR(128) NULL, player_steamid VARCHAR(64) NULL, player_ip VARCHAR(128) NULL, ${who},
       unban_id INT NULL, status ENUM('ACTIVE','UNBANNED','EXPIRED','') NOT NULL DEFAULT 'ACTIVE'`,
    ),
    table(
      'mutes',
      `player_name VARCHAR(128) NULL, player_steamid VARCHAR(64) NOT NULL, ${who}, passed INT NULL,
       type ENUM('GAG','MUTE','SILENCE','') NOT NULL DEFAULT 'GAG', unmute_id INT NULL,
       status ENUM('ACTIVE','UNMUTED','EXPIRED','') NOT NULL DEFAULT 'ACTIVE'`,
    ),
    table(
      'warns',
      `player_name VARCHAR(128) NULL, player_steamid VARCHAR(64) NOT NULL, ${who},
       status ENUM('ACTIVE','EXPIRED','') NOT NULL DEFAULT 'ACTIVE'`,
    ),
    table(
      'admins',
      `player_name VARCHAR(128) NOT NULL, player_steamid VARCHAR(64) NOT NULL, flags TEXT NULL,
       immunity INT NOT NULL DEFAULT 0, server_id INT NULL, ends TIMESTAMP NULL,
       created TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, group_id INT NULL`,
    ),
    table('admins_flags', 'admin_id INT NOT NULL, flag VARCHAR(64) NOT NULL'),
    table('groups', 'name VARCHAR(255) NOT NULL, immunity INT NOT NULL DEFAULT 0'),
    table('groups_flags', 'group_id INT NOT NULL, flag VARCHAR(64) NOT NULL'),
    table('groups_servers', 'group_id INT NOT NULL, server_id INT NULL'),
    table(
      'unbans',
      `ban_id INT NOT NULL, admin_id INT NOT NULL DEFAULT 0, reason VARCHAR(255) NOT NULL DEFAULT 'Unknown',
       date TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP`,
    ),
    table(
      'unmutes',
      `mute_id INT NOT NULL, admin_id INT NOT NULL DEFAULT 0, reason VARCHAR(255) NOT NULL DEFAULT 'Unknown',
       date TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP`,
    ),
  ];
}

export function createSimpleAdminDatabase(prefix = 'sa_'): Promise<SourceBansDatabase> {
  return createSourceBansDatabase({ prefix, schema });
}

/** A MySQL TIMESTAMP literal for a Unix time (the fixture's session is UTC). */
export function timestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
