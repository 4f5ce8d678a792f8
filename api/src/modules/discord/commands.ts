import { banCreateSchema, noteCreateSchema, parseSteamId, steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import { type Actor, accountsService } from '../accounts';
import { authService } from '../auth';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { parseScopeOption, SCOPE_OPTION } from './ban-scope-option';
import { BOOLEAN_OPTION, PLAYER_OPTION, STRING_OPTION } from './command-options';
import { MODERATION_COMMAND_DEFINITIONS } from './commands-moderation-definitions';
import { enforcementReport } from './enforcement-report';
import type { DiscordTables } from './tables';

// The slash commands Outpost registers with Discord, and what each answers. A command runs
// as the Outpost account the Discord user linked, with that account's permissions: the same
// doors and checks as the web. Times go out as Discord's <t:…> markup, which every viewer's
// Discord shows in their own language and time zone.

/** Discord's flag for an answer only the caller sees. */
export const EPHEMERAL = 64;

/** /ban's length choices (Discord shows the names; the value is what comes back). */
export const BAN_LENGTH_CHOICES: readonly { name: string; value: string; seconds: number | null }[] = [
  { name: '1 hour', value: '1h', seconds: 3600 },
  { name: '1 day', value: '1d', seconds: 86_400 },
  { name: '3 days', value: '3d', seconds: 3 * 86_400 },
  { name: '1 week', value: '1w', seconds: 7 * 86_400 },
  { name: '2 weeks', value: '2w', seconds: 14 * 86_400 },
  { name: '30 days', value: '30d', seconds: 30 * 86_400 },
  { name: '1 year', value: '1y', seconds: 365 * 86_400 },
  { name: 'Permanent', value: 'permanent', seconds: null },
];

/** The definitions sent to Discord by the panel's "Register the commands" (PUT .../commands). */
export const COMMAND_DEFINITIONS = [
  {
    name: 'lookup',
    type: 1,
    description: 'Look a player up: active bans and comm blocks, notes you may read, last seen',
    options: [PLAYER_OPTION],
  },
  { name: 'servers', type: 1, description: 'Live status of the community’s servers' },
  {
    name: 'note',
    type: 1,
    description: 'Write a note on a player (staff only unless public)',
    options: [
      PLAYER_OPTION,
      { name: 'text', type: STRING_OPTION, description: 'The note', required: true, max_length: 5000 },
      {
        name: 'public',
        type: BOOLEAN_OPTION,
        description: 'The player and everyone may read it on their profile (default: staff only)',
        required: false,
      },
    ],
  },
  {
    name: 'ban',
    type: 1,
    description: 'Ban a player from every server, a server group or one server',
    options: [
      PLAYER_OPTION,
      {
        name: 'length',
        type: STRING_OPTION,
        description: 'How long',
        required: true,
        choices: BAN_LENGTH_CHOICES.map(({ name, value }) => ({ name, value })),
      },
      { name: 'reason', type: STRING_OPTION, description: 'Why (the player sees it)', required: true, max_length: 500 },
      SCOPE_OPTION,
    ],
  },
  ...MODERATION_COMMAND_DEFINITIONS,
] as const;

export type CommandName = (typeof COMMAND_DEFINITIONS)[number]['name'];

export interface CommandAnswer {
  content: string;
  /** Only the caller sees it (refusals, and lookups that may show staff-only notes). */
  ephemeral: boolean;
}

export interface CommandContext {
  db: Kysely<DiscordTables>;
  /** The linked Outpost account acting, or null when the Discord user linked none. */
  principal: Principal | null;
  publicUrl: string;
  /** STEP_UP_WINDOW_MINUTES: how recent a second-factor proof on the site must be for /ban. */
  stepUpWindowMinutes: number;
}

const DISCORD_MESSAGE_MAX = 2000;
/**
 * Discord's text has markdown: a player's name must not format, link or ping. Names never start
 * a line here (they follow "**", "• " or an emoji), so line-start marks (#, -, >) stay as typed.
 */
export const escapeMarkdown = (text: string) => text.replace(/([\\*_~`|[\]()<@])/g, '\\$1').slice(0, 100);
const when = (seconds: number, style: 'R' | 'f' = 'R') => `<t:${Math.floor(seconds)}:${style}>`;

export const NOT_LINKED =
  'Your Discord account is not linked to an Outpost account. Sign in on the site, open User Settings → Linked accounts and link Discord, then try again.';

export const refusal = (content: string): CommandAnswer => ({ content, ephemeral: true });

/** The player a command's `player` option names: a Steam id in any form, or a name matching one known player. */
type ResolvedPlayer =
  | { refusal: CommandAnswer }
  | { id: string; player: Awaited<ReturnType<typeof playersBansNotesService.listPlayers>>['players'][number] | null };

export async function resolvePlayer(db: Kysely<DiscordTables>, input: string): Promise<ResolvedPlayer> {
  const steamid = parseSteamId(input);
  const found = await playersBansNotesService.listPlayers(db, { q: steamid ?? input, limit: 6 });
  if (!steamid && found.players.length !== 1) {
    if (found.players.length === 0) return { refusal: refusal(`No player is known by “${escapeMarkdown(input)}”.`) };
    const names = found.players.slice(0, 5).map((player) => `• ${escapeMarkdown(player.name)} — \`${player.steamid}\``);
    return {
      refusal: refusal(`Several players match “${escapeMarkdown(input)}”: pick one by Steam id.\n${names.join('\n')}`),
    };
  }
  const id = steamid ?? found.players[0]?.steamid;
  if (!id) return { refusal: refusal(`“${escapeMarkdown(input)}” is not a Steam id Outpost understands.`) };
  const player = found.players.find((candidate) => candidate.steamid === id) ?? null;
  return { id, player };
}

/** The linked account as the actor of rows and audit lines, marked as acting from Discord. */
export async function actorOf(db: Kysely<DiscordTables>, principal: Principal): Promise<Actor> {
  return {
    id: principal.userId,
    name: (await accountsService.findUserName(db, principal.userId)) ?? principal.userId,
    via: 'Discord',
  };
}

/** A refusal from the shared doors (act-on rule, role limits) becomes an answer only the caller sees. */
export async function refusedBy(action: () => Promise<CommandAnswer>): Promise<CommandAnswer> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) return refusal(error.message);
    throw error;
  }
}

/** /note <player> <text> [public]: the web's note, through the same door, checks and audit. */
async function note(context: CommandContext, options: ReadonlyMap<string, string>): Promise<CommandAnswer> {
  const { principal, db } = context;
  if (!principal) return refusal(NOT_LINKED);
  if (!principalHas(principal, 'notes.create'))
    return refusal('Your Outpost account does not have the permission notes.create, which /note needs.');
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  const checked = noteCreateSchema.safeParse({
    steamid: resolved.id,
    body: options.get('text') ?? '',
    isPublic: options.get('public') === 'true',
  });
  if (!checked.success) return refusal(`The note was not written: ${checked.error.issues[0]?.message ?? 'not valid'}.`);
  return refusedBy(async () => {
    await accountsService.assertMayActOnPlayer(db, principal, resolved.id, 'write a note on this player');
    const id = await playersBansNotesService.createNote(
      db,
      { steamid: resolved.id, body: checked.data.body, isPublic: checked.data.isPublic },
      await actorOf(db, principal),
    );
    const name = escapeMarkdown(resolved.player?.name ?? resolved.id);
    return {
      content: `Note #${id} written on **${name}** (${checked.data.isPublic ? 'public' : 'staff only'}): ${context.publicUrl.replace(/\/+$/, '')}/admin/players/${resolved.id}`,
      ephemeral: true,
    };
  });
}

export const SECOND_FACTOR_FIRST = (minutes: number, command = 'ban') =>
  `/${command} is a dangerous action and your account uses a second factor, which Discord cannot ask for. Sign in on the site and confirm with your second factor (any dangerous action there asks, or User Settings → Security), then run /${command} again within ${minutes} minutes.`;
export const ENROL_FIRST =
  'Your roles require a second factor, and your account has none yet: sign in on the site and set one up in User Settings → Security first.';

/** /ban <player> <length> <reason>: the web's ban, through the same door, checks and audit; a second factor first when the account uses one. */
async function ban(context: CommandContext, options: ReadonlyMap<string, string>): Promise<CommandAnswer> {
  const { principal, db } = context;
  if (!principal) return refusal(NOT_LINKED);
  const standing = await authService.secondFactorStanding(db, principal.userId, context.stepUpWindowMinutes);
  // Roles needing a factor the user lacks are withheld: say why rather than "no permission".
  if (standing === 'enrol') return refusal(ENROL_FIRST);
  if (!principalHas(principal, 'bans.create'))
    return refusal('Your Outpost account does not have the permission bans.create, which /ban needs.');
  if (standing === 'prove') return refusal(SECOND_FACTOR_FIRST(context.stepUpWindowMinutes));
  const length = BAN_LENGTH_CHOICES.find((choice) => choice.value === options.get('length'));
  if (!length)
    return refusal(
      `“${escapeMarkdown(options.get('length') ?? '')}” is not one of /ban's lengths: pick one from the list.`,
    );
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  // Where it applies (issue 25 item 3): every server unless the scope option names less.
  const where = await parseScopeOption(db, options.get('scope'));
  if ('refusal' in where) return refusal(`Nobody was banned: ${where.refusal}`);
  const checked = banCreateSchema.safeParse({
    type: 'ban',
    steamid: resolved.id,
    reason: options.get('reason') ?? '',
    length: length.seconds,
    scope: where.scope,
  });
  if (!checked.success) return refusal(`Nobody was banned: ${checked.error.issues[0]?.message ?? 'not valid'}.`);
  return refusedBy(async () => {
    await accountsService.assertMayActOnPlayer(db, principal, resolved.id, 'ban this player');
    const row = await playersBansNotesService.createBan(
      db,
      { type: 'ban', steamid: resolved.id, reason: checked.data.reason, length: length.seconds, scope: where.scope },
      await actorOf(db, principal),
    );
    const name = escapeMarkdown(row.player_name ?? resolved.id);
    const on = where.scope.kind === 'community' ? '' : ` on ${escapeMarkdown(where.name)} only`;
    const told = await enforcementReport(db, 'created', Number(row.id));
    return {
      content: `Banned **${name}** (\`${resolved.id}\`) ${length.seconds === null ? 'permanently' : `for ${length.name}`}${on} — ${escapeMarkdown(row.reason)} — ban #${row.id}: ${context.publicUrl.replace(/\/+$/, '')}/admin/players/${resolved.id}\n${told}`,
      ephemeral: true,
    };
  });
}

/** /lookup <player>: who it is, what holds them now, the notes the caller may read. */
async function lookup(context: CommandContext, input: string): Promise<CommandAnswer> {
  const { principal, db } = context;
  if (!principal) return refusal(NOT_LINKED);
  if (!principalHas(principal, 'players.view'))
    return refusal('Your Outpost account does not have the permission players.view, which /lookup needs.');
  const resolved = await resolvePlayer(db, input);
  if ('refusal' in resolved) return resolved.refusal;
  const { id, player } = resolved;
  const forms = steamIdForms(id);
  const restrictions = await playersBansNotesService.activeRestrictions(db, { steamid: id }, nowSeconds());
  const notes = await playersBansNotesService.notesOfPlayer(db, id, principalHas(principal, 'notes.view-private'), 3);
  const lines = [
    `**${escapeMarkdown(player?.name ?? 'Never seen on our servers')}** — \`${forms.steam2}\` · \`${id}\``,
    player
      ? `Last seen ${when(player.lastSeen)} · first seen ${when(player.firstSeen, 'f')}`
      : 'Not seen on any server yet.',
    restrictions.length === 0
      ? 'No active ban or comm block.'
      : `Active: ${restrictions
          .map(
            (row) =>
              `${row.type} #${row.id} — ${escapeMarkdown(row.reason)} — ${
                row.expires_at === null ? 'permanent' : `ends ${when(Number(row.expires_at))}`
              }`,
          )
          .join('; ')}`,
    notes.length === 0
      ? 'No notes you may read.'
      : `Notes: ${notes.map((note) => `“${escapeMarkdown(note.body.replace(/\s+/g, ' ').slice(0, 120))}”`).join(' · ')}`,
    `Profile: ${context.publicUrl.replace(/\/+$/, '')}/admin/players/${id}`,
  ];
  return { content: lines.join('\n').slice(0, DISCORD_MESSAGE_MAX), ephemeral: true };
}

/** /servers: what the overview shows, as text. Public on the site, so open to everyone here too. */
async function servers(context: CommandContext): Promise<CommandAnswer> {
  const groups = await serversService.listGroupsWithServers(context.db);
  const lines: string[] = [];
  for (const group of groups) {
    if (group.servers.length === 0) continue;
    lines.push(`**${escapeMarkdown(group.name)}**`);
    for (const server of group.servers) {
      const data = server.status.data;
      lines.push(
        server.online && data
          ? `🟢 ${escapeMarkdown(server.name)} — ${data.playerCount ?? data.players.length}/${data.maxplayers}${data.map ? ` on ${escapeMarkdown(data.map)}` : ''} — \`connect ${server.host}:${server.port}\``
          : `🔴 ${escapeMarkdown(server.name)} — offline`,
      );
    }
  }
  const text = lines.length > 0 ? lines.join('\n') : 'No servers are listed yet.';
  const more = `\n…and more on ${context.publicUrl.replace(/\/+$/, '')}/`;
  return {
    content: text.length > DISCORD_MESSAGE_MAX ? text.slice(0, DISCORD_MESSAGE_MAX - more.length) + more : text,
    ephemeral: false,
  };
}

/** Runs one command; an unknown name (a command Discord still lists from an older registration) says so. */
export async function runCommand(
  context: CommandContext,
  name: string,
  options: ReadonlyMap<string, string>,
): Promise<CommandAnswer> {
  switch (name) {
    case 'lookup':
      return lookup(context, options.get('player') ?? '');
    case 'servers':
      return servers(context);
    case 'note':
      return note(context, options);
    case 'ban':
      return ban(context, options);
    default:
      return refusal(`Outpost has no /${escapeMarkdown(name)} command: register the commands again from the panel.`);
  }
}

/** Autocomplete for /lookup's player: recent players by name prefix (only for those who may look players up). */
export async function playerChoices(
  context: CommandContext,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  if (!context.principal || !principalHas(context.principal, 'players.view')) return [];
  const found = await playersBansNotesService.listPlayers(context.db, { q: typed.trim() || undefined, limit: 10 });
  return found.players.map((player) => ({
    name: `${player.name} (${player.steamid})`.slice(0, 100),
    value: player.steamid,
  }));
}
