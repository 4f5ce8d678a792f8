import { createSourceBansDatabase, type SourceBansDatabase } from './sourcebans-fixture';

// A throwaway AMXBans (GoldSrc: CS 1.6, Day of Defeat...) database on the loopback MariaDB in
// AMXBans 6's published layout (amx_ prefix): bans, game-server admins and their servers,
// servers, the web panel's own admins (passwords, e-mail addresses: never imported), ban
// edits and visitors' comments. Same server and lifecycle as the SourceBans++ fixture.

function schema(p: string, charset: string): string[] {
  const table = (name: string, body: string) =>
    `CREATE TABLE \`${p}${name}\` (${body}) ENGINE=InnoDB DEFAULT CHARSET=${charset}`;
  return [
    table(
      'bans',
      `bid int(11) NOT NULL AUTO_INCREMENT, player_ip varchar(32) DEFAULT NULL, player_id varchar(35) DEFAULT NULL,
       player_nick varchar(100) NOT NULL DEFAULT 'Unknown', admin_ip varchar(32) DEFAULT NULL,
       admin_id varchar(35) NOT NULL DEFAULT 'Unknown', admin_nick varchar(100) NOT NULL DEFAULT 'Unknown',
       ban_type varchar(10) NOT NULL DEFAULT 'S', ban_reason varchar(100) DEFAULT NULL,
       cs_ban_reason varchar(100) DEFAULT NULL, ban_created int(11) DEFAULT NULL, ban_length int(11) DEFAULT NULL,
       server_ip varchar(32) DEFAULT NULL, server_name varchar(100) NOT NULL DEFAULT 'Unknown',
       ban_kicks int(11) NOT NULL DEFAULT 0, expired int(1) NOT NULL DEFAULT 0, imported int(1) NOT NULL DEFAULT 0,
       PRIMARY KEY (bid), KEY player_id (player_id)`,
    ),
    table(
      'amxadmins',
      `id int(12) NOT NULL AUTO_INCREMENT, username varchar(32) DEFAULT NULL, password varchar(50) DEFAULT NULL,
       access varchar(32) DEFAULT NULL, flags varchar(32) DEFAULT NULL, steamid varchar(32) DEFAULT NULL,
       nickname varchar(32) NOT NULL DEFAULT '', ashow int(11) DEFAULT NULL, created int(11) DEFAULT NULL,
       expired int(11) DEFAULT NULL, days int(11) DEFAULT NULL, PRIMARY KEY (id), KEY steamid (steamid)`,
    ),
    table(
      'admins_servers',
      `admin_id int(11) DEFAULT NULL, server_id int(11) DEFAULT NULL, custom_flags varchar(32) NOT NULL DEFAULT '',
       use_static_bantime enum('yes','no') NOT NULL DEFAULT 'yes'`,
    ),
    table(
      'serverinfo',
      `id int(11) NOT NULL AUTO_INCREMENT, timestamp int(11) DEFAULT NULL, hostname varchar(100) DEFAULT 'Unknown',
       address varchar(100) DEFAULT NULL, gametype varchar(32) DEFAULT NULL, rcon varchar(32) DEFAULT NULL,
       amxban_version varchar(32) DEFAULT NULL, amxban_motd varchar(250) DEFAULT NULL, motd_delay int(10) DEFAULT 10,
       amxban_menu int(10) NOT NULL DEFAULT 1, reasons int(10) DEFAULT NULL, timezone_fixx int(11) NOT NULL DEFAULT 0,
       PRIMARY KEY (id)`,
    ),
    table(
      'webadmins',
      `id int(12) NOT NULL AUTO_INCREMENT, username varchar(32) DEFAULT NULL, password varchar(32) DEFAULT NULL,
       level varchar(32) DEFAULT '99', logcode varchar(64) DEFAULT NULL, email varchar(64) DEFAULT NULL,
       last_action int(11) DEFAULT NULL, try int(1) NOT NULL DEFAULT 0, PRIMARY KEY (id), UNIQUE KEY username (username)`,
    ),
    table(
      'bans_edit',
      `id int(11) NOT NULL AUTO_INCREMENT, bid int(11) NOT NULL, edit_time int(11) NOT NULL,
       admin_nick varchar(32) NOT NULL DEFAULT 'unknown', edit_reason varchar(255) NOT NULL, PRIMARY KEY (id)`,
    ),
    table(
      'comments',
      `id int(11) NOT NULL AUTO_INCREMENT, name varchar(35) DEFAULT NULL, comment text, email varchar(100) DEFAULT NULL,
       addr varchar(32) DEFAULT NULL, date int(11) DEFAULT NULL, bid int(11) DEFAULT NULL, PRIMARY KEY (id)`,
    ),
  ];
}

export function createAmxBansDatabase(prefix = 'amx_'): Promise<SourceBansDatabase> {
  return createSourceBansDatabase({ prefix, schema, charset: 'latin1' });
}
