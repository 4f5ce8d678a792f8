import {
  type CreatedInstance,
  createdInstanceSchema,
  NO_FREE_RESOURCES,
  noFreeResourcesErrorSchema,
} from '@outpost/contracts';
import { type HostApi, i18n, networkFailure, parseFailure, UNEXPECTED_ANSWER } from '@outpost/host';
import type { CreateFailure } from './modal-state';

export type CreateResult = { ok: true; instance: CreatedInstance } | { ok: false; failure: CreateFailure };

/** POST /api/groups/{id}/servers?start=1: creates and starts a new instance of the group. */
export async function createInstance(host: HostApi, groupId: string): Promise<CreateResult> {
  let response: Response | null;
  try {
    response = await host.apiFetch(`/api/groups/${encodeURIComponent(groupId)}/servers?start=1`, {
      method: 'POST',
      quiet: true,
      throwOnNetworkError: true,
    });
  } catch (error) {
    // SPEC 8: a network failure shows its own message.
    return { ok: false, failure: { kind: 'network', message: networkFailure(error).message } };
  }
  if (!response) return { ok: false, failure: { kind: 'network', message: i18n._('servers.instance.noAnswer') } };
  if (response.ok) {
    const parsed = createdInstanceSchema.safeParse(await response.json().catch(() => null));
    if (parsed.success) return { ok: true, instance: parsed.data };
    return { ok: false, failure: { kind: 'error', code: null, message: UNEXPECTED_ANSWER } };
  }
  const failure = await parseFailure(response);
  if (failure.code === NO_FREE_RESOURCES) {
    const noResources = noFreeResourcesErrorSchema.safeParse(failure.body);
    if (noResources.success)
      return { ok: false, failure: { kind: 'no-free-resources', details: noResources.data.details } };
    return { ok: false, failure: { kind: 'error', code: null, message: failure.message } };
  }
  // Only what the API said: no code and no sentence means 'No information available'.
  const said = typeof (failure.body as { message?: unknown } | null)?.message === 'string';
  return { ok: false, failure: { kind: 'error', code: failure.code, message: said ? failure.message : null } };
}
