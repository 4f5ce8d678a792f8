import { isPrintableAscii } from './control-characters';
import { parseSteamId } from './steam-id';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * The one identity rule of in-game admins without an account (issue 31 item 7), by kind:
 * printable ASCII always, then `steam` any Steam id form, `ip` one IPv4 or IPv6 address, `name` a player name of 1 to
 * 32 printable ASCII characters (admins_simple.ini holds printable ASCII only, and SourceMod
 * compares names byte for byte, so a name with other characters cannot be written safely:
 * such a player is added by Steam id). Returns why the identity is refused, or null.
 */
export function gameIdentityRefusal(authType: 'steam' | 'ip' | 'name', identity: string): string | null {
  if (!isPrintableAscii(identity)) return `An identity is printable ASCII only: ${JSON.stringify(identity)}`;
  if (authType === 'steam') return parseSteamId(identity) ? null : `Not a Steam id: ${JSON.stringify(identity)}`;
  if (authType === 'ip') {
    return IPV4.test(identity) || isIpv6(identity) ? null : `Not an IP address: ${JSON.stringify(identity)}`;
  }
  if (identity.length < 1 || identity.length > 32 || !isPrintableAscii(identity) || identity.trim() !== identity) {
    return `A name identity is 1 to 32 printable ASCII characters with no spaces around it (use the Steam id for other names): ${JSON.stringify(identity)}`;
  }
  return null;
}
