import { type HostApi, type JsonMethod, type Schema, sendJson } from '@outpost/host';

/**
 * A change through the host helper, quiet (the form shows the message beside the control it
 * concerns): the answer's data, or the failure's message.
 */
export async function change<T>(
  host: HostApi,
  method: JsonMethod,
  path: string,
  body: unknown,
  schema?: Schema<T>,
): Promise<{ ok: true; data: T | true } | { ok: false; message: string; code: string | null }> {
  const result = await sendJson(host, method, path, body, schema, { quiet: true });
  return result.ok ? result : { ok: false, message: result.failure.message, code: result.failure.code };
}
