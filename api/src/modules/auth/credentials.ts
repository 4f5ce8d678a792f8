import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { StreamCredential } from '../../lib/stream-credential';
import { tokenHashFor } from '../../lib/tokens';
import { SESSION_MAX_AGE_S } from './sessions-service';
import type { AuthTables } from './tables';

export type { StreamCredential };

export function credentialOf(request: FastifyRequest): StreamCredential | null {
  const auth = request.auth;
  if (!auth) return null;
  if (auth.via === 'session' && auth.sessionId) {
    return { kind: 'session', sessionId: auth.sessionId, impersonating: auth.impersonatorId ? auth.userId : null };
  }
  const key = /^bearer ([\w-]{1,200})$/i.exec(request.headers.authorization ?? '')?.[1];
  const keyHash = key ? tokenHashFor('apiKey', key) : null;
  return keyHash ? { kind: 'apikey', keyHash } : null;
}

const BATCH = 500;

/** Which credentials still hold, in order: one query per kind and batch of 500. */
export async function liveCredentials(
  db: Kysely<AuthTables>,
  credentials: readonly StreamCredential[],
  absoluteS: number,
): Promise<boolean[]> {
  const sessionIds = [...new Set(credentials.flatMap((c) => (c.kind === 'session' ? [c.sessionId] : [])))];
  const keyHashes = [...new Set(credentials.flatMap((c) => (c.kind === 'apikey' ? [c.keyHash] : [])))];
  const sessions = new Map<string, { impersonating: string | null; login: number; active: number }>();
  for (let from = 0; from < sessionIds.length; from += BATCH) {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'impersonating_user_id', 'login_time', 'last_active'])
      .where('id', 'in', sessionIds.slice(from, from + BATCH))
      .execute();
    for (const row of rows) {
      sessions.set(row.id, {
        impersonating: row.impersonating_user_id,
        login: row.login_time,
        active: row.last_active,
      });
    }
  }
  const keys = new Set<string>();
  for (let from = 0; from < keyHashes.length; from += BATCH) {
    const rows = await db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('key_hash', 'in', keyHashes.slice(from, from + BATCH))
      .execute();
    for (const row of rows) keys.add(row.key_hash);
  }
  const now = nowSeconds();
  return credentials.map((credential) => {
    if (credential.kind === 'apikey') return keys.has(credential.keyHash);
    const session = sessions.get(credential.sessionId);
    return (
      session !== undefined &&
      session.impersonating === credential.impersonating &&
      now - session.login <= absoluteS &&
      now - session.active <= SESSION_MAX_AGE_S
    );
  });
}
