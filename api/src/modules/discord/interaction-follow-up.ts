// A deferred interaction's answer (issue 26 item 1). Discord waits 3 s for the first answer;
// a command whose work may take longer (a ban reaching the game servers, a lookup) answers
// "thinking…" (type 5) at once, and its result then replaces that message: PATCH
// /webhooks/{application}/{token}/messages/@original. The interaction's token authorizes it
// (valid 15 minutes), so no bot token is needed; 429s are read as everywhere else (lib/discord-rate-limit).
import { callDiscordBot, type RestOutcome } from './discord-rest';

export interface FollowUpTarget {
  apiUrl: string;
  applicationId: string;
  /** The interaction's token, as Discord sent it. */
  token: string;
  timeoutMs: number;
}

/** Tries this often: a 429 waits what Discord says, a failure to reach it backs off from RETRY_BASE_MS. */
const ATTEMPTS = 5;
const RETRY_BASE_MS = 500;
/** Never past the token's life (15 minutes), whatever a 429 asks. */
const LONGEST_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces the deferred answer with `content`; answers the last outcome (done, or why not). */
export async function editOriginal(target: FollowUpTarget, content: string): Promise<RestOutcome> {
  let outcome: RestOutcome = { kind: 'retry', status: null, afterMs: null, error: 'not tried' };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    outcome = await callDiscordBot({
      apiUrl: target.apiUrl,
      botToken: null,
      method: 'PATCH',
      path: `/webhooks/${target.applicationId}/${encodeURIComponent(target.token)}/messages/@original`,
      // Names typed by players never ping anyone.
      body: { content, allowed_mentions: { parse: [] } },
      timeoutMs: target.timeoutMs,
    });
    if (outcome.kind !== 'retry') return outcome;
    await sleep(Math.min(outcome.afterMs ?? RETRY_BASE_MS * 2 ** attempt, LONGEST_WAIT_MS));
  }
  return outcome;
}
