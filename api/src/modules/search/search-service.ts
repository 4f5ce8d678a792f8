import { parseSteamId, type SearchHit, type SearchKind, type SearchResponse } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { docsService } from '../docs';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import type { SearchTables } from './tables';

// One ranked answer over players, bans, notes, servers and the docs (pages and commands). Scores: an exact id 100, an
// exact name 80, a name prefix 60, a substring 30. Groups are ordered by their best hit.

const PER_KIND = 10;

export interface SearchAccess {
  signedIn: boolean;
  players: boolean;
  privateNotes: boolean;
  /** Where the docs build lives (its search index); null = no docs in this process. */
  webRoot: string | null;
}

function nameScore(name: string | null, q: string): number {
  const n = (name ?? '').toLowerCase();
  const k = q.toLowerCase();
  if (n === k) return 80;
  if (n.startsWith(k)) return 60;
  return 30;
}

async function players(db: Kysely<SearchTables>, q: string, steamid: string | null): Promise<SearchHit[]> {
  const { players: rows } = await playersBansNotesService.listPlayers(db, { q, limit: PER_KIND });
  return rows.map((p) => ({
    kind: 'player',
    id: p.steamid,
    title: p.name,
    subtitle: p.steamid,
    steamid: p.steamid,
    link: `/admin/players/${p.steamid}`,
    score: steamid ? 100 : nameScore(p.name, q),
  }));
}

async function bans(
  db: Kysely<SearchTables>,
  q: string,
  steamid: string | null,
  access: SearchAccess,
): Promise<SearchHit[]> {
  const rows = await playersBansNotesService.searchBans(db, q, PER_KIND);
  const now = nowSeconds();
  // A ban held to a server group or a server says where (issue 25 item 3).
  const where = rows.some((b) => b.scope_kind !== 'community') ? await playersBansNotesService.places(db) : null;
  const scopeNote = (b: (typeof rows)[number]) =>
    where && b.scope_kind !== 'community'
      ? ` (only on ${playersBansNotesService.scopeName(playersBansNotesService.scopeOf(b), where)})`
      : '';
  return rows.map((b) => ({
    kind: 'ban',
    id: String(b.id),
    title: `Ban #${b.id}: ${b.player_name ?? b.steamid ?? 'unknown player'}`,
    subtitle: `${b.reason}${scopeNote(b)}`,
    steamid: b.steamid,
    link: access.players && b.steamid ? `/admin/players/${b.steamid}/bans/${b.id}` : `/bans?q=${b.id}`,
    score: steamid ? 100 : String(b.id) === q.replace('#', '') ? 90 : nameScore(b.player_name, q),
    status: playersBansNotesService.banStatus(b, now),
    createdAt: b.created_at,
  }));
}

async function notes(
  db: Kysely<SearchTables>,
  q: string,
  steamid: string | null,
  access: SearchAccess,
): Promise<SearchHit[]> {
  const rows = await playersBansNotesService.searchNotes(db, q, access.privateNotes, PER_KIND);
  return rows.map((n) => ({
    kind: 'note',
    id: String(n.id),
    title: `Note on ${n.playerName ?? n.steamid}`,
    subtitle: n.body.length > 120 ? `${n.body.slice(0, 117)}...` : n.body,
    steamid: n.steamid,
    link: `/notes?q=${n.steamid}`,
    score: steamid ? 100 : 30,
    createdAt: n.createdAt,
  }));
}

async function servers(db: Kysely<SearchTables>, q: string, access: SearchAccess): Promise<SearchHit[]> {
  const k = q.toLowerCase();
  const hits: SearchHit[] = [];
  for (const group of await serversService.listGroupsWithServers(db)) {
    for (const server of group.servers) {
      const fields = [server.name, server.host, `${server.ip}:${server.port}`].map((f) => f.toLowerCase());
      const score = fields.some((f) => f === k)
        ? 100
        : fields.some((f) => f.startsWith(k))
          ? 60
          : fields.some((f) => f.includes(k))
            ? 30
            : 0;
      if (score === 0) continue;
      hits.push({
        kind: 'server',
        id: server.id,
        title: server.name,
        subtitle: `${group.name} · ${server.host}:${server.port}`,
        steamid: null,
        link: access.signedIn ? `/admin/servers/${group.id}/${server.id}` : '/',
        score,
      });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, PER_KIND);
}

export async function search(
  db: Kysely<SearchTables>,
  rawQuery: string,
  access: SearchAccess,
): Promise<SearchResponse> {
  const q = rawQuery.trim();
  if (!q) return { query: '', groups: [] };
  const steamid = parseSteamId(q);
  // In parallel: on PostgreSQL each kind runs on its own pooled connection.
  const [playerHits, banHits, noteHits, serverHits] = await Promise.all([
    access.players ? players(db, q, steamid) : [],
    bans(db, q, steamid, access),
    notes(db, q, steamid, access),
    servers(db, q, access),
  ]);
  const docHits = docsService.search(access.webRoot, q);
  const results: Array<[SearchKind, SearchHit[]]> = [
    ['player', playerHits],
    ['ban', banHits],
    ['note', noteHits],
    ['server', serverHits],
    ['doc', docHits.filter((hit) => hit.kind === 'doc').slice(0, PER_KIND)],
    ['command', docHits.filter((hit) => hit.kind === 'command').slice(0, PER_KIND)],
  ];
  const groups = results
    .filter(([, hits]) => hits.length > 0)
    .map(([kind, hits]) => ({ kind, hits: [...hits].sort((a, b) => b.score - a.score) }))
    .sort((a, b) => (b.hits[0]?.score ?? 0) - (a.hits[0]?.score ?? 0));
  return { query: q, groups };
}
