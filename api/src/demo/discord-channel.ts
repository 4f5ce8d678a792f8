import { randomBytes } from 'node:crypto';
import { discordDemoAnswerSchema, discordDemoCommandSchema } from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { errorResponses } from '../lib/error-responses';
import { HttpError } from '../lib/http-error';
import { discordService } from '../modules/discord';
import { requireSignedIn } from '../plugins/authorization';
import type { FakeDiscordBot } from '../test-support/fakes/fake-discord-bot';

// The demo's Discord channel (issue 26 item 6). Discord itself is never asked: the fake Discord
// the tests use stands in on loopback. It holds the application's key, so each command typed on
// the demo's page (/demo/discord) is signed as Discord signs it and sent to the real interactions
// endpoint, as Demo moderator's linked Discord account; a deferred answer's follow-up reaches the
// fake Discord over HTTP, as it would reach Discord. The page shows what Discord would show.

/** Demo moderator's Discord account (made up, like every demo id). */
export const DEMO_MODERATOR_DISCORD_ID = '100000000000000002';

/** How long a deferred answer may take before the page is told Discord would still be thinking. */
const FOLLOW_UP_WAIT_MS = 15_000;

const BOOLEAN_OPTION = 5;

/** Saves the fake Discord's application as the bot settings and links Demo moderator's Discord account to it. */
export async function setUpDemoDiscord(
  db: Kysely<Database>,
  discord: Pick<FakeDiscordBot, 'applicationId' | 'publicKeyHex'>,
  moderatorUserId: string,
): Promise<void> {
  await discordService.saveBotSettings(db, { applicationId: discord.applicationId, publicKey: discord.publicKeyHex });
  await db
    .insertInto('provider_links')
    .values({
      user_id: moderatorUserId,
      provider: 'discord',
      provider_user_id: DEMO_MODERATOR_DISCORD_ID,
      username: 'demo.moderator',
      avatar_url: null,
      access_token: 'demo-no-token',
      refresh_token: null,
      expires_at: 0,
      expired: 0,
      created_at: Math.floor(Date.now() / 1000),
    })
    .execute();
}

type OptionValue = string | boolean;

/**
 * What Discord's message box makes of "/ban player: Ellis length: 1d reason: Aimbot": the command
 * and its options by name (a value without a name is the first option's, as "/lookup Ellis").
 */
export function parseSlashCommand(
  text: string,
): { name: string; options: { name: string; value: OptionValue }[] } | { problem: string } {
  const match = /^\/([a-z_-]{1,32})(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match) return { problem: 'A slash command starts with / and its name, e.g. /lookup Ellis' };
  const name = (match[1] as string).toLowerCase();
  const rest = (match[2] ?? '').trim();
  const definition = discordService.commandDefinitions.find((command) => command.name === name);
  const known: readonly { name: string; type: number }[] =
    definition && 'options' in definition ? (definition.options as readonly { name: string; type: number }[]) : [];
  if (!rest || known.length === 0) return { name, options: [] };
  const names = known.map((option) => option.name).join('|');
  const marker = new RegExp(`(?:^|\\s)(${names}):\\s*`, 'gi');
  const found = [...rest.matchAll(marker)];
  const values: [string, string][] =
    found.length === 0
      ? [[(known[0] as { name: string }).name, rest]]
      : found.map((hit, index) => [
          (hit[1] as string).toLowerCase(),
          rest.slice((hit.index ?? 0) + hit[0].length, found[index + 1]?.index ?? rest.length).trim(),
        ]);
  return {
    name,
    options: values.map(([option, value]) => ({
      name: option,
      value:
        known.find((candidate) => candidate.name === option)?.type === BOOLEAN_OPTION
          ? /^(true|yes|1)$/i.test(value)
          : value,
    })),
  };
}

/** POST /api/demo/discord, registered by `pnpm demo` only. */
export function registerDemoDiscordRoute(app: FastifyInstance, discord: FakeDiscordBot): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/demo/discord',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['demo'],
        description:
          'pnpm demo only: sends a typed slash command to /api/discord/interactions as Demo moderator’s Discord account, ' +
          'signed with the demo Discord application’s key, and answers what Discord would show (waiting for a deferred ' +
          'answer’s follow-up). Any signed-in demo account may use it.',
        body: discordDemoCommandSchema,
        response: { 200: discordDemoAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const parsed = parseSlashCommand(request.body.command);
      if ('problem' in parsed) throw new HttpError(400, 'NOT_A_COMMAND', parsed.problem);
      const token = `demo-${randomBytes(16).toString('hex')}`;
      const body = JSON.stringify({
        type: 2,
        id: String(BigInt(Date.now()) << 22n),
        application_id: discord.applicationId,
        token,
        data: { name: parsed.name, type: 1, options: parsed.options },
        member: { user: { id: DEMO_MODERATOR_DISCORD_ID, username: 'demo.moderator' } },
      });
      const answered = await app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        payload: body,
        headers: discord.signedHeaders(body),
      });
      if (answered.statusCode !== 200)
        throw new HttpError(400, 'NOT_ANSWERED', `The interactions endpoint answered ${answered.statusCode}`);
      const answer = answered.json() as { type: number; data?: { content?: string; flags?: number } };
      const ephemeral = ((answer.data?.flags ?? 0) & 64) === 64;
      if (answer.type !== 5) return { content: answer.data?.content ?? '', ephemeral, deferred: false };
      try {
        return { content: await discord.followUpOf(token, FOLLOW_UP_WAIT_MS), ephemeral, deferred: true };
      } catch {
        return {
          content: 'Outpost is thinking… (no answer yet: Discord would keep showing this)',
          ephemeral,
          deferred: true,
        };
      }
    },
  );
}
