import fs from 'node:fs';
import path from 'node:path';
import {
  CANARY_MINUTES,
  type CatalogCompleteness,
  containerName,
  type RegistryEntry,
  type RemoteRelease,
  type RemoteSummary,
  type RouteTable,
  registrySchema,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { auditService } from '../audit';
import {
  checkCatalogCompleteness,
  checkContract,
  checkRouteTable,
  checkSharedSingletons,
  ReleaseRefused,
  readMfManifest,
  type SharedModule,
} from './release-checks';
import { type ReceivedBuild, readBuildJson, releaseDir, removeDir, settleBuild } from './release-files';
import {
  activeReleases,
  canariesOf,
  clearCanary,
  compareAndSetActive,
  findActive,
  findRelease,
  healthOf,
  insertRelease,
  listActive,
  listReleases,
  markPruned,
  nextSequence,
  type ReleaseRow,
  resetHealth,
  routeTableOf,
  setActivatedAt,
  setCanary,
  toRelease,
} from './releases-repository';
import type { ReleasesTables } from './tables';

type Db = Kysely<ReleasesTables>;

export interface Actor {
  id: string | null;
  name: string;
}

export interface ReleaseStore {
  /** Folder whose remotes/<id>/<version>/ hold the releases. */
  root: string;
  /** Releases per remote whose files stay. */
  keep: number;
  /** The shell's shared modules, from its mf-manifest.json (read when needed: the shell may be rebuilt). */
  shellShared(): Promise<SharedModule[]>;
}

/** What a remote's build writes its catalogs' completeness to (shared/build catalog-completeness.mjs). */
const CATALOG_COMPLETENESS_FILE = 'catalog-completeness.json';

/** The URL the shell loads a release from (served by the static site from the release folder). */
export function releaseEntry(remoteId: string, version: string): string {
  return `/remotes/${remoteId}/${version}/mf-manifest.json`;
}

/** The shell's shared modules as its build declared them (mf-manifest.json beside index.html). */
export async function readShellShared(webRoot: string | null): Promise<SharedModule[]> {
  if (!webRoot) throw new HttpError(503, 'NO_SHELL', 'No shell build is served here: releases cannot be checked');
  const raw = await readBuildJson(path.join(webRoot, 'shell/dist'), 'mf-manifest.json');
  if (raw === null) throw new HttpError(503, 'NO_SHELL', 'No shell build is served here: releases cannot be checked');
  return readMfManifest(raw).shared;
}

/**
 * Registers a received build as a release of `remoteId`: checks its route table, contract
 * and shared singletons (refusing with the reason, nothing kept), then moves it to
 * remotes/<id>/<package version>+<content hash>/ and records it. The same build published
 * twice is the same release (created: false).
 */
export async function registerRelease(
  db: Db,
  store: ReleaseStore,
  remoteId: string,
  received: ReceivedBuild,
  actor: Actor,
): Promise<{ release: RemoteRelease; created: boolean }> {
  let routeTable: RouteTable;
  let packageVersion: string;
  let shared: SharedModule[];
  let catalogs: CatalogCompleteness | null;
  try {
    const rawTable = await readBuildJson(received.dir, 'route-table.json');
    const rawManifest = await readBuildJson(received.dir, 'mf-manifest.json');
    if (rawTable === null) throw new ReleaseRefused('INVALID_BUILD', 'The build has no readable route-table.json');
    if (rawManifest === null) throw new ReleaseRefused('INVALID_BUILD', 'The build has no readable mf-manifest.json');
    routeTable = checkRouteTable(rawTable, remoteId);
    checkContract(routeTable);
    ({ packageVersion, shared } = readMfManifest(rawManifest));
    checkSharedSingletons(shared, await store.shellShared());
    catalogs = checkCatalogCompleteness(await readBuildJson(received.dir, CATALOG_COMPLETENESS_FILE));
  } catch (error) {
    await removeDir(received.dir);
    if (error instanceof ReleaseRefused) throw new HttpError(422, error.code, error.message);
    throw error;
  }
  const version = `${packageVersion}+${received.contentHash.slice(0, 12)}`;
  const existing = await findRelease(db, remoteId, version);
  if (existing && existing.status === 'available') {
    await removeDir(received.dir);
    return { release: toRelease(existing), created: false };
  }
  const target = releaseDir(store.root, remoteId, version);
  if (existing) await removeDir(target);
  await settleBuild(received, target);
  const row: ReleaseRow = {
    remote_id: remoteId,
    version,
    entry: releaseEntry(remoteId, version),
    route_table: toJsonColumn(routeTable),
    contract_version: routeTable.contractVersion,
    shared_versions: toJsonColumn(
      Object.fromEntries(shared.filter((module) => module.singleton).map((module) => [module.name, module.version])),
    ),
    published_by: actor.id,
    published_by_name: actor.name,
    published_at: nowSeconds(),
    sequence: 0,
    status: 'available',
    activated_at: null,
    catalogs: catalogs === null ? null : toJsonColumn(catalogs),
  };
  await db.transaction().execute(async (trx) => {
    row.sequence = await nextSequence(trx, remoteId);
    if (existing) {
      // Re-publishing a pruned release brings its files back.
      await trx
        .updateTable('remote_releases')
        .set({
          status: 'available',
          published_at: row.published_at,
          sequence: row.sequence,
          published_by: actor.id,
          published_by_name: actor.name,
          catalogs: row.catalogs,
        })
        .where('remote_id', '=', remoteId)
        .where('version', '=', version)
        .execute();
    } else {
      await insertRelease(trx, row);
    }
    await auditService.writeAudit(trx, {
      client: actor.id,
      clientName: actor.name,
      target: remoteId,
      targetName: remoteId,
      message: `Published release ${version} of remote ${remoteId}`,
    });
  });
  await pruneReleases(db, store, remoteId);
  const stored = await findRelease(db, remoteId, version);
  return { release: toRelease(stored as ReleaseRow), created: true };
}

/**
 * Makes `version` the remote's active release if `expectedActive` is still the active one
 * (compare-and-set): two people activating at once cannot silently undo one another.
 * Effective on each browser's next page load. Rolling back is activating an earlier release.
 */
export async function activateRelease(
  db: Db,
  store: ReleaseStore,
  remoteId: string,
  version: string,
  expectedActive: string | null,
  actor: Actor,
): Promise<RemoteRelease> {
  const release = await findRelease(db, remoteId, version);
  if (!release) throw new HttpError(404, 'NOT_FOUND', `Remote ${remoteId} has no release ${version}`);
  if (release.status !== 'available') {
    throw new HttpError(
      409,
      'RELEASE_PRUNED',
      `Release ${version} of ${remoteId} was pruned: its files are gone. Publish it again first`,
    );
  }
  const now = nowSeconds();
  const previous = expectedActive === null ? null : await findRelease(db, remoteId, expectedActive);
  const won = await db.transaction().execute(async (trx) => {
    const swapped = await compareAndSetActive(trx, remoteId, expectedActive, {
      version,
      activatedAt: now,
      activatedBy: actor.name,
    });
    if (!swapped) return false;
    await setActivatedAt(trx, remoteId, version, now);
    // The release's health counts from its activation.
    await resetHealth(trx, remoteId, version);
    const rollback =
      previous !== undefined && previous !== null && Number(previous.sequence) > Number(release.sequence);
    await auditService.writeAudit(trx, {
      client: actor.id,
      clientName: actor.name,
      target: remoteId,
      targetName: remoteId,
      message: rollback
        ? `Rolled back remote ${remoteId} to release ${version} (was ${expectedActive})`
        : `Activated release ${version} of remote ${remoteId} (was ${expectedActive ?? 'the bootstrap build'})`,
    });
    return true;
  });
  if (!won) {
    const current = await findActive(db, remoteId);
    throw new HttpError(
      409,
      'ACTIVE_CHANGED',
      `Remote ${remoteId} now runs ${current?.version ?? 'no release'}, not ${expectedActive ?? 'no release'}: someone else activated a release meanwhile (${current?.activated_by ?? 'unknown'}). Reload and decide again`,
    );
  }
  await pruneReleases(db, store, remoteId);
  return toRelease((await findRelease(db, remoteId, version)) as ReleaseRow);
}

/**
 * Keeps the files of the remote's newest `keep` releases (and of the active one, however
 * old); older releases' folders are removed and they are marked pruned.
 */
export async function pruneReleases(db: Db, store: ReleaseStore, remoteId: string): Promise<string[]> {
  const active = await findActive(db, remoteId);
  const releases = (await listReleases(db, remoteId)).filter((row) => row.status === 'available');
  const pruned: string[] = [];
  for (const row of releases.slice(store.keep)) {
    if (row.version === active?.version) continue;
    await markPruned(db, remoteId, row.version);
    await removeDir(releaseDir(store.root, remoteId, row.version));
    pruned.push(row.version);
  }
  return pruned;
}

export async function startCanary(
  db: Db,
  remoteId: string,
  version: string,
  sessionId: string,
  actor: Actor,
): Promise<{ version: string; expiresAt: number }> {
  const release = await findRelease(db, remoteId, version);
  if (!release) throw new HttpError(404, 'NOT_FOUND', `Remote ${remoteId} has no release ${version}`);
  if (release.status !== 'available')
    throw new HttpError(409, 'RELEASE_PRUNED', `Release ${version} of ${remoteId} was pruned`);
  const expiresAt = nowSeconds() + CANARY_MINUTES * 60;
  await db.transaction().execute(async (trx) => {
    await setCanary(trx, { session_id: sessionId, remote_id: remoteId, version, expires_at: expiresAt });
    await auditService.writeAudit(trx, {
      client: actor.id,
      clientName: actor.name,
      target: remoteId,
      targetName: remoteId,
      message: `Started trying release ${version} of remote ${remoteId} in their own browser for ${CANARY_MINUTES} minutes`,
    });
  });
  return { version, expiresAt };
}

export async function stopCanary(db: Db, remoteId: string, sessionId: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await clearCanary(trx, sessionId, remoteId))) return;
    await auditService.writeAudit(trx, {
      client: actor.id,
      clientName: actor.name,
      target: remoteId,
      targetName: remoteId,
      message: `Stopped trying a release of remote ${remoteId} in their own browser`,
    });
  });
}

/** Remote ids of the bootstrap registry (deploy/remotes.json), for remotes with no release yet. */
export async function readBootstrap(registryPath: string): Promise<RegistryEntry[]> {
  try {
    const parsed = registrySchema.safeParse(JSON.parse(await fs.promises.readFile(registryPath, 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The remotes page: every remote (bootstrap or released), its active release, health and history. */
export async function summarizeRemotes(
  db: Db,
  bootstrapIds: string[],
  sessionId: string | null,
): Promise<RemoteSummary[]> {
  const [releases, actives, canaries] = await Promise.all([
    listReleases(db),
    listActive(db),
    sessionId ? canariesOf(db, sessionId, nowSeconds()) : Promise.resolve([]),
  ]);
  const ids = [...new Set([...bootstrapIds, ...releases.map((row) => row.remote_id)])];
  return Promise.all(
    ids.map(async (id) => {
      const active = actives.find((row) => row.remote_id === id) ?? null;
      const canary = canaries.find((row) => row.remote_id === id);
      return {
        id,
        active: active
          ? { version: active.version, activatedAt: Number(active.activated_at), activatedBy: active.activated_by }
          : null,
        health: active ? await healthOf(db, id, active.version) : null,
        canary: canary ? { version: canary.version, expiresAt: Number(canary.expires_at) } : null,
        releases: releases.filter((row) => row.remote_id === id).map(toRelease),
      };
    }),
  );
}

/** Route prefixes a remote owns, from its route table: what it shows "unavailable" for when it fails. */
function prefixesOf(table: RouteTable | null): string[] {
  const prefixes = new Set<string>();
  for (const route of table?.routes ?? []) {
    const first = route.path.split('/')[1] ?? '';
    prefixes.add(first === '' || first.startsWith(':') ? '/' : `/${first}`);
  }
  return [...prefixes].slice(0, 20);
}

/**
 * /remotes.json: the bootstrap registry with each remote that has an active release pointed
 * at it (its route table inlined), released remotes the bootstrap does not know appended,
 * and this session's canaries (staff with remotes.publish) in place of the active release.
 */
export async function servedRegistry(
  db: Db,
  bootstrap: RegistryEntry[],
  canarySession: string | null,
): Promise<RegistryEntry[]> {
  const [actives, canaries] = await Promise.all([
    activeReleases(db),
    canarySession ? canariesOf(db, canarySession, nowSeconds()) : Promise.resolve([]),
  ]);
  if (actives.length === 0 && canaries.length === 0) return bootstrap;
  const served = new Map<string, { row: ReleaseRow; canary: boolean }>();
  for (const row of actives) served.set(row.remote_id, { row, canary: false });
  for (const row of canaries) served.set(row.remote_id, { row, canary: true });
  const entryOf = (id: string, prefixes: string[] | undefined): RegistryEntry | null => {
    const found = served.get(id);
    if (!found) return null;
    const table = routeTableOf(found.row);
    return {
      name: containerName(id),
      entry: found.row.entry,
      prefixes: prefixes ?? prefixesOf(table),
      routeTable: table ?? undefined,
      version: found.row.version,
      ...(found.canary ? { canary: true } : {}),
    };
  };
  const result: RegistryEntry[] = [];
  const seen = new Set<string>();
  for (const entry of bootstrap) {
    const id = entry.name.replaceAll('_', '-');
    seen.add(id);
    result.push(entryOf(id, entry.prefixes) ?? entry);
  }
  for (const id of served.keys()) {
    if (seen.has(id)) continue;
    const entry = entryOf(id, undefined);
    if (entry) result.push(entry);
  }
  return result.slice(0, 50);
}
