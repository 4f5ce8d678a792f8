// What the slash commands' definitions share (commands.ts, commands-moderation-definitions.ts):
// Discord's option types, and the player option every command that acts on a player takes.

/** Discord's option types used here. */
export const STRING_OPTION = 3;
export const BOOLEAN_OPTION = 5;

/** The player option: a Steam id in any form, a profile URL, or a name (autocompleted). */
export const PLAYER_OPTION = {
  name: 'player',
  type: STRING_OPTION,
  description: 'A Steam id in any form, a profile URL, or the start of a name',
  required: true,
  autocomplete: true,
  max_length: 200,
} as const;
