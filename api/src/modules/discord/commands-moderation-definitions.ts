import { WARN_SERVER_OPTION } from './ban-scope-option';
import { PLAYER_OPTION, STRING_OPTION } from './command-options';

// The definitions of /unban, /mute, /gag, /warn and /report (registered with the others by the
// panel's "Register the commands"). Player, reason and length options autocomplete: player names
// from recent players, reasons from the site's list, lengths the caller's roles allow.

/** Lengths offered for /mute and /gag (the caller's roles narrow them in autocomplete). */
export const COMM_LENGTHS: readonly { name: string; value: string; seconds: number | null }[] = [
  { name: '10 minutes', value: '10m', seconds: 600 },
  { name: '1 hour', value: '1h', seconds: 3600 },
  { name: '1 day', value: '1d', seconds: 86_400 },
  { name: '1 week', value: '1w', seconds: 7 * 86_400 },
  { name: '30 days', value: '30d', seconds: 30 * 86_400 },
  { name: 'Permanent', value: 'permanent', seconds: null },
];

const player = PLAYER_OPTION;
const reason = (description: string) =>
  ({ name: 'reason', type: STRING_OPTION, description, required: true, autocomplete: true, max_length: 500 }) as const;
const length = {
  name: 'length',
  type: STRING_OPTION,
  description: 'How long (the lengths your roles allow)',
  required: true,
  autocomplete: true,
  max_length: 20,
} as const;

export const MODERATION_COMMAND_DEFINITIONS = [
  { name: 'unban', type: 1, description: 'Lift a player’s active ban', options: [player, reason('Why it is lifted')] },
  {
    name: 'mute',
    type: 1,
    description: 'Mute a player’s voice on every server',
    options: [player, length, reason('Why (the player sees it)')],
  },
  {
    name: 'gag',
    type: 1,
    description: 'Gag a player’s chat on every server',
    options: [player, length, reason('Why (the player sees it)')],
  },
  {
    name: 'warn',
    type: 1,
    description: 'Warn a player',
    options: [player, reason('Why (the player sees it)'), WARN_SERVER_OPTION],
  },
  {
    name: 'report',
    type: 1,
    description: 'Report a player to the staff',
    options: [
      player,
      reason('One of the site’s report reasons'),
      { name: 'details', type: STRING_OPTION, description: 'What happened', required: false, max_length: 2000 },
    ],
  },
] as const;

export type ModerationCommand = (typeof MODERATION_COMMAND_DEFINITIONS)[number]['name'];
export const isModerationCommand = (name: string): name is ModerationCommand =>
  MODERATION_COMMAND_DEFINITIONS.some((definition) => definition.name === name);
