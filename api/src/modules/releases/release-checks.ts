import {
  type CatalogCompleteness,
  CONTRACT_VERSION,
  catalogCompletenessSchema,
  isContractCompatible,
  type LabelledRouteTable,
  type RouteTable,
  routeTableLabelsSchema,
  routeTableSchema,
} from '@outpost/contracts';
import semver from 'semver';

/** What a Module Federation build says of one shared module (mf-manifest.json `shared`). */
export interface SharedModule {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

/** What registration reads from a release's files. */
export interface ReleaseFacts {
  routeTable: RouteTable;
  packageVersion: string;
  shared: SharedModule[];
}

/** A release registration refuses: the code says which rule, the message says what to fix. */
export class ReleaseRefused extends Error {
  constructor(
    readonly code: 'INVALID_ROUTE_TABLE' | 'CONTRACT_MISMATCH' | 'SHARED_INCOMPATIBLE' | 'INVALID_BUILD',
    message: string,
  ) {
    super(message);
  }
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'invalid';
  const at = issue.path.map(String).join('.') || '(root)';
  return `at ${at}: ${issue.message}`;
}

/** The build's mf-manifest.json: its package version and shared modules. */
export function readMfManifest(raw: unknown): { packageVersion: string; shared: SharedModule[] } {
  const manifest = raw as {
    metaData?: { buildInfo?: { buildVersion?: unknown } };
    shared?: unknown;
  } | null;
  const packageVersion = manifest?.metaData?.buildInfo?.buildVersion;
  if (typeof packageVersion !== 'string' || !semver.valid(packageVersion) || packageVersion.includes('+')) {
    throw new ReleaseRefused('INVALID_BUILD', 'mf-manifest.json has no valid package version (metaData.buildInfo)');
  }
  if (!Array.isArray(manifest?.shared)) {
    throw new ReleaseRefused('INVALID_BUILD', 'mf-manifest.json lists no shared modules');
  }
  const shared: SharedModule[] = [];
  for (const entry of manifest.shared as Array<Record<string, unknown>>) {
    if (typeof entry?.name !== 'string' || typeof entry.version !== 'string') {
      throw new ReleaseRefused('INVALID_BUILD', 'mf-manifest.json has a shared module without name or version');
    }
    shared.push({
      name: entry.name,
      version: entry.version,
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '*',
      singleton: entry.singleton === true,
    });
  }
  return { packageVersion, shared };
}

/**
 * The route table, checked against the contract's schema and the remote it is published as,
 * with its labels in each locale (kept, so the release's routes are served in the visitor's
 * language; a table whose labels break the schema is refused like any other bad table).
 */
export function checkRouteTable(raw: unknown, remoteId: string): LabelledRouteTable {
  const parsed = routeTableSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ReleaseRefused(
      'INVALID_ROUTE_TABLE',
      `The route table fails the schema ${describeIssue(parsed.error.issues[0])}`,
    );
  }
  if (parsed.data.id !== remoteId) {
    throw new ReleaseRefused(
      'INVALID_ROUTE_TABLE',
      `The route table is of remote "${parsed.data.id}", not "${remoteId}"`,
    );
  }
  const rawLabels = (raw as { labels?: unknown }).labels;
  if (rawLabels === undefined) return parsed.data;
  const labels = routeTableLabelsSchema.safeParse(rawLabels);
  if (!labels.success) {
    throw new ReleaseRefused(
      'INVALID_ROUTE_TABLE',
      `The route table's labels fail the schema ${describeIssue(labels.error.issues[0])}`,
    );
  }
  return { ...parsed.data, labels: labels.data };
}

/** Refuses a release built against another major of the shell <-> remote contract (or a newer minor). */
export function checkContract(routeTable: RouteTable, shellVersion = CONTRACT_VERSION): void {
  if (isContractCompatible(routeTable.contractVersion, shellVersion)) return;
  throw new ReleaseRefused(
    'CONTRACT_MISMATCH',
    `The release speaks contract ${routeTable.contractVersion}; the shell speaks ${shellVersion} (same major, no newer minor needed)`,
  );
}

/**
 * Shared singletons (React, the router, zustand, the host package...) run as one copy, the
 * shell's. A release is compatible when the shell's copy satisfies what the release requires
 * and the release's copy satisfies what the shell requires (whichever copy the runtime picks,
 * both sides get a version they accept). Every problem is named, not only the first.
 */
export function checkSharedSingletons(release: SharedModule[], shell: SharedModule[]): void {
  const shellByName = new Map(shell.map((module) => [module.name, module]));
  const problems: string[] = [];
  for (const module of release) {
    const host = shellByName.get(module.name);
    if (!module.singleton && !host?.singleton) continue;
    if (!host) {
      problems.push(`${module.name}: shared as a singleton by the release but not provided by the shell`);
      continue;
    }
    if (!satisfies(host.version, module.requiredVersion)) {
      problems.push(
        `${module.name}: the shell provides ${host.version}, the release requires ${module.requiredVersion}`,
      );
    } else if (!satisfies(module.version, host.requiredVersion)) {
      problems.push(`${module.name}: the release brings ${module.version}, the shell requires ${host.requiredVersion}`);
    }
  }
  if (problems.length > 0) {
    throw new ReleaseRefused('SHARED_INCOMPATIBLE', `Shared singletons are incompatible: ${problems.join('; ')}`);
  }
}

function satisfies(version: string, range: string): boolean {
  return semver.valid(version) !== null && semver.satisfies(version, range, { includePrerelease: true });
}

/**
 * The build's catalog-completeness.json (keys per locale against English), checked against the
 * contract's schema; null when the build has none (a remote without catalogs, or built before
 * builds counted them). A malformed one is refused like any other bad build file.
 */
export function checkCatalogCompleteness(raw: unknown): CatalogCompleteness | null {
  if (raw === null) return null;
  const parsed = catalogCompletenessSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ReleaseRefused(
      'INVALID_BUILD',
      `catalog-completeness.json fails the schema ${describeIssue(parsed.error.issues[0])}`,
    );
  }
  return parsed.data;
}
