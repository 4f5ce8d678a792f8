import {
  type CreatedInstance,
  createdInstanceSchema,
  NO_FREE_RESOURCES,
  noFreeResourcesErrorSchema,
} from '@outpost/contracts';
import type { HostApi } from '@outpost/host';
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
    return { ok: false, failure: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
  }
  if (!response) return { ok: false, failure: { kind: 'network', message: 'No answer from the server' } };
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = createdInstanceSchema.safeParse(body);
    if (parsed.success) return { ok: true, instance: parsed.data };
    return { ok: false, failure: { kind: 'error', code: null, message: 'Unexpected answer from the server' } };
  }
  const noResources = noFreeResourcesErrorSchema.safeParse(body);
  if (noResources.success)
    return { ok: false, failure: { kind: 'no-free-resources', details: noResources.data.details } };
  const error = body as { error?: unknown; message?: unknown } | null;
  return {
    ok: false,
    failure: {
      kind: 'error',
      code: typeof error?.error === 'string' && error.error !== NO_FREE_RESOURCES ? error.error : null,
      message: typeof error?.message === 'string' ? error.message : null,
    },
  };
}
