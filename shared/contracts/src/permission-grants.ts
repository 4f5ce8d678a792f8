import { globWithin } from './permission-globs';
import { hasFlag } from './permissions';

export interface PrivilegeHolding {
  /** SourceMod flag letters. */
  flags: string;
  /** Permission glob patterns. */
  patterns: readonly string[];
}

/**
 * The grant-limit rule every grant path uses (user privileges, roles and their grants,
 * game admin identities, command overrides): the first flag or pattern in `grant` the
 * granter does not hold themselves, described for a 403 message, else null. The
 * superuser ('z', strictly) may grant anything; any other granter needs each flag
 * itself and each pattern included in their own (see globWithin).
 */
export function firstGrantBeyond(granter: PrivilegeHolding, grant: PrivilegeHolding): string | null {
  if (hasFlag(granter.flags, 'z', true)) return null;
  for (const flag of grant.flags) {
    if (!granter.flags.includes(flag)) return `flag ${flag}`;
  }
  for (const pattern of grant.patterns) {
    const inclusion = globWithin(pattern, granter.patterns);
    if (inclusion.included) continue;
    if (inclusion.reason === 'uncovered') return `permission ${pattern} (it matches ${inclusion.witness})`;
    return `permission ${pattern} (its reach cannot be proven within your own)`;
  }
  return null;
}
