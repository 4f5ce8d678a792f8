import type { Ban, FederationCategory } from '@outpost/contracts';
import { i18n } from '@outpost/host';
import { actorText } from './actor-text';

// A ban taken from a federation feed is stored with an English reason ('Cheating (from
// Neighbour)') and admin ('Federation: Neighbour'): the words game servers kick with and exports
// show. Readers get them in their language, made from the ban's origin (issue 27), never by
// reading the English; a ban taken before the origin kept its name and category shows the stored text.

const CATEGORY_KEYS = {
  cheating: 'players-bans-notes.bans.federated.category.cheating',
  exploiting: 'players-bans-notes.bans.federated.category.exploiting',
  griefing: 'players-bans-notes.bans.federated.category.griefing',
  harassment: 'players-bans-notes.bans.federated.category.harassment',
  'hate-speech': 'players-bans-notes.bans.federated.category.hate-speech',
  spam: 'players-bans-notes.bans.federated.category.spam',
  'ban-evasion': 'players-bans-notes.bans.federated.category.ban-evasion',
  other: 'players-bans-notes.bans.federated.category.other',
} satisfies Record<FederationCategory, string>;

type BanWords = Pick<Ban, 'reason' | 'origin'>;

/**
 * Where the ban applies, as the reader reads it: the whole community in their language (the API's
 * scopeName for it is the contract's English COMMUNITY_SCOPE_NAME), a group or server by its name.
 */
export function banScopeName(ban: { scope?: Ban['scope']; scopeName?: string }): string | undefined {
  if (ban.scope?.kind === 'community') return i18n._('players-bans-notes.bans.scope.community');
  return ban.scopeName;
}

/** The ban's reason as the reader reads it. */
export function banReason(ban: BanWords): string {
  const origin = ban.origin;
  if (!origin?.name || !origin.category) return ban.reason;
  return i18n._('players-bans-notes.bans.federated.reason', {
    category: i18n._(CATEGORY_KEYS[origin.category]),
    site: origin.name,
  });
}

/** Who gave the ban, as the reader reads it: the federation feed's site, or the admin (`fallback` for none). */
export function banAdmin(
  ban: BanWords & Pick<Ban, 'adminName'> & { adminRealName?: string | null },
  fallback: string,
): string {
  const name = ban.origin?.name;
  if (name) return i18n._('players-bans-notes.bans.federated.admin', { site: name });
  return actorText(ban.adminName, ban.adminRealName, fallback);
}

/**
 * Who lifted the ban and why, as the reader reads them: a federated ban lifted through its feed
 * (by the origin, or by an exception made here) is told from its origin; any other as stored.
 */
export function banLift(
  ban: BanWords & Pick<Ban, 'unbannedByName' | 'unbanReason' | 'unbanAppeal'> & { unbannedByRealName?: string | null },
  fallback: string,
): { admin: string; reason: string } {
  const origin = ban.origin;
  if (origin?.name && origin.lift)
    return {
      admin: i18n._('players-bans-notes.bans.federated.admin', { site: origin.name }),
      reason:
        origin.lift.by === 'origin'
          ? i18n._('players-bans-notes.bans.federated.lifted', { site: origin.name })
          : i18n._('players-bans-notes.bans.federated.excepted', { reason: origin.lift.reason ?? '' }),
    };
  const admin = actorText(ban.unbannedByName, ban.unbannedByRealName, fallback);
  if (ban.unbanAppeal)
    return {
      admin,
      reason: i18n._('players-bans-notes.bans.unbannedByAppeal', {
        id: String(ban.unbanAppeal.id),
        reason: ban.unbanAppeal.reason,
      }),
    };
  return { admin, reason: ban.unbanReason ?? '' };
}
