// Budget (issue 29, DESIGN section 5): verifying a federation feed page of 1,000 entries
// ≤ 50 ms. A real chain made with the publisher's own functions and key (Ed25519, sha256),
// verified as a subscriber does (the chain, then the last entry's signature); the same
// run also times checking every entry's signature one by one, the cost the chain avoids.

import { generateKeyPairSync } from 'node:crypto';
import { entryHash, GENESIS, signatureHolds, signHash, verifyPage } from '../api/src/modules/federation/feed-chain';
import type { FederationEntry } from '../shared/contracts/src/federation';
import type { BenchResult } from './run';

const ENTRIES = 1000;
const RUNS = 40;
const BUDGET_MS = 50;
const SITE = 'https://bench.example';

function chain(): { entries: FederationEntry[]; publicKey: ReturnType<typeof generateKeyPairSync>['publicKey'] } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const entries: FederationEntry[] = [];
  let prev = GENESIS;
  for (let seq = 1; seq <= ENTRIES; seq += 1) {
    const fields = {
      seq,
      entryId: String(100_000 + seq),
      action: 'ban' as const,
      kind: 'ban' as const,
      steamid: String(76561197960265728n + BigInt(seq)),
      category: 'cheating' as const,
      length: seq % 3 === 0 ? null : 86_400 * (seq % 30),
      createdAt: 1_763_780_000 + seq,
      expiresAt: seq % 3 === 0 ? null : 1_763_780_000 + seq + 86_400 * (seq % 30),
      liftedAt: null,
      publishedAt: 1_763_780_100 + seq,
      prev,
    };
    const hash = entryHash(SITE, fields);
    entries.push({ ...fields, hash, signature: signHash(hash, privateKey) });
    prev = hash;
  }
  return { entries, publicKey };
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1] ?? Infinity;

export default async function federationVerify(): Promise<BenchResult[]> {
  const { entries, publicKey } = chain();
  // A page as it comes over the wire: parsed from JSON, not the objects that made it.
  const wire = JSON.stringify(entries);
  const page: number[] = [];
  const each: number[] = [];
  let ok = true;
  for (let run = 0; run < RUNS; run += 1) {
    let started = performance.now();
    const parsed = JSON.parse(wire) as FederationEntry[];
    ok &&= verifyPage(SITE, parsed, { seq: 0, hash: GENESIS }, publicKey).ok;
    page.push(performance.now() - started);
    if (run % 4 === 0) {
      started = performance.now();
      for (const entry of parsed) ok &&= signatureHolds(entry.hash, entry.signature, publicKey);
      each.push(performance.now() - started);
    }
  }
  const measured = p95(page);
  return [
    {
      budget: `federation: verify a feed page of ${ENTRIES} entries (p95 of ${RUNS})`,
      limit: `≤ ${BUDGET_MS} ms`,
      baseline: `every signature one by one: ${p95(each).toFixed(1)} ms`,
      measured: `${measured.toFixed(1)} ms${ok ? '' : ' (a verification failed)'}`,
      ok: ok && measured <= BUDGET_MS,
      value: measured,
      better: 'lower',
    },
  ];
}
