import { PERMISSION_CATALOGUE } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { webPermissionCodes } from './sourcebans-web-flags';

describe('SourceBans++ web flags as Outpost permission codes', () => {
  it('maps exact equivalents and nothing narrower', () => {
    expect(webPermissionCodes(0)).toEqual([]);
    expect(webPermissionCodes(null)).toEqual([]);
    expect(webPermissionCodes(2 ** 8)).toEqual(['bans.create']);
    expect(webPermissionCodes(2 ** 8 + 2 ** 12 + 2 ** 26)).toEqual(['bans.create', 'bans.edit', 'bans.unban']);
    // Editing only one's own bans (1<<10) or lifting only one's own (1<<30) has no Outpost equivalent.
    expect(webPermissionCodes(2 ** 10 + 2 ** 30)).toEqual([]);
    // Adding servers alone is not managing them.
    expect(webPermissionCodes(2 ** 5)).toEqual([]);
    expect(webPermissionCodes(2 ** 5 + 2 ** 6 + 2 ** 7)).toEqual(['servers.manage']);
  });

  it('reads the top bit stored as a negative signed int', () => {
    // 1<<31 (unban group bans) alone, as MySQL's signed int(10) holds it: no code.
    expect(webPermissionCodes(-(2 ** 31))).toEqual([]);
    // unban (1<<26) plus the top bit.
    expect(webPermissionCodes(-(2 ** 31) + 2 ** 26)).toEqual(['bans.unban']);
  });

  it('gives the owner every mapped code, each a real catalogue code', () => {
    const codes = webPermissionCodes(2 ** 24);
    expect(codes).toEqual([
      'bans.create',
      'bans.edit',
      'bans.unban',
      'panel.roles',
      'panel.settings',
      'panel.view',
      'servers.manage',
      'users.edit-privileges',
      'users.view-admin',
    ]);
    for (const code of codes) expect(Object.keys(PERMISSION_CATALOGUE)).toContain(code);
  });
});
