import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  apiViolation,
  areaOf,
  findViolations,
  moduleCycles,
  moduleGraph,
  targetArea,
  violation,
} from './check-boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = (relative) => path.join(root, relative);

describe('import boundaries (DESIGN rule 2)', () => {
  it('knows which area a file is in', () => {
    expect(areaOf(file('remotes/docs/src/manifest.ts'))).toBe('remote:docs');
    expect(areaOf(file('shell/src/app.tsx'))).toBe('shell');
    expect(areaOf(file('shared/host/src/index.ts'))).toBe('shared');
  });

  it('resolves relative paths and workspace names to areas', () => {
    const from = file('remotes/docs/src/pages/x.tsx');
    expect(targetArea(from, '../../../servers/src/manifest')).toBe('remote:servers');
    expect(targetArea(from, '../../../../shell/src/app')).toBe('shell');
    expect(targetArea(from, '@outpost/remote-panel')).toBe('remote:panel');
    expect(targetArea(from, '@outpost/host')).toBeNull();
    expect(targetArea(from, './local')).toBe('remote:docs');
  });

  it('refuses remote->remote, remote->shell/api, shell->remote and shared->app', () => {
    expect(violation('remote:docs', 'remote:servers')).toMatch(/another remote/);
    expect(violation('remote:docs', 'shell')).toMatch(/the shell/);
    expect(violation('remote:docs', 'api')).toMatch(/the api/);
    expect(violation('shell', 'remote:docs')).toMatch(/shell imports a remote/);
    expect(violation('shared', 'shell')).toMatch(/shared/);
    expect(violation('remote:docs', 'remote:docs')).toBeNull();
    expect(violation('shell', null)).toBeNull();
  });

  describe('API modules (issue 8): one door per module; db/ and lib/ import no module or plugin', () => {
    const api = (relative) => file(`api/src/${relative}`);
    // Each fixture: [importing file, imported file] inside api/src.
    it.each([
      [
        'modules/game/game-routes.ts',
        'modules/players-bans-notes/bans/bans-repository.ts',
        /inside of module players-bans-notes/,
      ],
      ['modules/panel/setup-service.ts', 'modules/meta/settings-repository', /inside of module meta/],
      [
        'modules/search/search-routes.test.ts',
        'modules/players-bans-notes/players/players-service',
        /inside of module/,
      ],
      ['app.ts', 'modules/servers/servers-routes', /inside of module servers/],
      ['web/static-site.ts', 'modules/auth/sessions-service', /inside of module auth/],
      ['test-support/test-app.ts', 'modules/auth/sessions-service.ts', /inside of module auth/],
      ['db/keyset-cursor.ts', 'plugins/error-handling', /db\/ imports a plugin/],
      ['db/keyset-cursor.ts', 'modules/audit', /db\/ imports a module/],
      ['db/migrations/index.ts', 'modules/accounts/index.ts', /db\/ imports a module/],
      ['db/database.ts', 'modules/panel/tables', /db\/ imports a module/],
      ['lib/clock.ts', 'modules/meta', /lib\/ imports a module/],
      ['lib/principal.ts', 'plugins/authorization', /lib\/ imports a plugin/],
      ['plugins/protection.ts', 'modules/auth', /plugins\/ imports a module/],
      [
        'modules/players-bans-notes/appeals/appeals-service.ts',
        'modules/players-bans-notes/bans/bans-repository',
        /past the sub-door of players-bans-notes\/bans/,
      ],
      [
        'modules/players-bans-notes/index.ts',
        'modules/players-bans-notes/bans/bans-routes.ts',
        /past the sub-door of players-bans-notes\/bans/,
      ],
      ['modules/panel/index.ts', 'modules/panel/webhooks/webhooks-plugin', /past the sub-door of panel\/webhooks/],
      ['modules/servers/live-check-routes.ts', 'modules/servers/poller/status-sweep', /sub-door of servers\/poller/],
      ['plugins/shared-rate-limit-store.ts', 'modules/meta/index.ts', /plugins\/ imports a module/],
    ])('refuses %s -> %s', (from, to, reason) => {
      expect(apiViolation(api(from), api(to))).toMatch(reason);
    });

    it.each([
      ['modules/game/game-routes.ts', 'modules/players-bans-notes'],
      ['modules/game/game-routes.ts', 'modules/players-bans-notes/index.ts'],
      ['modules/players-bans-notes/bans/bans-service.ts', 'modules/players-bans-notes/players'],
      ['modules/players-bans-notes/bans/bans-service.ts', 'modules/players-bans-notes/players/index.ts'],
      ['modules/players-bans-notes/bans/bans-routes.ts', 'modules/players-bans-notes/bans/bans-service'],
      ['modules/players-bans-notes/bans/bans-routes.ts', 'modules/players-bans-notes/tables'],
      ['modules/players-bans-notes/bans/bans-service.ts', 'lib/clock'],
      ['modules/servers/links-routes.ts', 'plugins/authorization'],
      ['app.ts', 'modules/servers'],
      ['db/schema.ts', 'modules/shares-addons/tables'],
      ['db/keyset-cursor.ts', 'lib/http-error'],
      ['lib/privilege-limits.ts', 'lib/principal'],
    ])('allows %s -> %s', (from, to) => {
      expect(apiViolation(api(from), api(to))).toBeNull();
    });

    it('finds a cycle between module doors, naming the importing files, and none in a chain', () => {
      const files = [
        { file: api('modules/accounts/roles-repository.ts'), specifiers: ['../game'] },
        { file: api('modules/game/game-admins.ts'), specifiers: ['../accounts', '../../lib/clock'] },
        { file: api('modules/game/game-routes.test.ts'), specifiers: ['../search'] },
        { file: api('modules/search/search-routes.ts'), specifiers: ['../game'] },
      ];
      const graph = moduleGraph(files);
      expect(moduleCycles(graph)).toEqual([['accounts', 'game', 'accounts']]);
      expect(graph.get('accounts').get('game')).toBe(api('modules/accounts/roles-repository.ts'));
      // A test file's imports are setup, not the module graph: search -> game alone is no cycle.
      expect(moduleCycles(moduleGraph(files.slice(1)))).toEqual([]);
      const ring = ['a', 'b', 'c'].map((m, i, all) => ({
        file: api(`modules/${m}/x.ts`),
        specifiers: [`../${all[(i + 1) % 3]}`],
      }));
      expect(moduleCycles(moduleGraph(ring))).toEqual([['a', 'b', 'c', 'a']]);
    });

    it('leaves files outside api/src to the area rules', () => {
      expect(apiViolation(file('e2e/tests/servers.spec.ts'), api('modules/meta/settings-repository'))).toBeNull();
    });
  });

  it('finds no violation in the repository', () => {
    expect(findViolations()).toEqual([]);
  });
});

describe('table ownership by the compiler (issue 23 item 1)', () => {
  it("refuses a module's query on another module's table", () => {
    // tsc on the fixture alone (its own small tsconfig), so this stays fast.
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    const run = spawnSync(tsc, ['-p', file('api/boundary-fixtures/tsconfig.json'), '--pretty', 'false'], {
      encoding: 'utf8',
    });
    const errors = run.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(run.status).not.toBe(0);
    // Exactly one error: audit's query on accounts' `users` (line 14); its own log query passes.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/cross-module-query\.ts\(14,\d+\): error TS2345: Argument of type '"users"'/);
    expect(errors[0]).toMatch(/AuditTables/);
  });
});
