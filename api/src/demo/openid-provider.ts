import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenIdAssociation } from '../protocols/servers/openid-association';
import { OPENID_NS } from '../protocols/steam-openid';
import { DEMO_ACCOUNTS, type DemoAccount, demoAccount } from './demo-accounts';

// The demo's sign-in: an OpenID 2.0 provider speaking Steam's dialect (checkid_setup in,
// a signed id_res positive assertion out, check_authentication to confirm it), so Outpost's
// real Steam sign-in runs unchanged against it with no internet. Instead of a password its
// login page offers the demo accounts. It signs with a per-process secret (HMAC-SHA256 over
// the key-value form of the signed fields, as OpenID 2.0 section 6 defines).

const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';
const STEAM_ID_URL = 'https://steamcommunity.com/openid/id/';
const MAX_BODY_BYTES = 16 * 1024;

export interface DemoOpenIdProvider {
  /** The endpoint STEAM_OPENID_URL points at. */
  openidUrl: string;
  /** A signed positive assertion for an account, as the query appended to return_to. */
  assert(account: DemoAccount, returnTo: string): string;
  close(): Promise<void>;
}

class BadRequest extends Error {}

class TooLarge extends Error {}

function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    let tooLarge = false;
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      // Past the limit the rest is read and dropped, so the answer still reaches the client.
      if (tooLarge) return;
      text += chunk;
      if (text.length > MAX_BODY_BYTES) {
        tooLarge = true;
        text = '';
      }
    });
    request.on('end', () => (tooLarge ? reject(new TooLarge()) : resolve(new URLSearchParams(text))));
    request.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );
}

/**
 * The relying party's return_to, checked: an http(s) URL under the realm it named (OpenID 2.0
 * section 9.2). Anything else is refused rather than redirected to.
 */
export function checkedReturnTo(returnTo: string | null, realm: string | null): URL {
  let url: URL;
  try {
    url = new URL(returnTo ?? '');
  } catch {
    throw new BadRequest('openid.return_to is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequest('openid.return_to is not http(s)');
  if (realm !== null) {
    let realmUrl: URL;
    try {
      realmUrl = new URL(realm);
    } catch {
      throw new BadRequest('openid.realm is not a URL');
    }
    const underRealm = url.origin === realmUrl.origin && url.pathname.startsWith(realmUrl.pathname);
    if (!underRealm) throw new BadRequest('openid.return_to is not under openid.realm');
  }
  return url;
}

function withQuery(returnTo: string, query: string): string {
  return `${returnTo}${returnTo.includes('?') ? '&' : '?'}${query}`;
}

function loginPage(returnTo: URL, realm: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const accounts = DEMO_ACCOUNTS.map(
    (account) => `
      <form method="post" action="approve">
        ${hidden('openid.return_to', returnTo.href)}${hidden('openid.realm', realm)}${hidden('account', account.key)}
        <button type="submit">${escapeHtml(account.label)}</button>
        <p>${escapeHtml(account.description)}</p>
      </form>`,
  ).join('');
  const cancel = withQuery(
    returnTo.href,
    new URLSearchParams({ 'openid.ns': OPENID_NS, 'openid.mode': 'cancel' }).toString(),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to the Outpost demo</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 1.5rem; }
  h1 { font-size: 1.4rem; }
  form { margin: 0 0 1rem; }
  button { width: 100%; padding: 0.8rem; font-size: 1.05rem; border-radius: 6px; border: 1px solid #2a6db0;
    background: #1f5c99; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
  p { margin: 0.3rem 0 0; font-size: 0.9rem; }
  a { color: inherit; }
</style>
</head>
<body>
<main>
  <h1>Sign in to the Outpost demo</h1>
  <p>This is the demo's stand-in for Steam: pick an account. Nothing leaves this computer.</p>
  <p>Signing in to <strong>${escapeHtml(new URL(realm).host)}</strong></p>
  <div style="margin-top:1.2rem">${accounts}</div>
  <p><a href="${escapeHtml(cancel)}">Cancel</a></p>
</main>
</body>
</html>`;
}

/** Starts the provider on loopback (or `host`); `port` 0 picks a free one. */
export async function startDemoOpenIdProvider(
  options: {
    port?: number;
    host?: string /** The host name browsers reach it at, when not loopback. */;
    publicHost?: string;
  } = {},
): Promise<DemoOpenIdProvider> {
  const association = createOpenIdAssociation();

  const checkAuthentication = (params: URLSearchParams): boolean => {
    const signed = (params.get('openid.signed') ?? '').split(',');
    // Every field the relying party relies on must be covered by the signature.
    return SIGNED.split(',').every((name) => signed.includes(name)) && association.verify(params);
  };

  const server = http.createServer(async (request, response) => {
    const send = (status: number, type: string, body: string, headers: http.OutgoingHttpHeaders = {}) =>
      response
        .writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-frame-options': 'DENY', ...headers })
        .end(body);
    try {
      const url = new URL(request.url ?? '/', 'http://provider');
      const params = request.method === 'POST' ? await readForm(request) : url.searchParams;
      if (url.pathname === '/openid/login') {
        const mode = params.get('openid.mode');
        if (mode === 'checkid_setup') {
          if (params.get('openid.ns') !== OPENID_NS) throw new BadRequest('not an OpenID 2.0 request');
          const realm = params.get('openid.realm') ?? params.get('openid.return_to');
          const returnTo = checkedReturnTo(params.get('openid.return_to'), realm);
          return send(200, 'text/html; charset=utf-8', loginPage(returnTo, realm as string), {
            // The page's one form action redirects to the relying party: allow exactly that origin.
            'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnTo.origin}; frame-ancestors 'none'; base-uri 'none'`,
          });
        }
        if (mode === 'check_authentication' && request.method === 'POST') {
          return send(200, 'text/plain; charset=utf-8', `ns:${OPENID_NS}\nis_valid:${checkAuthentication(params)}\n`);
        }
        throw new BadRequest('unsupported openid.mode');
      }
      if (url.pathname === '/openid/approve' && request.method === 'POST') {
        const account = demoAccount(params.get('account') ?? '');
        if (!account) throw new BadRequest('no such demo account');
        const returnTo = checkedReturnTo(params.get('openid.return_to'), params.get('openid.realm'));
        return send(302, 'text/plain', '', {
          location: withQuery(returnTo.href, provider.assert(account, returnTo.href)),
        });
      }
      return send(404, 'text/plain; charset=utf-8', 'Not found');
    } catch (error) {
      if (error instanceof BadRequest) return send(400, 'text/plain; charset=utf-8', error.message);
      if (error instanceof TooLarge) return send(413, 'text/plain; charset=utf-8', 'request too large');
      return send(500, 'text/plain; charset=utf-8', 'internal error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const listening = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const hostForUrl = options.publicHost ?? listening;
  const openidUrl = `http://${hostForUrl}:${address.port}/openid/login`;

  const provider: DemoOpenIdProvider = {
    openidUrl,
    assert(account, returnTo) {
      const id = `${STEAM_ID_URL}${account.steamId}`;
      const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const fields = new Map([
        ['openid.ns', OPENID_NS],
        ['openid.mode', 'id_res'],
        ['openid.op_endpoint', openidUrl],
        ['openid.claimed_id', id],
        ['openid.identity', id],
        ['openid.return_to', returnTo],
        ['openid.response_nonce', `${time}${randomBytes(6).toString('hex')}`],
        ['openid.assoc_handle', association.handle],
        ['openid.signed', SIGNED],
      ]);
      fields.set('openid.sig', association.sign(fields, SIGNED));
      return new URLSearchParams([...fields]).toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}
