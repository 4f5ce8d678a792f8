import { PassThrough } from 'node:stream';

/** Streams for runCli (`pnpm outpost ...` in tests), with what was written to each. */
export function cliIo(env: Record<string, string | undefined> = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  let outText = '';
  let errText = '';
  out.on('data', (chunk) => (outText += chunk));
  err.on('data', (chunk) => (errText += chunk));
  return { io: { env, out, err }, out: () => outText, err: () => errText };
}
