import { firstGrantBeyond } from '@outpost/contracts';
import type { Principal } from './principal';

/**
 * The first flag or permission pattern in the grant the caller does not hold themselves,
 * else null: the one grant rule (firstGrantBeyond in @outpost/contracts, glob inclusion
 * decided on the patterns), applied to a signed-in caller.
 */
export function firstGrantBeyondCaller(caller: Principal, grant: { flags: string; codes: string[] }): string | null {
  return firstGrantBeyond(
    { flags: caller.permissions.flags, patterns: caller.permissions.codes },
    { flags: grant.flags, patterns: grant.codes },
  );
}
