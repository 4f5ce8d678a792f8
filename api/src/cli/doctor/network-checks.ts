import net from 'node:net';
import type { Config } from '../../config';
import type { Finding } from './checks';

// The doctor's network checks: Outpost's own port, and the outside services it talks to.

/** The port is free, or Outpost itself answers there (a running instance), or something else holds it. */
export async function checkPort(config: Config): Promise<Finding> {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const free = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(config.PORT, config.HOST, () => server.close(() => resolve(true)));
  });
  if (free) return { status: 'ok', check: 'port', detail: `${config.HOST}:${config.PORT} is free for Outpost` };
  const answer = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/api/health`, {
    signal: AbortSignal.timeout(2000),
  })
    .then((response) => response.ok)
    .catch(() => false);
  if (answer) return { status: 'ok', check: 'port', detail: `Outpost is running on ${config.HOST}:${config.PORT}` };
  return {
    status: 'fail',
    check: 'port',
    detail: `${config.HOST}:${config.PORT} is taken by another program`,
    fix: `stop that program, or set PORT to a free port (e.g. PORT=${config.PORT + 1})`,
  };
}

async function reachable(url: string): Promise<{ ok: boolean; status?: number; error?: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: 'manual' });
    await response.body?.cancel();
    return { ok: response.status < 500, status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: cause ?? (error as Error).message };
  }
}

export async function checkOutsideServices(config: Config): Promise<Finding[]> {
  const findings: Finding[] = [];
  const steamFix =
    'let this machine reach Steam over https (firewall, proxy, DNS); pages then show Steam as unknown, not offline';
  const openid = await reachable(config.STEAM_OPENID_URL);
  findings.push(
    openid.ok
      ? { status: 'ok', check: 'Steam sign-in', detail: `${config.STEAM_OPENID_URL} answers` }
      : {
          status: 'fail',
          check: 'Steam sign-in',
          detail: `${config.STEAM_OPENID_URL} cannot be reached (${openid.error ?? openid.status})`,
          fix: 'sign-in checks every answer with Steam: let this machine reach it',
        },
  );
  if (config.STEAM_STATUS_URL !== 'none') {
    const status = await reachable(config.STEAM_STATUS_URL);
    findings.push(
      status.ok
        ? { status: 'ok', check: 'Steam status', detail: `${config.STEAM_STATUS_URL} answers` }
        : {
            status: 'warn',
            check: 'Steam status',
            detail: `${config.STEAM_STATUS_URL} cannot be reached (${status.error ?? status.status})`,
            fix: steamFix,
          },
    );
  }
  if (config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET) {
    const discord = await reachable(config.DISCORD_API_URL);
    findings.push(
      discord.ok
        ? { status: 'ok', check: 'Discord', detail: `${config.DISCORD_API_URL} answers` }
        : {
            status: 'warn',
            check: 'Discord',
            detail: `${config.DISCORD_API_URL} cannot be reached (${discord.error ?? discord.status})`,
            fix: 'Discord sign-in and webhooks need this machine to reach discord.com',
          },
    );
  } else {
    findings.push({
      status: 'ok',
      check: 'Discord',
      detail: 'not configured (optional: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET)',
    });
  }
  return findings;
}
