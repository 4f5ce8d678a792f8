import { type MyReport, steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { accountsService } from '../../accounts';
import { metaService } from '../../meta';
import { playerNames } from '../players';
import type { PlayersBansNotesTables } from '../tables';
import { fileReport } from './reports-service';

// Reports from in game (`!report`), for the game module's /api/game/reports: the token's
// server is the server; the reporter is a Steam id, linked to its Outpost account when one
// exists (so "my reports" and the outcome notification reach them), and passes the same
// gate (self, rate limit, reason) as a report from the site.

export async function fileGameReport(
  db: Kysely<PlayersBansNotesTables>,
  input: {
    serverId: string;
    /** SteamID64s. */
    reporter: { steamid: string; name?: string };
    target: { steamid: string; name?: string };
    reason: string;
    details: string;
  },
): Promise<MyReport> {
  const account = await accountsService.findUserBySteamId(db, input.reporter.steamid);
  const known = (await playerNames(db, [input.reporter.steamid])).get(input.reporter.steamid);
  const { report } = await fileReport(db, {
    source: 'game',
    reporter: {
      id: account?.id ?? null,
      steamid: input.reporter.steamid,
      name: input.reporter.name?.trim() || known || account?.name || steamIdForms(input.reporter.steamid).steam2,
    },
    target: input.target.steamid,
    targetName: input.target.name?.trim() || null,
    reason: input.reason,
    details: input.details,
    evidence: [],
    serverId: input.serverId,
  });
  return report;
}

export async function reportReasons(db: Kysely<PlayersBansNotesTables>): Promise<string[]> {
  return (await metaService.readSiteSettings(db)).reports.reasons;
}
