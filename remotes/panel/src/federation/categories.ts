import type { FederationCategory } from '@outpost/contracts';

/** Each ban category's words (the contracts' FEDERATION_CATEGORIES are the English ones), in their order. */
export const CATEGORY_KEYS = {
  cheating: 'panel.federation.category.cheating',
  exploiting: 'panel.federation.category.exploiting',
  griefing: 'panel.federation.category.griefing',
  harassment: 'panel.federation.category.harassment',
  'hate-speech': 'panel.federation.category.hate-speech',
  spam: 'panel.federation.category.spam',
  'ban-evasion': 'panel.federation.category.ban-evasion',
  other: 'panel.federation.category.other',
} satisfies Record<FederationCategory, string>;

export const CATEGORIES = Object.keys(CATEGORY_KEYS) as FederationCategory[];
