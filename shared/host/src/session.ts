import type { Notification, Provider, RestrictionLimits } from '@outpost/contracts';
import { can } from './can';

export interface SessionUser {
  name: string;
  /** SteamID64. */
  steamid: string;
  avatarhash: string | null;
  /** Outpost user id (absent in sessions saved before it was carried). */
  id?: string;
}

export interface SessionPermissions {
  /** Glob permission patterns. */
  codes: string[];
  /** SourceMod flag letters; may be empty. */
  flags: string;
  immunityLevel: number;
  base: string | null;
  /** The longest ban and comm block the user may give (issue 25); absent in sessions saved before. */
  limits?: RestrictionLimits;
}

export interface BirthdayProfile {
  /** 1-12. */
  birthMonth: number | null;
  birthDate: number | null;
  /** The language they chose (issue 27), null until they choose; absent in sessions saved before. */
  locale?: string | null;
}

/** What the session is made of: the profile answer, as SPEC 3 lists it. */
export interface SessionData {
  user: SessionUser;
  permissions: SessionPermissions;
  impersonatingId: string | null;
  openDiscussions?: number;
  notifications?: Notification[];
  providers?: Record<string, Provider>;
  profile?: BirthdayProfile;
}

/** The signed-in session with its derived values; immutable, replaced on every change. */
export interface Session extends Required<SessionData> {
  readonly id: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  /** can(this session, permission): glob match of the codes, or the superuser flag 'z'. */
  hasPermission(permission: string): boolean;
}

export const INVALID_SESSION_MESSAGE = 'Session is empty or invalid';
/** SPEC 9: the session is cached under the server-console user-data key. */
export const SESSION_STORAGE_KEY = 'server-console:user-data';
const STEAM_AVATAR_HOST = 'https://avatars.steamstatic.com';

/** Steam serves avatars by hash; the full-size jpg. */
export function steamAvatarUrl(hash: string | null | undefined): string | null {
  return hash && /^[0-9a-f]{40}$/i.test(hash) ? `${STEAM_AVATAR_HOST}/${hash}_full.jpg` : null;
}

/** SPEC 5: a session without its user or permissions is refused. */
export function createSession(data: SessionData | null | undefined): Session {
  if (!data || typeof data !== 'object' || !data.user || !data.permissions || !Array.isArray(data.permissions.codes)) {
    throw new Error(INVALID_SESSION_MESSAGE);
  }
  const plain: Required<SessionData> = {
    user: data.user,
    permissions: data.permissions,
    impersonatingId: data.impersonatingId ?? null,
    openDiscussions: data.openDiscussions ?? 0,
    notifications: data.notifications ?? [],
    providers: data.providers ?? {},
    profile: data.profile ?? { birthMonth: null, birthDate: null },
  };
  return {
    ...plain,
    id: plain.user.id ?? plain.user.steamid,
    name: plain.user.name,
    avatarUrl: steamAvatarUrl(plain.user.avatarhash),
    hasPermission: (permission) => can(plain, permission),
  };
}

/** The data of a session, without what is derived from it (what gets stored). */
export function sessionData(session: Session): Required<SessionData> {
  const { user, permissions, impersonatingId, openDiscussions, notifications, providers, profile } = session;
  return { user, permissions, impersonatingId, openDiscussions, notifications, providers, profile };
}
