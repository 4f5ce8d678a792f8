import { WEBHOOK_MAX_ATTEMPTS } from '@outpost/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { readBotSettings } from './bot-settings';
import { callDiscordBot, type RestOutcome } from './discord-rest';
import {
  claimRow,
  dueRows,
  nextDueAt,
  releaseRows,
  restPending,
  type StaffMessageRow,
  settleRow,
} from './staff-channel-queue';
import { appealMessage, reportMessage, type StaffMessage, subjectOf } from './staff-messages';
import type { DiscordTables } from './tables';

// Posts and edits the staff channel's messages from the durable queue (staff-channel-queue):
// one subject at a time (one channel is one Discord bucket), waiting exactly as long as a 429
// or an empty bucket says (lib/discord-rate-limit), backing off on Discord's hiccups.

const MAX_BACKOFF_MS = 60 * 60_000;
const UNKNOWN_MESSAGE = 10008;

export interface StaffChannelDeps {
  db: Kysely<DiscordTables>;
  config: Config;
  log: FastifyBaseLogger;
}

/** The staff channel's sweep for the bot's worker (bot-worker.ts). */
export class StaffChannelSweep {
  private runner = '';

  constructor(private readonly deps: StaffChannelDeps) {}

  readonly sweep = async (runner: string, stopped: () => boolean): Promise<number> => {
    this.runner = runner;
    const { db, config } = this.deps;
    const poll = config.WEBHOOK_POLL_INTERVAL_MS;
    const settings = await readBotSettings(db);
    if (!settings.botToken || !settings.staffChannelId) return poll;
    for (const row of await dueRows(db, Date.now(), 20)) {
      if (stopped()) return poll;
      if (!(await claimRow(db, row.subject, runner, Date.now(), config.WEBHOOK_TIMEOUT_MS * 2 + 30_000))) continue;
      const rested = await this.send(row, settings.botToken, settings.staffChannelId);
      if (rested) break;
    }
    const next = await nextDueAt(db);
    return next === null ? poll : Math.min(poll, next - Date.now());
  };

  release(runner: string): Promise<void> {
    return releaseRows(this.deps.db, runner);
  }

  private async render(subject: string): Promise<StaffMessage | null> {
    const { db, config } = this.deps;
    const parsed = subjectOf(subject);
    if (!parsed) return null;
    if (parsed.kind === 'report') {
      const group = await playersBansNotesService.reportGroup(db, parsed.id, await serversService.serverNameMap(db));
      return group ? reportMessage(group, config.PUBLIC_URL) : null;
    }
    const appeal = await playersBansNotesService.appeal(db, parsed.id, Math.floor(Date.now() / 1000));
    return appeal ? appealMessage(appeal, config.PUBLIC_URL) : null;
  }

  /** One post or edit; answers whether the channel's bucket now rests (the sweep stops). */
  private async send(row: StaffMessageRow, botToken: string, channelId: string): Promise<boolean> {
    const { db, config } = this.deps;
    const message = await this.render(row.subject);
    if (!message) {
      await settleRow(db, row.subject, this.runner, { sent_version: row.version, attempts: 0, last_error: null });
      return false;
    }
    const call = (method: 'POST' | 'PATCH', path: string) =>
      callDiscordBot({
        apiUrl: config.DISCORD_API_URL,
        botToken,
        method,
        path,
        body: message,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      });
    const editing = row.message_id !== null && row.channel_id === channelId;
    let outcome: RestOutcome = editing
      ? await call('PATCH', `/channels/${channelId}/messages/${row.message_id}`)
      : await call('POST', `/channels/${channelId}/messages`);
    // Someone deleted the message in Discord: post it again.
    if (editing && outcome.kind === 'refused' && outcome.code === UNKNOWN_MESSAGE)
      outcome = await call('POST', `/channels/${channelId}/messages`);
    const attempts = row.attempts + 1;
    if (outcome.kind === 'done') {
      const id = (outcome.body as { id?: unknown } | null)?.id;
      await settleRow(db, row.subject, this.runner, {
        channel_id: channelId,
        message_id: typeof id === 'string' ? id : row.message_id,
        sent_version: row.version,
        attempts: 0,
        last_error: null,
      });
      if (outcome.restMs > 0) await restPending(db, Date.now() + outcome.restMs);
      return outcome.restMs > 0;
    }
    if (outcome.kind === 'refused' || attempts >= WEBHOOK_MAX_ATTEMPTS) {
      this.deps.log.warn({ subject: row.subject, error: outcome.error }, 'Discord staff channel message not sent');
      await settleRow(db, row.subject, this.runner, {
        sent_version: row.version,
        attempts: 0,
        last_error: outcome.error,
      });
      return false;
    }
    const at =
      Date.now() + (outcome.afterMs ?? Math.min(config.WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS));
    await settleRow(db, row.subject, this.runner, { attempts, next_attempt_at: at, last_error: outcome.error });
    if (outcome.afterMs !== null) await restPending(db, at);
    return outcome.afterMs !== null;
  }
}
