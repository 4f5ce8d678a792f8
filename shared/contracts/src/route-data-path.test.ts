import { describe, expect, it } from 'vitest';
import { routeTableSchema } from './route-manifest';

const tableWith = (data: string[]) => ({
  id: 'players-bans-notes',
  contractVersion: '1.0.0',
  routes: [{ path: '/admin/bans', title: 'Bans', authRequired: true, data }],
});

// A route's `data` ends up in the shell page's Link header and is fetched with the visitor's
// credentials: an API path of this site, and query parameters that cannot leave the header value.
describe("a route's first API calls (data)", () => {
  it('takes API paths, with plain query parameters as the page asks for them', () => {
    for (const path of ['/api/servers', '/api/bans?limit=50', '/api/bans?status=active&limit=50', '/api/x?empty=']) {
      expect(routeTableSchema.safeParse(tableWith([path])).success, path).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const path of [
      '/api/',
      '/other/path',
      'https://evil.example/api/x',
      '//evil.example/api/x',
      '/api/x?limit=50>; rel=preload; as=document',
      '/api/x?a=1, </api/y>',
      '/api/x?',
      '/api/x?&a=1',
      '/api/x?a',
      '/api/x?a=%3C',
      '/api/x#fragment',
      '/api/x y',
      `/api/${'x'.repeat(200)}`,
    ]) {
      expect(routeTableSchema.safeParse(tableWith([path])).success, path).toBe(false);
    }
    expect(routeTableSchema.safeParse(tableWith(['/api/a', '/api/b', '/api/c', '/api/d', '/api/e'])).success).toBe(
      false,
    );
  });
});
