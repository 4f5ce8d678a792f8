import type { Kysely } from 'kysely';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { BAN_LENGTH_CHOICES, EPHEMERAL, NOT_LINKED } from './commands';
import { parseCustomId, type StaffAction, type StaffSubject } from './staff-messages';
import type { DiscordTables } from './tables';

// The staff channel's buttons (issue 26 item 4): a press arrives as a MESSAGE_COMPONENT
// interaction, Ban and Note open a modal whose submit (MODAL_SUBMIT) completes them. Each runs
// as the linked Outpost account through the same doors, checks and audit as the web ("via
// Discord"); a refusal is an answer only the presser sees. The message itself is edited by the
// staff channel's queue, which hears the change like any other.

export const MESSAGE_COMPONENT = 3;
export const MODAL_SUBMIT = 5;
const CHANNEL_MESSAGE = 4;
const MODAL = 9;
const TEXT_INPUT = 4;

const userSchema = z.object({ id: z.string().regex(/^\d{5,25}$/) });
const inputSchema = z.object({ custom_id: z.string().max(100), value: z.string().max(4000).optional() });
export const componentInteractionSchema = z.object({
  type: z.union([z.literal(MESSAGE_COMPONENT), z.literal(MODAL_SUBMIT)]),
  data: z.object({
    custom_id: z.string().max(100),
    components: z
      .array(z.object({ components: z.array(inputSchema).max(5).optional(), component: inputSchema.optional() }))
      .max(5)
      .optional(),
  }),
  member: z.object({ user: userSchema }).optional(),
  user: userSchema.optional(),
});
type ComponentInteraction = z.infer<typeof componentInteractionSchema>;

export interface StaffButtonContext {
  db: Kysely<DiscordTables>;
  principal: Principal | null;
  stepUpWindowMinutes: number;
}

type Answer = { type: number; data: Record<string, unknown> };
const say = (content: string): Answer => ({
  type: CHANNEL_MESSAGE,
  data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
});

const LENGTHS = BAN_LENGTH_CHOICES.map((choice) => choice.value).join(', ');

function textInput(customId: string, label: string, style: 1 | 2, maxLength: number, placeholder?: string) {
  return {
    type: 1,
    components: [
      {
        type: TEXT_INPUT,
        custom_id: customId,
        label,
        style,
        required: true,
        max_length: maxLength,
        ...(placeholder ? { placeholder } : {}),
      },
    ],
  };
}

function modalFor(subject: StaffSubject, action: StaffAction): Answer {
  const customId = `outpost:${subject.kind}:${action}:${subject.id}`;
  if (action === 'ban')
    return {
      type: MODAL,
      data: {
        custom_id: customId,
        title: `Ban: report #${subject.id}`,
        components: [
          textInput('reason', 'Reason', 1, 500),
          textInput('length', `Length (${LENGTHS})`.slice(0, 45), 1, 12, '1d'),
        ],
      },
    };
  return {
    type: MODAL,
    data: {
      custom_id: customId,
      title: `Note: report #${subject.id}`,
      components: [textInput('body', 'Note (staff only)', 2, 2000)],
    },
  };
}

const fieldsOf = (interaction: ComponentInteraction) =>
  new Map(
    (interaction.data.components ?? [])
      .flatMap((row) => [...(row.components ?? []), ...(row.component ? [row.component] : [])])
      .map((input) => [input.custom_id, input.value ?? '']),
  );

/** Banning is dangerous: a staff member using a second factor proves it on the site first, as for /ban. */
async function banRefusal(context: StaffButtonContext, principal: Principal): Promise<string | null> {
  const standing = await authService.secondFactorStanding(context.db, principal.userId, context.stepUpWindowMinutes);
  if (standing === 'enrol')
    return 'Your roles require a second factor, and your account has none yet: set one up on the site in User Settings → Security first.';
  if (!principalHas(principal, 'bans.create'))
    return 'Your Outpost account does not have the permission bans.create, which Ban needs.';
  if (standing === 'prove')
    return `Banning is a dangerous action and your account uses a second factor, which Discord cannot ask for. Confirm it on the site (User Settings → Security), then press Ban again within ${context.stepUpWindowMinutes} minutes.`;
  return null;
}

export async function answerStaffComponent(
  context: StaffButtonContext,
  interaction: ComponentInteraction,
): Promise<Answer> {
  const parsed = parseCustomId(interaction.data.custom_id);
  if (!parsed) return say('This button is not one Outpost knows.');
  const { principal, db } = context;
  if (!principal) return say(NOT_LINKED);
  const { subject, action } = parsed;
  const actor = {
    id: principal.userId,
    name: (await accountsService.findUserName(db, principal.userId)) ?? principal.userId,
    via: 'Discord',
  };
  try {
    if (subject.kind === 'appeal') {
      await playersBansNotesService.claimAppealAs(db, principal, subject.id, actor);
      return say(`You claimed appeal #${subject.id}.`);
    }
    if (!principalHas(principal, 'reports.manage'))
      return say('Your Outpost account does not have the permission reports.manage, which the report buttons need.');
    if (action === 'claim') {
      await playersBansNotesService.claimReportAs(db, principal, subject.id, actor);
      return say(`You claimed report #${subject.id}.`);
    }
    if (action === 'dismiss') {
      await playersBansNotesService.resolveReportAs(db, principal, subject.id, { action: 'dismiss' }, actor);
      return say(`You dismissed report #${subject.id}.`);
    }
    if (action === 'ban') {
      const refused = await banRefusal(context, principal);
      if (refused) return say(refused);
    } else if (!principalHas(principal, 'notes.create'))
      return say('Your Outpost account does not have the permission notes.create, which Note needs.');
    if (interaction.type === MESSAGE_COMPONENT) return modalFor(subject, action);
    const fields = fieldsOf(interaction);
    if (action === 'note') {
      await playersBansNotesService.resolveReportAs(
        db,
        principal,
        subject.id,
        { action: 'note', body: fields.get('body') ?? '', isPublic: false },
        actor,
      );
      return say(`You resolved report #${subject.id} with a note.`);
    }
    const typed = (fields.get('length') ?? '').trim().toLowerCase();
    const length = BAN_LENGTH_CHOICES.find((choice) => choice.value === typed || choice.name.toLowerCase() === typed);
    if (!length) return say(`“${typed.slice(0, 20)}” is not a ban length: use one of ${LENGTHS}. Nobody was banned.`);
    // As on the web (issue 25): the ban holds on the server the reports were made on, if any.
    const where = await reportedServer(db, subject.id);
    await playersBansNotesService.resolveReportAs(
      db,
      principal,
      subject.id,
      {
        action: 'ban',
        type: 'ban',
        reason: fields.get('reason') ?? '',
        length: length.seconds,
        ...(where ? { scope: { kind: 'server' as const, serverId: where.serverId } } : {}),
      },
      actor,
    );
    return say(
      `You resolved report #${subject.id} with a ban (${length.name}${where ? `, on ${where.name} only` : ''}).`,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) return say(error.message);
    throw error;
  }
}

/** The server of the group's latest report made on one that still exists; null when none. */
async function reportedServer(
  db: Kysely<DiscordTables>,
  groupId: number,
): Promise<{ serverId: string; name: string } | null> {
  const names = await serversService.serverNameMap(db);
  const group = await playersBansNotesService.reportGroup(db, groupId, names);
  const latest = [...(group?.reports ?? [])]
    .filter((report) => report.serverId !== null && names.has(report.serverId))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
  return latest?.serverId ? { serverId: latest.serverId, name: names.get(latest.serverId) ?? latest.serverId } : null;
}
