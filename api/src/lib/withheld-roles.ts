import type { Kysely } from 'kysely';

// Which of a user's roles the second-factor policy withholds now (issue 31: a role that requires
// a factor the holder has not enrolled grants nothing) is the auth module's to say. The accounts
// module needs it for limits per role (issue 25 item 4) on every path, but cannot ask auth
// (auth imports accounts): auth provides the answer here when it loads, accounts reads it.

type WithheldRoleSource = (db: Kysely<never>, userId: string) => Promise<readonly string[]>;

let source: WithheldRoleSource | null = null;

/** The auth module says how to find a user's withheld roles (the same function for every app). */
export function provideWithheldRoles(find: WithheldRoleSource): void {
  source = find;
}

/** The user's roles withheld for a missing second factor now (none when auth is not loaded). */
export async function withheldRolesOf(db: object, userId: string): Promise<readonly string[]> {
  return source ? source(db as Kysely<never>, userId) : [];
}
