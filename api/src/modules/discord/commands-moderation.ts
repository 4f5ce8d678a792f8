import { banCreateSchema, lengthAllowed, limitFor, reportCreateSchema, warningCreateSchema } from '@outpost/contracts';
import { nowSeconds } from '../../lib/clock';
import { principalHas } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import { playersBansNotesService } from '../players-bans-notes';
import { parseServerOption, scopeChoices, serverChoices } from './ban-scope-option';
import {
  actorOf,
  type CommandAnswer,
  type CommandContext,
  ENROL_FIRST,
  escapeMarkdown,
  NOT_LINKED,
  refusal,
  refusedBy,
  resolvePlayer,
  SECOND_FACTOR_FIRST,
} from './commands';
import { COMM_LENGTHS, type ModerationCommand } from './commands-moderation-definitions';
import { enforcementReport } from './enforcement-report';

// /unban, /mute, /gag, /warn (staff) and /report (members): each runs as the linked Outpost
// account through the web's doors: its permission, the act-on rule, the role limits checked
// inside the services, and the audit line marked "via Discord". Every refusal is ephemeral and
// changes nothing. The staff commands restrict or lift, so, like /ban, an account with a second
// factor must have proved it on the site in the last STEP_UP_WINDOW_MINUTES.

const PERMISSION: Record<Exclude<ModerationCommand, 'report'>, string> = {
  unban: 'bans.unban',
  mute: 'bans.create',
  gag: 'bans.create',
  warn: 'warnings.create',
};

const profile = (context: CommandContext, steamid: string) =>
  `${context.publicUrl.replace(/\/+$/, '')}/admin/players/${steamid}`;

/** Linked, not waiting for a second factor, holding the permission: null, or the refusal saying why. */
async function staffRefusal(context: CommandContext, name: Exclude<ModerationCommand, 'report'>) {
  const { principal, db } = context;
  if (!principal) return refusal(NOT_LINKED);
  const standing = await authService.secondFactorStanding(db, principal.userId, context.stepUpWindowMinutes);
  if (standing === 'enrol') return refusal(ENROL_FIRST);
  if (!principalHas(principal, PERMISSION[name]))
    return refusal(`Your Outpost account does not have the permission ${PERMISSION[name]}, which /${name} needs.`);
  if (standing === 'prove') return refusal(SECOND_FACTOR_FIRST(context.stepUpWindowMinutes, name));
  return null;
}

async function unbanCommand(context: CommandContext, options: ReadonlyMap<string, string>): Promise<CommandAnswer> {
  const { db } = context;
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  const reason = (options.get('reason') ?? '').trim();
  if (!reason || reason.length > 500) return refusal('Nothing was lifted: a reason of 1 to 500 characters is needed.');
  const bans = (await playersBansNotesService.activeRestrictions(db, { steamid: resolved.id }, nowSeconds())).filter(
    (row) => row.type === 'ban',
  );
  const row = bans[0];
  if (!row) return refusal(`**${escapeMarkdown(resolved.player?.name ?? resolved.id)}** has no active ban.`);
  return refusedBy(async () => {
    const actor = await actorOf(db, context.principal as NonNullable<CommandContext['principal']>);
    if (!(await playersBansNotesService.unban(db, row, reason, actor)))
      return refusal('The ban is not active any more (lifted or expired meanwhile).');
    const told = await enforcementReport(db, 'lifted', Number(row.id));
    return {
      content: `Lifted ban #${row.id} on **${escapeMarkdown(row.player_name ?? resolved.id)}** (\`${resolved.id}\`) — ${escapeMarkdown(reason)}: ${profile(context, resolved.id)}\n${told}`,
      ephemeral: true,
    };
  });
}

async function commBlock(
  context: CommandContext,
  type: 'mute' | 'gag',
  options: ReadonlyMap<string, string>,
): Promise<CommandAnswer> {
  const { db } = context;
  const principal = context.principal as NonNullable<CommandContext['principal']>;
  const length = COMM_LENGTHS.find((choice) => choice.value === options.get('length'));
  if (!length)
    return refusal(
      `“${escapeMarkdown(options.get('length') ?? '')}” is not one of /${type}'s lengths: pick one from the list.`,
    );
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  const checked = banCreateSchema.safeParse({
    type,
    steamid: resolved.id,
    reason: options.get('reason') ?? '',
    length: length.seconds,
  });
  if (!checked.success) return refusal(`Nobody was blocked: ${checked.error.issues[0]?.message ?? 'not valid'}.`);
  return refusedBy(async () => {
    await accountsService.assertMayActOnPlayer(db, principal, resolved.id, `${type} this player`);
    const row = await playersBansNotesService.createBan(
      db,
      { type, steamid: resolved.id, reason: checked.data.reason, length: length.seconds },
      await actorOf(db, principal),
    );
    const told = await enforcementReport(db, 'created', Number(row.id));
    return {
      content: `${type === 'mute' ? 'Muted' : 'Gagged'} **${escapeMarkdown(row.player_name ?? resolved.id)}** (\`${resolved.id}\`) ${length.seconds === null ? 'permanently' : `for ${length.name}`} — ${escapeMarkdown(row.reason)} — #${row.id}: ${profile(context, resolved.id)}\n${told}`,
      ephemeral: true,
    };
  });
}

async function warnCommand(context: CommandContext, options: ReadonlyMap<string, string>): Promise<CommandAnswer> {
  const { db } = context;
  const principal = context.principal as NonNullable<CommandContext['principal']>;
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  const server = await parseServerOption(db, options.get('server'));
  if ('refusal' in server) return refusal(`Nobody was warned: ${server.refusal}`);
  const checked = warningCreateSchema.safeParse({ steamid: resolved.id, reason: options.get('reason') ?? '' });
  if (!checked.success) return refusal(`Nobody was warned: ${checked.error.issues[0]?.message ?? 'not valid'}.`);
  return refusedBy(async () => {
    await accountsService.assertMayActOnPlayer(db, principal, resolved.id, 'warn this player');
    const { warning, banId } = await playersBansNotesService.createWarning(
      db,
      { steamid: resolved.id, reason: checked.data.reason, serverId: server.serverId },
      await actorOf(db, principal),
    );
    const on = server.serverId ? ` on ${escapeMarkdown(server.name)}` : '';
    const escalated = banId === null ? '' : ` — the warnings ladder banned them (ban #${banId})`;
    return {
      content: `Warned **${escapeMarkdown(warning.player_name ?? resolved.id)}** (\`${resolved.id}\`)${on} — ${escapeMarkdown(warning.reason)} — warning #${warning.id}${escalated}: ${profile(context, resolved.id)}`,
      ephemeral: true,
    };
  });
}

/** /report: any linked account, as the web's report form (its reasons, limits and grouping). */
async function reportCommand(context: CommandContext, options: ReadonlyMap<string, string>): Promise<CommandAnswer> {
  const { db, principal } = context;
  if (!principal) return refusal(NOT_LINKED);
  const resolved = await resolvePlayer(db, options.get('player') ?? '');
  if ('refusal' in resolved) return resolved.refusal;
  const checked = reportCreateSchema.safeParse({
    target: resolved.id,
    reason: options.get('reason') ?? '',
    details: options.get('details') ?? '',
  });
  if (!checked.success) return refusal(`Nothing was reported: ${checked.error.issues[0]?.message ?? 'not valid'}.`);
  return refusedBy(async () => {
    const me = await accountsService.findUserById(db, principal.userId);
    const { report } = await playersBansNotesService.fileReport(db, {
      source: 'web',
      reporter: { id: principal.userId, steamid: me?.steamid ?? null, name: me?.name ?? principal.userId },
      target: resolved.id,
      reason: checked.data.reason,
      details: checked.data.details,
      evidence: [],
      serverId: null,
    });
    return {
      content: `Thank you: your report #${report.id} on **${escapeMarkdown(resolved.player?.name ?? resolved.id)}** (${escapeMarkdown(checked.data.reason)}) reached the staff. Follow it on the site: ${context.publicUrl.replace(/\/+$/, '')}/reports`,
      ephemeral: true,
    };
  });
}

export async function runModerationCommand(
  context: CommandContext,
  name: ModerationCommand,
  options: ReadonlyMap<string, string>,
): Promise<CommandAnswer> {
  if (name === 'report') return reportCommand(context, options);
  const refused = await staffRefusal(context, name);
  if (refused) return refused;
  if (name === 'unban') return unbanCommand(context, options);
  if (name === 'warn') return warnCommand(context, options);
  return commBlock(context, name, options);
}

type Choice = { name: string; value: string };

/** Autocomplete of reason and length: the site's reasons matching what is typed (and the typed text), the lengths the caller's roles allow. */
export async function moderationChoices(context: CommandContext, option: string, typed: string): Promise<Choice[]> {
  if (!context.principal) return [];
  const text = typed.trim().toLowerCase();
  if (option === 'reason') {
    const reasons = await playersBansNotesService.reportReasons(context.db);
    const matching = reasons.filter((reason) => reason.toLowerCase().includes(text));
    const own = typed.trim() && !matching.some((reason) => reason.toLowerCase() === text) ? [typed.trim()] : [];
    return [...matching, ...own]
      .slice(0, 25)
      .map((reason) => ({ name: reason.slice(0, 100), value: reason.slice(0, 100) }));
  }
  if (option === 'scope') return scopeChoices(context, typed);
  if (option === 'server') return serverChoices(context, typed);
  if (option === 'length') {
    const limits = await accountsService.restrictionLimits(
      context.db,
      context.principal.userId,
      await authService.withheldRoleIds(context.db, context.principal.userId),
    );
    return COMM_LENGTHS.filter((choice) => lengthAllowed(limitFor(limits, 'mute'), choice.seconds))
      .filter((choice) => choice.name.toLowerCase().includes(text))
      .map(({ name, value }) => ({ name, value }));
  }
  return [];
}
