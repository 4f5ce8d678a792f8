import type { AccountsTables } from '../modules/accounts/tables';
import type { AuditTables } from '../modules/audit/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { DiscordTables } from '../modules/discord/tables';
import type { DiscussEventsTables } from '../modules/discuss-events/tables';
import type { FederationTables } from '../modules/federation/tables';
import type { GameTables } from '../modules/game/tables';
import type { ImportsTables } from '../modules/imports/tables';
import type { MetaTables } from '../modules/meta/tables';
import type { NotificationsTables } from '../modules/notifications/tables';
import type { PanelTables } from '../modules/panel/tables';
import type { PlayersBansNotesTables } from '../modules/players-bans-notes/tables';
import type { ReleasesTables } from '../modules/releases/tables';
import type { ServersTables } from '../modules/servers/tables';
import type { SharesAddonsTables } from '../modules/shares-addons/tables';

// The database is the sum of the modules' tables: each module owns its tables and declares
// their row types in its own tables.ts (README, Layout); this file only composes them.
// JSON columns are stored as text on both dialects (see json-column.ts); timestamps are
// integer seconds since the epoch.

export interface Database
  extends AccountsTables,
    AuditTables,
    AuthTables,
    DiscordTables,
    DiscussEventsTables,
    FederationTables,
    GameTables,
    ImportsTables,
    MetaTables,
    NotificationsTables,
    PanelTables,
    PlayersBansNotesTables,
    ReleasesTables,
    ServersTables,
    SharesAddonsTables {}
