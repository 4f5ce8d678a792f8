import {
  CONTRACT_VERSION,
  containerName,
  isContractCompatible,
  type RemoteManifest,
  remoteManifestSchema,
} from '@outpost/contracts';

export type ManifestCheck = { ok: true; manifest: RemoteManifest } | { ok: false; reason: string };

/**
 * Types vanish at a deploy boundary: whatever a remote hands over is checked here
 * before the shell builds a single route from it.
 */
export function validateManifest(containerNameExpected: string, exported: unknown): ManifestCheck {
  const candidate =
    exported && typeof exported === 'object' && 'default' in exported
      ? (exported as { default: unknown }).default
      : exported;
  const parsed = remoteManifestSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, reason: `invalid manifest${where}: ${issue?.message ?? 'unknown problem'}` };
  }
  const manifest = parsed.data;
  if (containerName(manifest.id) !== containerNameExpected) {
    return {
      ok: false,
      reason: `manifest id "${manifest.id}" does not match registry name "${containerNameExpected}"`,
    };
  }
  if (!isContractCompatible(manifest.contractVersion)) {
    return {
      ok: false,
      reason: `built against contract ${manifest.contractVersion}, the shell speaks ${CONTRACT_VERSION}`,
    };
  }
  return { ok: true, manifest };
}
