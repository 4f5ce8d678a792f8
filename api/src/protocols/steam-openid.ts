// Steam sign-in as an OpenID 2.0 relying party, written to refuse every forgery that
// public libraries once accepted: an assertion from another endpoint, an identity
// swapped after signing, a return_to pointing elsewhere, fields left out of the
// signature, duplicated parameters and replayed nonces. Only after all of those does
// the configured endpoint (never one named in the request) confirm the signature.

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const STEAM_ID_URL = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
const NONCE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)(.{0,200})$/;
/** How old (or how far in the future) a response_nonce may be. */
export const NONCE_MAX_AGE_S = 300;
const REQUIRED_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const OPENID_FIELDS = new Set([
  'openid.ns',
  'openid.mode',
  'openid.op_endpoint',
  'openid.claimed_id',
  'openid.identity',
  'openid.return_to',
  'openid.response_nonce',
  'openid.assoc_handle',
  'openid.signed',
  'openid.sig',
]);

export class OpenIdError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PositiveAssertion {
  steamId: string;
  nonce: string;
  /** The openid.* fields exactly as received, in order, for check_authentication. */
  fields: [string, string][];
}

/**
 * Checks a callback's query (raw, as received) against everything that can be checked
 * locally. `callbackUrl` is our callback without query; the query's non-openid parameters
 * must be exactly the ones return_to carries.
 */
export function parsePositiveAssertion(
  rawQuery: string,
  expected: { opEndpoint: string; callbackUrl: string; nowSeconds: number },
): PositiveAssertion {
  const params = [...new URLSearchParams(rawQuery)];
  const seen = new Set<string>();
  for (const [key] of params) {
    if (seen.has(key)) throw new OpenIdError('OPENID_DUPLICATE_PARAMETER', `The parameter ${key} appears twice`);
    seen.add(key);
  }
  const fields = params.filter(([key]) => key.startsWith('openid.'));
  const ours = params.filter(([key]) => !key.startsWith('openid.'));
  for (const [key] of fields) {
    if (!OPENID_FIELDS.has(key)) throw new OpenIdError('OPENID_UNEXPECTED_PARAMETER', `Unexpected parameter ${key}`);
  }
  const get = (name: string) => fields.find(([key]) => key === `openid.${name}`)?.[1];

  if (get('mode') === 'cancel') throw new OpenIdError('OPENID_CANCELLED', 'The sign-in was cancelled at Steam');
  if (get('ns') !== OPENID_NS) throw new OpenIdError('OPENID_BAD_NAMESPACE', 'Not an OpenID 2.0 response');
  if (get('mode') !== 'id_res') throw new OpenIdError('OPENID_BAD_MODE', 'Not a positive assertion');
  if (get('op_endpoint') !== expected.opEndpoint) {
    throw new OpenIdError('OPENID_WRONG_ENDPOINT', 'The assertion does not come from Steam');
  }
  checkReturnTo(get('return_to'), expected.callbackUrl, ours);

  const claimedId = get('claimed_id');
  const match = claimedId ? STEAM_ID_URL.exec(claimedId) : null;
  if (!match || get('identity') !== claimedId) {
    throw new OpenIdError('OPENID_BAD_IDENTITY', 'The asserted identity is not a Steam account');
  }

  const signed = (get('signed') ?? '').split(',');
  for (const name of REQUIRED_SIGNED) {
    if (!signed.includes(name)) throw new OpenIdError('OPENID_UNSIGNED_FIELD', `The signature does not cover ${name}`);
  }
  for (const name of signed) {
    if (get(name) === undefined) throw new OpenIdError('OPENID_UNSIGNED_FIELD', `The signed field ${name} is missing`);
  }
  if (!get('sig') || !get('assoc_handle'))
    throw new OpenIdError('OPENID_UNSIGNED_FIELD', 'The assertion is not signed');

  const nonce = get('response_nonce') ?? '';
  const issued = NONCE.exec(nonce);
  const issuedAt = issued ? Date.parse(issued[1] as string) / 1000 : Number.NaN;
  if (!Number.isFinite(issuedAt) || Math.abs(expected.nowSeconds - issuedAt) > NONCE_MAX_AGE_S) {
    throw new OpenIdError('OPENID_STALE_NONCE', 'The sign-in answer is too old; please sign in again');
  }
  return { steamId: match[1] as string, nonce, fields };
}

function checkReturnTo(returnTo: string | undefined, callbackUrl: string, ours: [string, string][]): void {
  let url: URL;
  try {
    url = new URL(returnTo ?? '');
  } catch {
    throw new OpenIdError('OPENID_BAD_RETURN_TO', 'The assertion was made for another address');
  }
  const sameParams =
    url.hash === '' &&
    JSON.stringify([...url.searchParams]) === JSON.stringify(ours) &&
    `${url.origin}${url.pathname}` === callbackUrl;
  if (!sameParams) throw new OpenIdError('OPENID_BAD_RETURN_TO', 'The assertion was made for another address');
}

/**
 * Asks the configured endpoint to confirm the assertion: the received openid.* fields,
 * unchanged but for the mode. Anything but a literal `is_valid:true` is a refusal.
 */
export async function confirmWithProvider(opEndpoint: string, fields: [string, string][]): Promise<void> {
  const body = new URLSearchParams(
    fields.map(([key, value]): [string, string] => [key, key === 'openid.mode' ? 'check_authentication' : value]),
  );
  let text: string;
  try {
    const response = await fetch(opEndpoint, {
      method: 'POST',
      body,
      headers: { accept: 'text/plain' },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    text = response.ok ? (await response.text()).slice(0, 10_000) : '';
  } catch {
    throw new OpenIdError('OPENID_PROVIDER_UNREACHABLE', 'Steam could not be reached to confirm the sign-in');
  }
  const answer = new Map(
    text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as const),
  );
  if (answer.get('is_valid') !== 'true') {
    throw new OpenIdError('OPENID_NOT_CONFIRMED', 'Steam did not confirm the sign-in');
  }
}
