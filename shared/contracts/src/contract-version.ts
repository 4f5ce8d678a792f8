/**
 * The version of the shell <-> remote contract (manifest shape and host API).
 * A remote built against a different major, or a newer minor, than the shell
 * understands is refused at load time rather than half-working.
 */
export const CONTRACT_VERSION = '1.0.0';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

export function parseVersion(version: string): [number, number, number] | null {
  const match = SEMVER.exec(version);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** A remote is compatible when it shares the shell's major and needs no newer minor. */
export function isContractCompatible(remoteVersion: string, shellVersion = CONTRACT_VERSION): boolean {
  const remote = parseVersion(remoteVersion);
  const shell = parseVersion(shellVersion);
  if (!remote || !shell) return false;
  return remote[0] === shell[0] && remote[1] <= shell[1];
}
