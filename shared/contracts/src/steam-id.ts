import { z } from 'zod';
import { idsEqual } from './permissions';

// Steam account ids in every form staff type or plugins send, normalised to SteamID64.
// Individual accounts are 76561197960265728 + account number (SteamID3 'Z').

const STEAM64_BASE = 76561197960265728n;
const MAX_ACCOUNT = 0xffffffffn;

const STEAM2 = /^STEAM_[0-5]:([01]):(\d{1,10})$/i;
const STEAM3 = /^\[?U:1:(\d{1,10})\]?$/i;
const STEAM64 = /^\d{17}$/;
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/profiles\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

function fromAccount(account: bigint): string | null {
  if (account < 0n || account > MAX_ACCOUNT) return null;
  return (STEAM64_BASE + account).toString();
}

/** Any accepted form -> SteamID64, or null when the text is not a Steam account id. */
export function parseSteamId(input: string): string | null {
  const text = input.trim();
  if (text.length === 0 || text.length > 200) return null;
  const url = PROFILE_URL.exec(text);
  if (url) return parseBareSteamId(decodeURIComponent(url[1] as string));
  return parseBareSteamId(text);
}

function parseBareSteamId(text: string): string | null {
  const steam2 = STEAM2.exec(text);
  if (steam2) return fromAccount(BigInt(steam2[2] as string) * 2n + BigInt(steam2[1] as string));
  const steam3 = STEAM3.exec(text);
  if (steam3) return fromAccount(BigInt(steam3[1] as string));
  if (STEAM64.test(text)) {
    const value = BigInt(text);
    if (value < STEAM64_BASE || value > STEAM64_BASE + MAX_ACCOUNT) return null;
    return text;
  }
  return null;
}

export function isSteamId(input: string): boolean {
  return parseSteamId(input) !== null;
}

/** The other forms of a SteamID64, for display and copying. */
export function steamIdForms(steamid64: string): {
  steamid64: string;
  steam2: string;
  steam3: string;
  profileUrl: string;
} {
  const account = BigInt(steamid64) - STEAM64_BASE;
  return {
    steamid64,
    steam2: `STEAM_1:${account % 2n}:${account / 2n}`,
    steam3: `[U:1:${account}]`,
    profileUrl: `https://steamcommunity.com/profiles/${steamid64}`,
  };
}

/**
 * Same player? Parsed forms compare as SteamID64; text that is not a Steam id falls
 * back to the SPEC 5 rule (text beyond the first 10 characters), which is what makes
 * STEAM_0:1:5 and STEAM_1:1:5 the same account.
 */
export function sameSteamPlayer(a: string, b: string): boolean {
  const pa = parseSteamId(a);
  const pb = parseSteamId(b);
  if (pa && pb) return pa === pb;
  return idsEqual(a, b);
}

/**
 * A request field that accepts any Steam id form. A refinement, not a transform, so the
 * OpenAPI document can describe it; handlers normalise with parseSteamId.
 */
export const steamIdInputSchema = z
  .string()
  .max(200)
  .refine(isSteamId, { message: 'Not a Steam id (SteamID64, STEAM_X:Y:Z, [U:1:Z] or a profile URL)' });
