import type { ServerAction, ServerGroup, ServerGroupSummary } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
/** Groups in display order, each with its servers and their last known status. */
export declare function listGroupsWithServers(db: Kysely<Database>): Promise<ServerGroup[]>;
/** A server's own action replaces the group's action with the same command. */
export declare function mergeActions(groupActions: ServerAction[], serverActions: ServerAction[]): ServerAction[];
export declare function listGroupSummaries(db: Kysely<Database>): Promise<ServerGroupSummary[]>;
