import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../../db/schema-helpers';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { hashToken, issueToken, tokenHashFor } from '../../lib/tokens';
import { COMMANDS_CHANNEL, tokenRotated } from './game-commands';
import { cachedToken, keepToken, TOKEN_ROTATED_PREFIX } from './game-token-cache';
import type { GameTables } from './tables';

// Per-server plugin tokens: shown once when created or rotated, stored only as sha256.

const serverOfRequest = new WeakMap<FastifyRequest, string>();

export async function tokenStatus(db: Kysely<GameTables>, serverId: string) {
  const row = await db.selectFrom('game_tokens').selectAll().where('server_id', '=', serverId).executeTakeFirst();
  return { serverId, exists: Boolean(row), createdAt: row?.created_at ?? null, lastUsed: row?.last_used ?? null };
}

export async function hasPluginToken(db: Kysely<GameTables>, serverId: string): Promise<boolean> {
  const row = await db
    .selectFrom('game_tokens')
    .select('server_id')
    .where('server_id', '=', serverId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates the server's token, or replaces it: the old one stops working at once. */
export async function rotateToken(db: Kysely<GameTables>, serverId: string): Promise<string> {
  const token = issueToken('gameServer');
  const now = nowSeconds();
  await db
    .insertInto('game_tokens')
    .values({ server_id: serverId, token_hash: hashToken(token), created_at: now, last_used: null })
    .onConflict((oc) =>
      oc.column('server_id').doUpdateSet({ token_hash: hashToken(token), created_at: now, last_used: null }),
    )
    .execute();
  // The old token ends at once, its command sockets too: here before answering, elsewhere on
  // hearing this (game-token-cache.ts, game-command-socket.ts).
  tokenRotated(db, serverId);
  if (!isSqlite(db)) await sql`select pg_notify(${COMMANDS_CHANNEL}, ${TOKEN_ROTATED_PREFIX + serverId})`.execute(db);
  return token;
}

/**
 * The one plugin token rule: `Authorization: Bearer <token>` -> the server it belongs to, else
 * 401. Every /api/game route runs it (requireGameServer) and so does the command socket's
 * upgrade and its periodic re-check (game-command-socket.ts).
 */
export function gameServerCheck(db: Kysely<GameTables>) {
  const sqlite = isSqlite(db);
  return async function serverOfAuthorization(header: string | undefined): Promise<string> {
    const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header ?? '');
    if (!match)
      throw new HttpError(401, 'UNAUTHORIZED', 'A game server token is required (Authorization: Bearer <token>)');
    const tokenHash = tokenHashFor('gameServer', match[1] as string);
    const now = nowSeconds();
    const kept = tokenHash && !sqlite ? cachedToken(db, tokenHash) : undefined;
    if (kept && kept.lastUsed !== null && now - kept.lastUsed < 60) return kept.serverId;
    const row = tokenHash
      ? await db
          .selectFrom('game_tokens')
          .select(['server_id', 'last_used'])
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new HttpError(401, 'UNAUTHORIZED', 'This game server token is not valid (rotated or never issued)');
    let lastUsed = row.last_used === null ? null : Number(row.last_used);
    // One write a minute at most: the connect check must stay a read.
    if (lastUsed === null || now - lastUsed >= 60) {
      await db.updateTable('game_tokens').set({ last_used: now }).where('server_id', '=', row.server_id).execute();
      lastUsed = now;
    }
    if (tokenHash && !sqlite) keepToken(db, tokenHash, row.server_id, lastUsed);
    return row.server_id;
  };
}

/** onRequest for /api/game/*: gameServerCheck on the request's header; gameServerOf then answers the server. */
export function requireGameServer(db: Kysely<GameTables>) {
  const check = gameServerCheck(db);
  return async function gameServerGuard(request: FastifyRequest): Promise<void> {
    serverOfRequest.set(request, await check(request.headers.authorization));
  };
}

export function gameServerOf(request: FastifyRequest): string {
  const serverId = serverOfRequest.get(request);
  if (!serverId) throw new HttpError(401, 'UNAUTHORIZED', 'A game server token is required');
  return serverId;
}
