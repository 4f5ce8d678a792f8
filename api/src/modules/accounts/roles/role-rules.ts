import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { firstGrantBeyondCaller } from '../../../lib/privilege-limits';
import { assertNotImpersonating } from '../act-on';

// The roles editor's two questions, each answered by the one rule the security issue owns:
// may the caller hand out this grant (flags + patterns), and may they act on someone
// (or a role) of this immunity. Every roles route asks through here.

export interface Grant {
  flags: string;
  codes: string[];
  immunityLevel: number;
}

/** 403 unless every flag and pattern in the grant is within what the caller holds, and its immunity within theirs. */
export function assertMayGrant(caller: Principal, grant: Grant, what: string): void {
  // Never with borrowed rights (issue 9 item 6).
  assertNotImpersonating(caller);
  const beyond = firstGrantBeyondCaller(caller, grant);
  if (beyond) throw new HttpError(403, 'FORBIDDEN', `You cannot give a ${beyond} you do not hold yourself`);
  assertMayActOnImmunity(caller, grant.immunityLevel, what);
}

/** 403 when the target's immunity is above the caller's. */
export function assertMayActOnImmunity(caller: Principal, immunityLevel: number, what: string): void {
  if (immunityLevel > caller.permissions.immunityLevel) {
    throw new HttpError(
      403,
      'IMMUNITY',
      `${what} has a higher immunity (${immunityLevel}) than yours (${caller.permissions.immunityLevel})`,
    );
  }
}
