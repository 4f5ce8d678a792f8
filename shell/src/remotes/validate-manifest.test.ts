import { CONTRACT_VERSION } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { validateManifest, validateRouteTable } from './validate-manifest';

const good = {
  id: 'players-bans-notes',
  contractVersion: CONTRACT_VERSION,
  routes: [{ path: '/admin/bans', title: 'Bans', nav: true, load: () => Promise.resolve({ default: () => null }) }],
};

describe('validateManifest', () => {
  it('accepts a valid manifest, also as a module with a default export', () => {
    expect(validateManifest('players_bans_notes', good)).toMatchObject({ ok: true });
    expect(validateManifest('players_bans_notes', { default: good })).toMatchObject({ ok: true });
  });

  it('refuses an id that does not match the registry name', () => {
    const check = validateManifest('docs', good);
    expect(check).toEqual({
      ok: false,
      reason: 'manifest id "players-bans-notes" does not match registry name "docs"',
    });
  });

  it('refuses an incompatible contract version', () => {
    const check = validateManifest('players_bans_notes', { ...good, contractVersion: '2.0.0' });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/built against contract 2\.0\.0/);
  });

  it.each([
    ['nothing', null],
    ['a string', 'manifest'],
    ['a route without a title', { ...good, routes: [{ path: '/x' }] }],
    ['a relative path', { ...good, routes: [{ path: 'x', title: 'X' }] }],
    ['a loader that is not a function', { ...good, routes: [{ path: '/x', title: 'X', load: 'nope' }] }],
    ['an external route without redirect', { ...good, routes: [{ path: '/x', title: 'X', external: true }] }],
  ])('refuses %s with a reason', (_label, exported) => {
    const check = validateManifest('players_bans_notes', exported);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/^invalid manifest/);
  });
});

describe('validateRouteTable', () => {
  const table = {
    id: 'docs',
    contractVersion: CONTRACT_VERSION,
    routes: [{ path: '/docs', title: 'Docs', nav: true }],
  };

  it('accepts a route table: the manifest as data, without loaders', () => {
    expect(validateRouteTable('docs', table)).toEqual({ ok: true, table });
  });

  it.each([
    ['a relative path', { ...table, routes: [{ path: 'docs', title: 'Docs' }] }],
    ['a route without a title', { ...table, routes: [{ path: '/docs' }] }],
    ['no routes', { id: 'docs', contractVersion: CONTRACT_VERSION }],
  ])('refuses %s with a reason', (_label, candidate) => {
    const check = validateRouteTable('docs', candidate);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/^invalid route table/);
  });

  it('refuses a table of another remote or contract', () => {
    expect(validateRouteTable('panel', table)).toEqual({
      ok: false,
      reason: 'route table id "docs" does not match registry name "panel"',
    });
    expect(validateRouteTable('docs', { ...table, contractVersion: '2.0.0' })).toMatchObject({ ok: false });
  });
});
