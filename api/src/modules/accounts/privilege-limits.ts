import { hasFlag, hasPermission, PERMISSION_CATALOGUE } from '@outpost/contracts';
import { principalHas } from '../../plugins/authorization';
import type { Principal } from './principal';

// Nobody hands out more than they hold: an editor may give only flags they have and
// permission patterns whose every matching code they hold themselves. The superuser
// ('z') may give anything.

// Catalogue codes to test a granted pattern against; 'servers.action.*' stands for any action.
const CATALOGUE_SAMPLES = Object.keys(PERMISSION_CATALOGUE).map((code) => code.replace(/\*$/, 'any-action'));

/** The first flag or code in the grant the caller does not hold themselves, else null. */
export function firstGrantBeyondCaller(caller: Principal, grant: { flags: string; codes: string[] }): string | null {
  if (hasFlag(caller.permissions.flags, 'z', true)) return null;
  for (const flag of grant.flags) {
    if (!caller.permissions.flags.includes(flag)) return `flag ${flag}`;
  }
  for (const pattern of grant.codes) {
    const literal = !/[*?[\]{}!()]/.test(pattern);
    const covered = literal ? [pattern] : CATALOGUE_SAMPLES.filter((code) => hasPermission([pattern], code));
    const missing = covered.find((code) => !principalHas(caller, code));
    if (missing) return `permission ${missing}`;
  }
  return null;
}
