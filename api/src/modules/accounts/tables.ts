import type { ColumnType } from 'kysely';

// Row types of the tables the accounts module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through accounts's door.

export interface UsersTable {
  id: string;
  steamid: string | null;
  name: string;
  avatar_hash: string | null;
  /** SourceMod flag letters held directly (roles add theirs). */
  flags: string;
  immunity: number;
  /** JSON array of glob permission codes held directly. */
  permission_codes: string;
  birth_month: number | null;
  birth_date: number | null;
  /** The language they chose (a LOCALES code), null until they choose. Optional on insert. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

export interface RolesTable {
  id: string;
  name: string;
  flags: string;
  immunity: number;
  permission_codes: string;
  created_at: number;
  /** Longest ban its holders may give, seconds; null = no limit (issue 25 item 4). */
  ban_max_seconds: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Longest mute, gag or silence; null = no limit. */
  comm_max_seconds: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** 1: a permanent one too, although a limit is set. */
  may_give_permanent: ColumnType<number, number | undefined, number>;
  /** 1: may lift bans other admins gave. */
  may_lift_others: ColumnType<number, number | undefined, number>;
  /** JSON array of the server groups its holders' bans are held to (issue 25 item 3); null = any scope. */
  ban_group_ids: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

export interface AccountsTables {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
}
