import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './return-path';

const ORIGIN = 'https://outpost.example';

// Every shape that could leave the site after sign-in or from /error's "Go back".
const HOSTILE = [
  // protocol-relative and backslash forms
  '//evil.example',
  '//evil.example/path',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '///evil.example',
  // percent-encoded (once, twice, mixed case)
  '/%2Fevil.example',
  '/%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%255Cevil.example',
  // tabs, newlines and other control characters (browsers drop them)
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0D%0A/evil.example',
  '/\u0000/evil.example',
  '/%00/evil.example',
  '/ok\r\nSet-Cookie: a=b',
  // schemes
  'https://evil.example/steal',
  'http://evil.example',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox',
  'ftp://evil.example',
  // userinfo and look-alike origins
  'https://outpost.example@evil.example/',
  'https://user:pass@outpost.example/admin',
  'https://outpost.example.evil.example/',
  'https://outpost.example:8443/admin',
  'http://outpost.example/admin',
  '@evil.example',
  // dot segments that normalize into '//host'
  '/a/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/./%2e/..//evil.example',
  'https://outpost.example//evil.example',
  'https://outpost.example/.//evil.example',
  // malformed, empty, relative, too long
  '',
  'evil.example',
  'admin',
  '?x=1',
  '#top',
  '/%E0%A4%A',
  `/${'a'.repeat(2001)}`,
];

const ALLOWED: Array<[string, string]> = [
  ['/', '/'],
  ['/admin/bans?page=2', '/admin/bans?page=2'],
  ['/discuss?page=2#reply', '/discuss?page=2#reply'],
  ['/players/STEAM_1:1:123', '/players/STEAM_1:1:123'],
  ['/@me', '/@me'],
  ['/search?q=a%2Fb', '/search?q=a%2Fb'],
  ['/a/../admin', '/admin'],
  ['https://outpost.example/admin/bans?page=2', '/admin/bans?page=2'],
  ['https://OUTPOST.example/admin', '/admin'],
  ['/docs/ünïcode', '/docs/%C3%BCn%C3%AFcode'],
];

describe('sameOriginPath', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(sameOriginPath(value, ORIGIN)).toBeNull();
  });
  it.each(ALLOWED)('accepts %j as %j', (value, expected) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(expected);
  });
  it('accepts absolute URLs only when an origin is given', () => {
    expect(sameOriginPath('https://outpost.example/admin')).toBeNull();
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(undefined, ORIGIN)).toBeNull();
  });
  it('never answers anything a browser would read as another origin', () => {
    for (const value of [...HOSTILE, ...ALLOWED.map(([v]) => v)]) {
      const path = sameOriginPath(value, ORIGIN);
      if (path === null) continue;
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      expect(path).toMatch(/^\/(?![/\\])/);
    }
  });
});
