import {
  CONTRACT_VERSION,
  containerName,
  isContractCompatible,
  type RemoteManifest,
  type RouteTable,
  remoteManifestSchema,
  routeTableSchema,
} from '@outpost/contracts/browser';

type Check<K extends string, T> = ({ ok: true } & Record<K, T>) | { ok: false; reason: string };
export type ManifestCheck = Check<'manifest', RemoteManifest>;
export type RouteTableCheck = Check<'table', RouteTable>;

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}
interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Shape, id against the registry name, contract version: the same rules for a manifest and a route table. */
function check<T extends { id: string; contractVersion: string }>(
  schema: Schema<T>,
  what: string,
  containerNameExpected: string,
  candidate: unknown,
): { ok: true; value: T } | { ok: false; reason: string } {
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
    return { ok: false, reason: `invalid ${what}${where}: ${issue?.message ?? 'unknown problem'}` };
  }
  const value = parsed.data;
  if (containerName(value.id) !== containerNameExpected) {
    return { ok: false, reason: `${what} id "${value.id}" does not match registry name "${containerNameExpected}"` };
  }
  if (!isContractCompatible(value.contractVersion)) {
    return {
      ok: false,
      reason: `built against contract ${value.contractVersion}, the shell speaks ${CONTRACT_VERSION}`,
    };
  }
  return { ok: true, value };
}

/**
 * Types vanish at a deploy boundary: whatever a remote hands over is checked here
 * before the shell builds a single route from it or renders one of its pages.
 */
export function validateManifest(containerNameExpected: string, exported: unknown): ManifestCheck {
  const candidate =
    exported && typeof exported === 'object' && 'default' in exported
      ? (exported as { default: unknown }).default
      : exported;
  const result = check(remoteManifestSchema, 'manifest', containerNameExpected, candidate);
  return result.ok ? { ok: true, manifest: result.value } : result;
}

/** A route table read from /remotes.json or beside a remote's entry, before any of its code runs. */
export function validateRouteTable(containerNameExpected: string, candidate: unknown): RouteTableCheck {
  const result = check(routeTableSchema, 'route table', containerNameExpected, candidate);
  return result.ok ? { ok: true, table: result.value } : result;
}
