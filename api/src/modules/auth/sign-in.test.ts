import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { errorRedirectUrl, safeReturnPath, sessionCookieOptions } from './sign-in';

describe('safeReturnPath', () => {
  const base = 'https://panel.example.org';
  it.each([
    ['https://panel.example.org/admin/bans?x=1#top', '/admin/bans?x=1#top'],
    ['/discuss', '/discuss'],
    // Only a path beginning with exactly one '/' (issue 9 item 4).
    ['events/3', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['https://panel.example.org//evil.example', '/'],
    [null, '/'],
    ['https://evil.example/', '/'],
    ['http://panel.example.org/admin', '/'],
    ['//evil.example/a', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['https://panel.example.org.evil.example/', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeReturnPath(input, base)).toBe(expected);
  });
});

describe('session cookie', () => {
  it('is Secure only when PUBLIC_URL is https, and always HttpOnly and SameSite=Lax', () => {
    expect(sessionCookieOptions(loadConfig({ PUBLIC_URL: 'https://panel.example.org' }))).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
    });
    expect(sessionCookieOptions(loadConfig({ PUBLIC_URL: 'http://localhost:8080' })).secure).toBe(false);
  });
});

describe('errorRedirectUrl', () => {
  it('names the code, the message and the way back', () => {
    const url = new URL(errorRedirectUrl('OPENID_REPLAYED', 'Already used', '/admin'), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      code: 'OPENID_REPLAYED',
      error: 'Already used',
      return: '/admin',
    });
  });
});
