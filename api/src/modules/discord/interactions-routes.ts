import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { findNul, NUL_MESSAGE } from '../../plugins/nul-characters';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import { interactionKeys } from './bot-settings';
import { type CommandAnswer, type CommandContext, EPHEMERAL, playerChoices, runCommand } from './commands';
import { moderationChoices, runModerationCommand } from './commands-moderation';
import { isModerationCommand } from './commands-moderation-definitions';
import { editOriginal } from './interaction-follow-up';
import { signatureProblem } from './interaction-signature';
import { answerStaffComponent, componentInteractionSchema } from './staff-buttons';
import type { DiscordTables } from './tables';

// POST /api/discord/interactions: where Discord sends slash commands (an HTTP interactions
// endpoint, no gateway connection, so any number of stateless instances can answer). Its
// credential is Discord's Ed25519 signature over the raw body, checked before anything else;
// the route reads its body as text for that, in its own encapsulated scope.

/** Discord's interaction and response types used here. */
const PING = 1;
const APPLICATION_COMMAND = 2;
const AUTOCOMPLETE = 4;
const PONG = 1;
const CHANNEL_MESSAGE = 4;
/** "Outpost is thinking…": the answer follows by editing this message (interaction-follow-up.ts). */
const DEFERRED_CHANNEL_MESSAGE = 5;
const AUTOCOMPLETE_RESULT = 8;

/**
 * Commands whose work may outlast Discord's 3 s: those reaching the game servers (a ban, comm
 * block, lift or warning is told to every server the player is on, over RCON for some, and
 * /ban and the others wait to say which servers were told) and /lookup. Each answers only the
 * caller, so the deferral is ephemeral too (a deferred message's flags cannot change later).
 */
const DEFERRED_COMMANDS: ReadonlySet<string> = new Set(['lookup', 'ban', 'unban', 'mute', 'gag', 'warn']);

/** Interactions are small; Discord's own limit for a command's payload is far below this. */
const BODY_LIMIT = 64 * 1024;

const optionSchema = z.object({
  name: z.string().max(32),
  value: z.unknown().optional(),
  focused: z.boolean().optional(),
});
const userSchema = z.object({ id: z.string().regex(/^\d{5,25}$/) });
const interactionSchema = z.object({
  type: z.number().int(),
  id: z.string().max(25).optional(),
  application_id: z
    .string()
    .regex(/^\d{5,25}$/)
    .optional(),
  token: z.string().max(500).optional(),
  data: z.object({ name: z.string().max(32), options: z.array(optionSchema).max(25).optional() }).optional(),
  member: z.object({ user: userSchema }).optional(),
  user: userSchema.optional(),
});
type Interaction = z.infer<typeof interactionSchema>;

const responseSchema = z.object({
  type: z.number().int(),
  data: z
    .object({
      content: z.string().optional(),
      flags: z.number().int().optional(),
      allowed_mentions: z.object({ parse: z.array(z.string()) }).optional(),
      choices: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
      // A modal (the staff channel's Ban and Note buttons).
      custom_id: z.string().optional(),
      title: z.string().optional(),
      components: z.array(z.unknown()).optional(),
    })
    .optional(),
});

/** The Outpost account the Discord user linked, with its permissions (roles needing a missing second factor withheld). */
export async function principalOf(
  db: Kysely<DiscordTables>,
  discordUserId: string | undefined,
): Promise<Principal | null> {
  if (!discordUserId) return null;
  const userId = await authService.userLinkedToDiscord(db, discordUserId);
  if (!userId) return null;
  const permissions = await accountsService.loadPermissions(db, userId, authService.withheldRoleIds(db, userId));
  return permissions ? { userId, sessionId: null, via: 'session', impersonatorId: null, permissions } : null;
}

function optionsOf(interaction: Interaction): Map<string, string> {
  return new Map(
    (interaction.data?.options ?? []).map((option) => [
      option.name,
      typeof option.value === 'string' ? option.value : String(option.value ?? ''),
    ]),
  );
}

/** A command's answer as Discord's channel message. */
const messageOf = (answer: CommandAnswer) => ({
  type: CHANNEL_MESSAGE,
  data: {
    content: answer.content,
    ...(answer.ephemeral ? { flags: EPHEMERAL } : {}),
    // Names typed by players never ping anyone.
    allowed_mentions: { parse: [] },
  },
});

/**
 * Deferred work runs this many at once per instance, the rest in turn: Discord allows 15
 * minutes for a follow-up but 3 s for an answer, so answers must never queue for the database
 * behind a burst of deferred work (its pool is small: 10 connections on PostgreSQL).
 */
const DEFERRED_AT_ONCE = 3;

/** Runs `work` when fewer than `limit` are running, in arrival order. */
function turnTaker(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Said in place of the answer when a deferred command's work failed on our side (logged). */
export const DEFERRED_FAILURE = (name: string) =>
  `Something went wrong on Outpost’s side while running /${name} (it is logged). Check on the site whether it was done before you try again.`;

export const interactionsRoutes: FastifyPluginAsync<{ db: Kysely<DiscordTables> }> = async (app, { db }) => {
  // Deferred commands still working: closing the app waits for them (and their follow-ups).
  const working = new Set<Promise<void>>();
  const inTurn = turnTaker(DEFERRED_AT_ONCE);
  app.addHook('onClose', async () => {
    await Promise.allSettled([...working]);
  });
  // The signature covers the exact bytes Discord sent: keep them as text (this scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/discord/interactions',
    {
      config: {
        anonymousWrite:
          'Discord calls it: each interaction is signed with the application key (Ed25519), checked before anything else',
      },
      schema: {
        tags: ['discord'],
        summary: 'Discord interactions endpoint (slash commands)',
        description:
          'Paste this address into the Discord application as its Interactions Endpoint URL. Every request must carry ' +
          'X-Signature-Ed25519 and X-Signature-Timestamp (Ed25519 over timestamp + body with the application key set in ' +
          'the panel); a bad, missing or stale (over 5 minutes) signature answers 401 and does nothing. PING answers PONG; ' +
          'commands run as the Outpost account the Discord user linked, with its permissions, audited "via Discord": ' +
          '/lookup (players.view), /servers (anyone), /note (notes.create), /ban, /mute, /gag (bans.create), /unban (bans.unban), ' +
          '/warn (warnings.create), /report (any linked account). Refusals (unlinked, no permission, act-on rule, role limits, ' +
          'a second factor not confirmed on the site recently) answer a message only the caller sees. AUTOCOMPLETE (type 4) ' +
          'answers type 8 with player, reason and length choices; MESSAGE_COMPONENT and MODAL_SUBMIT are the staff channel buttons. ' +
          '/lookup, /ban, /unban, /mute, /gag and /warn (work that may outlast Discord’s 3 s: a restriction is told to the game ' +
          'servers the player is on) answer type 5 (deferred, flags 64) at once and then edit that message with the result ' +
          'through the interaction token (PATCH /webhooks/{application}/{token}/messages/@original); a failure edits it with a plain error.',
        response: { 200: responseSchema },
      },
    },
    async (request) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const settings = await interactionKeys(db);
      const problem = signatureProblem(
        settings.publicKey ?? '',
        {
          signature: request.headers['x-signature-ed25519'] as string | undefined,
          timestamp: request.headers['x-signature-timestamp'] as string | undefined,
          body,
        },
        nowSeconds(),
      );
      if (problem) throw new HttpError(401, 'INVALID_SIGNATURE', problem);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new HttpError(400, 'INVALID_JSON', 'The interaction is not JSON');
      }
      // The door's NUL check saw the text before it was parsed: a \u0000 escape is caught here.
      const nulAt = findNul(parsed);
      if (nulAt !== null) throw new HttpError(400, 'NUL_CHARACTER', `${NUL_MESSAGE}: the body at ${nulAt}`);
      // The staff channel's buttons and modals (staff-buttons.ts).
      const component = componentInteractionSchema.safeParse(parsed);
      if (component.success) {
        const who = component.data.member?.user.id ?? component.data.user?.id;
        const stepUpWindowMinutes = app.config.STEP_UP_WINDOW_MINUTES;
        return answerStaffComponent({ db, principal: await principalOf(db, who), stepUpWindowMinutes }, component.data);
      }
      const checked = interactionSchema.safeParse(parsed);
      if (!checked.success)
        throw new HttpError(400, 'VALIDATION_FAILED', 'The interaction does not have Discord’s shape');
      const interaction = checked.data;
      if (interaction.type === PING) return { type: PONG };
      const contextOf = async (): Promise<CommandContext> => ({
        db,
        principal: await principalOf(db, interaction.member?.user.id ?? interaction.user?.id),
        publicUrl: app.config.PUBLIC_URL,
        stepUpWindowMinutes: app.config.STEP_UP_WINDOW_MINUTES,
      });
      if (interaction.type === AUTOCOMPLETE) {
        const context = await contextOf();
        const focused = interaction.data?.options?.find((option) => option.focused);
        const typed = typeof focused?.value === 'string' ? focused.value : '';
        const choices =
          focused?.name === 'player'
            ? await playerChoices(context, typed)
            : await moderationChoices(context, focused?.name ?? '', typed);
        return { type: AUTOCOMPLETE_RESULT, data: { choices } };
      }
      if (interaction.type !== APPLICATION_COMMAND || !interaction.data) {
        return {
          type: CHANNEL_MESSAGE,
          data: { content: 'Outpost does not answer this kind of interaction yet.', flags: EPHEMERAL },
        };
      }
      const name = interaction.data.name;
      const options = optionsOf(interaction);
      // Who is acting is part of the work: a deferred command's answer waits for nothing but the signature.
      const work = async () => {
        const context = await contextOf();
        return isModerationCommand(name)
          ? runModerationCommand(context, name, options)
          : runCommand(context, name, options);
      };
      const applicationId = settings.applicationId ?? interaction.application_id;
      // Without a token or an application to edit through, the answer can only be waited for.
      if (!DEFERRED_COMMANDS.has(name) || !interaction.token || !applicationId) return messageOf(await work());
      const target = {
        apiUrl: app.config.DISCORD_API_URL,
        applicationId,
        token: interaction.token,
        timeoutMs: app.config.WEBHOOK_TIMEOUT_MS,
      };
      const followUp = (async () => {
        // After this answer is on its way (a busy instance answers every waiting interaction first).
        await new Promise((resolve) => setImmediate(resolve));
        let content: string;
        try {
          content = (await inTurn(work)).content;
        } catch (error) {
          request.log.error({ err: error }, `Discord /${name} failed`);
          content = DEFERRED_FAILURE(name);
        }
        const outcome = await editOriginal(target, content);
        if (outcome.kind !== 'done')
          request.log.warn(`The answer to Discord /${name} did not reach Discord: ${outcome.error}`);
      })();
      working.add(followUp);
      void followUp.finally(() => working.delete(followUp));
      return { type: DEFERRED_CHANNEL_MESSAGE, data: { flags: EPHEMERAL } };
    },
  );
};
