import { hasFlag } from '@outpost/contracts';
import type { Principal } from '../../lib/principal';
import { firstGrantBeyondCaller } from '../../lib/privilege-limits';

export interface CommandOverride {
  type: 'command' | 'group';
  name: string;
  flags: string;
}

/** An override's flags as SourceMod reads them: each flag once, in order. */
function normalisedFlags(flags: string): string {
  return [...new Set(flags)].sort().join('');
}

/** The list as stored: one override per type and name (the last one given wins). */
export function uniqueOverrides(overrides: CommandOverride[]): CommandOverride[] {
  const unique = new Map<string, CommandOverride>();
  for (const o of overrides) unique.set(`${o.type}:${o.name}`, { ...o, flags: normalisedFlags(o.flags) });
  return [...unique.values()];
}

/**
 * The one override rule (issue 31 item 6): an override is a grant to everyone holding its
 * flags, so setting, changing or removing one is only for an editor holding every flag it
 * had and every flag it gets, and an override with no flags (SourceMod then lets every
 * player run the command) is only for an editor holding `z`. Closing a public override
 * again needs nothing beyond the flags it gets. Returns why the change from
 * `before` to `after` is refused, or null when the caller may make it.
 */
export function overrideChangeRefusal(
  caller: Principal,
  before: CommandOverride[],
  after: CommandOverride[],
): string | null {
  const old = new Map(uniqueOverrides(before).map((o) => [`${o.type}:${o.name}`, o]));
  const next = new Map(uniqueOverrides(after).map((o) => [`${o.type}:${o.name}`, o]));
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const was = old.get(key);
    const will = next.get(key);
    if (was && will && was.flags === will.flags) continue;
    const name = (was ?? will)?.name ?? key;
    if (was) {
      const beyond = firstGrantBeyondCaller(caller, { flags: was.flags, codes: [] });
      if (beyond) return `You cannot change or remove the override of ${name}: it requires a ${beyond} you do not hold`;
    }
    if (will) {
      const beyond = firstGrantBeyondCaller(caller, { flags: will.flags, codes: [] });
      if (beyond) return `You cannot set the override of ${name} to a ${beyond} you do not hold`;
      if (will.flags === '' && !hasFlag(caller.permissions.flags, 'z')) {
        return `You cannot open ${name} to everyone (an override with no flags): that needs flag z`;
      }
    }
  }
  return null;
}
