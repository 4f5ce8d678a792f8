import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/outpost-cli';
import { openDatabase } from '../../../db/database';
import { cliIo } from '../../../test-support/cli-io';
import { testDatabases } from '../../../test-support/test-databases';
import { CSV_KIND, CSV_REASON } from './csv-import';
import { parseCsv } from './csv-table';

// `pnpm outpost import csv`: the documented CSV layout into a real Outpost database (SQLite,
// and PostgreSQL when TEST_DATABASE_URL is set), through the command an operator runs.

const STEAM64 = (account: number) => (76561197960265728n + BigInt(account)).toString();

const CSV = [
  'id,type,steamid,ip,name,reason,created,length,admin_steamid,admin_name,unbanned_at,unbanned_by,unban_reason',
  '1,ban,STEAM_0:1:7,198.51.100.1,"Smith, ""the cheater""",aimbot,1700000000,0,,Console,,,',
  '2,ban,,198.51.100.2,,ip ban,2023-11-14T22:13:20Z,3600,,alice,,,',
  '3,gag,76561197960265743,,,spam,1700000000,600,,alice,1700000100,bob,"sorry, my mistake"',
  '4,mute,,198.51.100.4,,voice,1700000000,60,,alice,,,',
  '5,kick,STEAM_0:1:7,,,x,1700000000,0,,alice,,,',
  '6,ban,STEAM_0:1:9,,,when?,yesterday,0,,alice,,,',
  '7,ban,garbage,,,nobody,1700000000,0,,alice,,,',
].join('\r\n');

const io = cliIo;

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,B\r\n"x, ""y""","line\nbreak"\n1,2\n')).toEqual([
      { a: 'x, "y"', b: 'line\nbreak' },
      { a: '1', b: '2' },
    ]);
  });

  it('refuses rows of the wrong width and unclosed quotes', () => {
    expect(() => parseCsv('a,b\n1\n')).toThrow('row 2: 1 fields, the header has 2');
    expect(() => parseCsv('a\n"open\n')).toThrow('not closed');
  });
});

describe.each(testDatabases())('pnpm outpost import csv into $name', (kind) => {
  it('imports bans and comm blocks, says what it skipped, and a second run imports nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-csv-'));
    const file = path.join(dir, 'oldpanel.csv');
    fs.writeFileSync(file, CSV);
    const outpost = await kind.create();
    try {
      const first = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'csv', '--from', file], first.io)).toBe(0);
      expect(first.out()).toContain('csv:oldpanel.csv');
      expect(first.out()).toContain(`skipped, ${CSV_REASON.badType}: 1`);
      expect(first.out()).toContain(`skipped, ${CSV_REASON.ipComm}: 1`);
      expect(first.out()).toContain(`skipped, ${CSV_REASON.badTime}: 1`);
      expect(first.out()).toContain(`skipped, ${CSV_REASON.noTarget}: 1`);
      expect(first.out()).toMatch(new RegExp(`\\| ${CSV_KIND.bans}\\s+\\|\\s+2 \\|\\s+2 \\|`));
      expect(first.out()).toMatch(new RegExp(`\\| ${CSV_KIND.comms}\\s+\\|\\s+1 \\|\\s+2 \\|`));

      const database = openDatabase(outpost.url);
      try {
        const bans = await database.db
          .selectFrom('bans')
          .select([
            'type',
            'steamid',
            'ip',
            'player_name',
            'created_at',
            'length',
            'admin_name',
            'unbanned_at',
            'unbanned_by_name',
            'unban_reason',
          ])
          .orderBy('id')
          .execute();
        expect(bans).toEqual([
          {
            type: 'ban',
            steamid: STEAM64(15),
            ip: null,
            player_name: 'Smith, "the cheater"',
            created_at: 1700000000,
            length: null,
            admin_name: 'Console',
            unbanned_at: null,
            unbanned_by_name: null,
            unban_reason: null,
          },
          {
            type: 'ban',
            steamid: null,
            ip: '198.51.100.2',
            player_name: null,
            created_at: 1700000000,
            length: 3600,
            admin_name: 'alice',
            unbanned_at: null,
            unbanned_by_name: null,
            unban_reason: null,
          },
          {
            type: 'gag',
            steamid: STEAM64(15),
            ip: null,
            player_name: null,
            created_at: 1700000000,
            length: 600,
            admin_name: 'alice',
            unbanned_at: 1700000100,
            unbanned_by_name: 'bob',
            unban_reason: 'sorry, my mistake',
          },
        ]);
        const ips = await database.db.selectFrom('player_ips').select(['steamid', 'ip']).execute();
        expect(ips).toEqual([{ steamid: STEAM64(15), ip: '198.51.100.1' }]);
      } finally {
        await database.close();
      }

      const second = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'csv', '--from', file], second.io)).toBe(0);
      expect(second.out()).toContain('Nothing new to import.');

      fs.writeFileSync(file, 'id,steamid\n1,STEAM_0:1:7\n');
      const refused = io({ DATABASE_URL: outpost.url });
      expect(await runCli(['import', 'csv', '--from', file], refused.io)).toBe(2);
      expect(refused.err()).toContain('the CSV has no column type, created');
    } finally {
      await outpost.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
