import { describe, expect, it } from 'vitest';
import { buildSteamLoginForm, discordLoginUrl } from './login';

const steam = {
  openidUrl: 'https://steamcommunity.com/openid/login',
  realm: 'http://localhost:3000',
  callbackUrl: 'http://localhost:3000/api/auth/steam/callback',
};

describe('sign-in (SPEC 7)', () => {
  it('builds the hidden OpenID checkid_setup form posting to the configured endpoint', () => {
    const form = buildSteamLoginForm(steam, 'http://localhost:3000/admin/bans?page=2', 'kx1.abc_-DEF');
    expect(form.method).toBe('post');
    expect(form.action).toBe(steam.openidUrl);
    expect(form.hidden).toBe(true);
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to':
        'http://localhost:3000/api/auth/steam/callback?return_uri=http%3A%2F%2Flocalhost%3A3000%2Fadmin%2Fbans%3Fpage%3D2&state=kx1.abc_-DEF',
      'openid.realm': 'http://localhost:3000',
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
  });

  it('sends Discord sign-in to /api/auth/discord/login with the route path', () => {
    expect(discordLoginUrl('/discuss/new')).toBe('/api/auth/discord/login?return_uri=%2Fdiscuss%2Fnew');
  });
});
