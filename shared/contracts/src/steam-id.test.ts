import { describe, expect, it } from 'vitest';
import { idsEqual } from './permissions';
import { isSteamId, parseSteamId, sameSteamPlayer, steamIdForms, steamIdInputSchema } from './steam-id';

// Account 1234567 * 2 + 1 = 2469135: every form below is the same player.
const ID64 = '76561197962734863';
const FORMS = [
  ID64,
  'STEAM_0:1:1234567',
  'STEAM_1:1:1234567',
  'steam_1:1:1234567',
  '[U:1:2469135]',
  'U:1:2469135',
  `https://steamcommunity.com/profiles/${ID64}`,
  `https://steamcommunity.com/profiles/${ID64}/`,
  `http://www.steamcommunity.com/profiles/${ID64}?l=en`,
  `steamcommunity.com/profiles/${ID64}`,
  'https://steamcommunity.com/profiles/[U:1:2469135]',
  `  ${ID64}  `,
];

describe('parseSteamId', () => {
  it.each(FORMS)('parses %s to the same SteamID64', (form) => {
    expect(parseSteamId(form)).toBe(ID64);
  });

  it.each([
    '',
    '   ',
    'bob',
    '7656119796273486',
    '765611979627348630',
    '12345678901234567',
    'STEAM_0:2:1234567',
    'STEAM_0:1:',
    'STEAM_0:1:-5',
    '[U:1:99999999999]',
    '[G:1:2469135]',
    'https://steamcommunity.com/id/someone',
    'https://evil.example/profiles/76561197962734863',
    `${'7'.repeat(300)}`,
  ])('refuses %j', (garbage) => {
    expect(parseSteamId(garbage)).toBeNull();
    expect(isSteamId(garbage)).toBe(false);
    expect(steamIdInputSchema.safeParse(garbage).success).toBe(false);
  });

  it('gives the other forms back', () => {
    expect(steamIdForms(ID64)).toEqual({
      steamid64: ID64,
      steam2: 'STEAM_1:1:1234567',
      steam3: '[U:1:2469135]',
      profileUrl: `https://steamcommunity.com/profiles/${ID64}`,
    });
    for (const form of Object.values(steamIdForms(ID64))) expect(parseSteamId(form)).toBe(ID64);
  });

  it('the lowest and highest individual accounts parse', () => {
    expect(parseSteamId('STEAM_0:0:0')).toBe('76561197960265728');
    expect(parseSteamId('[U:1:4294967295]')).toBe('76561202255233023');
  });
});

describe('id equality (SPEC 5)', () => {
  it('STEAM_0 and STEAM_1 forms are equal by the 10-character rule and as players', () => {
    expect(idsEqual('STEAM_0:1:1234567', 'STEAM_1:1:1234567')).toBe(true);
    expect(sameSteamPlayer('STEAM_0:1:1234567', 'STEAM_1:1:1234567')).toBe(true);
  });
  it('different accounts are not equal', () => {
    expect(idsEqual('STEAM_0:1:1234567', 'STEAM_0:1:1234568')).toBe(false);
    expect(sameSteamPlayer('STEAM_0:1:1234567', '[U:1:2469136]')).toBe(false);
  });
  it('every form is the same player as every other', () => {
    for (const a of FORMS) for (const b of FORMS) expect(sameSteamPlayer(a, b)).toBe(true);
  });
  it('non-Steam ids fall back to the SPEC rule', () => {
    expect(sameSteamPlayer('xxxxxxxxxxabc', 'yyyyyyyyyyabc')).toBe(true);
    expect(sameSteamPlayer('xxxxxxxxxxabc', 'xxxxxxxxxxabd')).toBe(false);
  });
});
