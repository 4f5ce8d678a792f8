import type { Kysely } from 'kysely';
import type { AuthTables } from '../tables';
import { findLinkByAccount, findLinkOfUser } from './provider-links-repository';

/**
 * The Outpost user who linked this Discord account, or null: who a Discord slash command acts
 * as (issue 26). A link whose token refresh failed still names its user: the command needs
 * no Discord token, only who they are.
 */
export async function userLinkedToDiscord(db: Kysely<AuthTables>, discordUserId: string): Promise<string | null> {
  return (await findLinkByAccount(db, 'discord', discordUserId))?.user_id ?? null;
}

/** The Discord account this user linked, or null: whose guild roles Discord role sync changes (issue 26 item 5). */
export async function discordIdOfUser(db: Kysely<AuthTables>, userId: string): Promise<string | null> {
  return (await findLinkOfUser(db, userId, 'discord'))?.provider_user_id ?? null;
}
