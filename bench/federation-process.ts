// Run by federation-catchup.bench.ts in a process of its own, so the catch-up's time is its own:
// in the bench's process it ran after every other bench and paid for what they left (a full run
// measured 26.4 s applied as bans on SQLite, the same code 18.0 s alone).
// `tsx federation-process.ts <sqlite|postgres> <review|apply> <entries>` starts two real sites on
// loopback, seeds the publisher's feed as its publisher writes it (a real signed chain, in bulk),
// has the subscriber read it page after page, verifying each, taking every entry (review mode:
// kept for staff; apply mode: each becomes a local ban), and prints {seconds} as JSON.

import { createPrivateKey } from 'node:crypto';
import net from 'node:net';
import { signingKey } from '../api/src/modules/federation/federation-keys';
import { entryHash, GENESIS, signHash } from '../api/src/modules/federation/feed-chain';
import { signInAs, startTestApp, type TestApp } from '../api/src/test-support/test-app';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';

type FederationDb = Parameters<typeof signingKey>[0];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function seedFeed(origin: TestApp, site: string, count: number): Promise<void> {
  const db = origin.database.db as unknown as FederationDb;
  const key = await signingKey(db);
  const privateKey = createPrivateKey(key.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const now = Math.floor(Date.now() / 1000) - 40 * 86_400;
  let prev = GENESIS;
  let rows: Record<string, unknown>[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const fields = {
      seq,
      entryId: String(seq),
      action: 'ban' as const,
      kind: 'ban' as const,
      steamid: String(76561197960265728n + BigInt(seq)),
      category: 'cheating' as const,
      length: null,
      createdAt: now + seq,
      expiresAt: null,
      liftedAt: null,
      publishedAt: now + seq,
      prev,
    };
    const hash = entryHash(site, fields);
    rows.push({
      seq,
      entry_id: fields.entryId,
      action: 'ban',
      kind: 'ban',
      steamid: fields.steamid,
      category: 'cheating',
      length: null,
      created_at: fields.createdAt,
      expires_at: null,
      lifted_at: null,
      published_at: fields.publishedAt,
      prev,
      hash,
      signature: signHash(hash, privateKey),
    });
    prev = hash;
    if (rows.length === 500 || seq === count) {
      await db
        .insertInto('federation_feed')
        .values(rows as never)
        .execute();
      rows = [];
    }
  }
}

async function catchUp(kind: TestDatabase, count: number, mode: 'review' | 'apply'): Promise<number> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const origin = await startTestApp(kind, { PUBLIC_URL: site });
  const here = await startTestApp(kind, {
    FEDERATION_TRUSTED_HOSTS: `127.0.0.1:${port}`,
    FEDERATION_POLL_INTERVAL_MS: '3600000',
  });
  try {
    await origin.app.listen({ port, host: '127.0.0.1' });
    await seedFeed(origin, site, count);
    const owner = await signInAs(here, { name: 'Owner', flags: 'z' });
    const fingerprint = (await signingKey(origin.database.db as unknown as FederationDb)).fingerprint;
    const created = await here.app.inject({
      method: 'POST',
      url: '/api/panel/federation/subscriptions',
      headers: owner.headers,
      payload: { site, fingerprint, categories: ['cheating'], mode },
    });
    const { id } = created.json() as { id: string };
    const started = performance.now();
    const read = await here.app.inject({
      method: 'POST',
      url: `/api/panel/federation/subscriptions/${id}/read`,
      headers: owner.headers,
    });
    const seconds = (performance.now() - started) / 1000;
    const held = (read.json() as { heldSeq: number }).heldSeq;
    if (held !== count) throw new Error(`caught up to ${held} of ${count}: ${read.body.slice(0, 300)}`);
    return seconds;
  } finally {
    await here.close();
    await origin.close();
  }
}

const [kindName, mode, entries] = process.argv.slice(2);
// testDatabases() reads TEST_DATABASE_URL (run.ts sets it from BENCH_DATABASE_URL).
const kind = testDatabases().find((known) => known.name === kindName);
if (!kind || (mode !== 'review' && mode !== 'apply') || !Number(entries))
  throw new Error('usage: federation-process.ts <sqlite|postgres> <review|apply> <entries>');
const seconds = await catchUp(kind, Number(entries), mode);
process.stdout.write(`${JSON.stringify({ seconds })}\n`);
