import {
  type AppealDecision,
  type AppealDetail,
  appealCreateSchema,
  appealDecisionSchema,
  appealDetailSchema,
  appealMessageCreateSchema,
} from '@outpost/contracts';
import { type HostApi, i18n, sendJson } from '@outpost/host';

// One fetcher per appeal call. Input is checked with the API's own zod schema first: a
// refusal the browser can see costs no request. Failures are shown by the host helper.

export type Sent = { ok: true; detail: AppealDetail } | { ok: false; message: string | null };

async function send(host: HostApi, method: 'POST' | 'PUT', path: string, body?: unknown): Promise<Sent> {
  const result = await sendJson(host, method, path, body, appealDetailSchema);
  if (!result.ok || result.data === true) return { ok: false, message: null };
  return { ok: true, detail: result.data };
}

function invalid(issues: { message: string }[]): Sent {
  return { ok: false, message: issues[0]?.message ?? i18n._('players-bans-notes.appeals.error.form') };
}

export function createAppeal(host: HostApi, banId: number, statement: string): Promise<Sent> {
  const parsed = appealCreateSchema.safeParse({ banId, statement });
  if (!parsed.success) return Promise.resolve(invalid(parsed.error.issues));
  return send(host, 'POST', '/api/appeals', parsed.data);
}

export function postMessage(host: HostApi, id: number, body: string, internal: boolean): Promise<Sent> {
  const parsed = appealMessageCreateSchema.safeParse({ body, internal });
  if (!parsed.success) return Promise.resolve(invalid(parsed.error.issues));
  return send(host, 'POST', `/api/appeals/${id}/messages`, parsed.data);
}

export function closeAppeal(host: HostApi, id: number): Promise<Sent> {
  return send(host, 'POST', `/api/appeals/${id}/close`);
}

export function assignAppeal(host: HostApi, id: number, assigneeId: string | null): Promise<Sent> {
  return send(host, 'PUT', `/api/appeals/${id}/assignee`, { assigneeId });
}

export function decideAppeal(host: HostApi, id: number, decision: AppealDecision): Promise<Sent> {
  const parsed = appealDecisionSchema.safeParse(decision);
  if (!parsed.success) return Promise.resolve(invalid(parsed.error.issues));
  return send(host, 'POST', `/api/appeals/${id}/decision`, parsed.data);
}
