import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION, type RemoteRelease, type RemotesListResponse } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditMessages } from '../../test-support/app-queries';
import {
  activateRelease,
  type FakeBuild,
  fakeWebRoot,
  multipartBuild,
  publishBuild,
  releaseDirsOf,
  releasesEnv,
  remoteBuild,
  SHELL_SHARED,
  servedRegistry,
} from '../../test-support/remote-builds';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { authService } from '../auth';

describe.each(testDatabases())('remote releases on $name', (kind) => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebRoot>;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    web = fakeWebRoot();
    t = await startTestApp(kind, releasesEnv(web));
    staff = await signInAs(t, { codes: ['remotes.publish'], name: 'Release Manager' });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  const publish = (build: FakeBuild, headers: Record<string, string> = staff.headers, id = 'docs') =>
    publishBuild(t, build, headers, id);
  const activate = (version: string, expectedActive: string | null, id = 'docs') =>
    activateRelease(t, staff.headers, { version, expectedActive, id });
  const registry = (headers: Record<string, string> = {}) => servedRegistry(t, headers);
  const docsEntry = async (headers = {}) => (await registry(headers)).entries.find((entry) => entry.name === 'docs');
  const releaseDirs = () => releaseDirsOf(web.webRoot);

  let v1: string;
  let v2: string;

  it('serves the bootstrap registry while no release is active, with no-cache and an ETag', async () => {
    const { response, entries } = await registry();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(entries.map((entry) => entry.entry)).toEqual([
      '/remotes/docs/mf-manifest.json',
      '/remotes/panel/mf-manifest.json',
    ]);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('publishes a build as an immutable release named by package version and content hash', async () => {
    const response = await publish(remoteBuild('docs', { title: 'Docs one' }));
    expect(response.statusCode).toBe(201);
    const { release, created } = response.json() as { release: RemoteRelease; created: boolean };
    expect(created).toBe(true);
    expect(release.version).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);
    expect(release.entry).toBe(`/remotes/docs/${release.version}/mf-manifest.json`);
    expect(release.publishedBy.name).toBe('Release Manager');
    expect(release.sharedVersions.react).toBe('19.3.1');
    expect(release.status).toBe('available');
    v1 = release.version;
    expect(releaseDirs()).toEqual([v1]);
    // Publishing does not activate: /remotes.json still serves the bootstrap build.
    expect((await docsEntry())?.entry).toBe('/remotes/docs/mf-manifest.json');
    // Its files are served from the release folder.
    const chunk = await t.app.inject({ method: 'GET', url: `/remotes/docs/${v1}/static/js/docs.abc123.js` });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('Docs one');
    expect(await auditMessages(t)).toContain(`Published release ${v1} of remote docs`);
  });

  it.each([
    '..%2f..%2fremotes.json',
    '%2e%2e/%2e%2e/remotes.json',
    '..%5c..%5cremotes.json',
    'static/js/..%2f..%2f..%2f..%2fshell/dist/mf-manifest.json',
  ])('serves nothing outside the release folder for %s', async (attack) => {
    const response = await t.app.inject({ method: 'GET', url: `/remotes/docs/${v1}/${attack}` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('"entry"');
    expect(response.body).not.toContain('"shared"');
  });

  it('answers the same build published again with the existing release, storing nothing new', async () => {
    const response = await publish(remoteBuild('docs', { title: 'Docs one' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: false, release: { version: v1 } });
    expect(releaseDirs()).toEqual([v1]);
  });

  it('activates a release: /remotes.json points at it with its route table inlined and a new ETag', async () => {
    const before = (await registry()).response.headers.etag;
    const response = await activate(v1, null);
    expect(response.statusCode).toBe(200);
    const { response: after } = await registry();
    expect(after.headers.etag).not.toBe(before);
    const entry = await docsEntry();
    expect(entry).toMatchObject({
      name: 'docs',
      entry: `/remotes/docs/${v1}/mf-manifest.json`,
      prefixes: ['/docs'],
      version: v1,
      routeTable: { id: 'docs', routes: [{ title: 'Docs one' }] },
    });
    expect(entry?.canary).toBeUndefined();
    // The other remote keeps its bootstrap entry.
    expect((await registry()).entries[1]?.entry).toBe('/remotes/panel/mf-manifest.json');
  });

  it('rolls back by activating an earlier release, and says so in the audit log', async () => {
    const second = await publish(remoteBuild('docs', { title: 'Docs two' }));
    expect(second.statusCode).toBe(201);
    v2 = (second.json() as { release: RemoteRelease }).release.version;
    expect(v2).not.toBe(v1);
    expect((await activate(v2, v1)).statusCode).toBe(200);
    expect((await docsEntry())?.routeTable.routes[0].title).toBe('Docs two');
    // The earlier release's files are still there for tabs opened before.
    expect(releaseDirs()).toEqual([v1, v2].sort());
    expect((await activate(v1, v2)).statusCode).toBe(200);
    expect((await docsEntry())?.version).toBe(v1);
    expect(await auditMessages(t)).toContain(`Rolled back remote docs to release ${v1} (was ${v2})`);
    expect((await activate(v2, v1)).statusCode).toBe(200);
  });

  it('refuses an activation whose expected active release is stale (compare-and-set)', async () => {
    const response = await activate(v1, v1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'ACTIVE_CHANGED' });
    expect(response.json().message).toContain(`now runs ${v2}, not ${v1}`);
    expect((await docsEntry())?.version).toBe(v2);
  });

  it('lets one of two concurrent activations win and tells the other', async () => {
    const third = await publish(remoteBuild('docs', { title: 'Docs three' }));
    const v3 = (third.json() as { release: RemoteRelease }).release.version;
    const results = await Promise.all([activate(v1, v2), activate(v3, v2)]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((result) => result.statusCode === 200)?.json() as RemoteRelease;
    const loser = results.find((result) => result.statusCode === 409);
    expect(loser?.json().message).toContain(`now runs ${winner.version}`);
    expect((await docsEntry())?.version).toBe(winner.version);
    // Put v2 back for the tests below.
    expect((await activate(v2, winner.version)).statusCode).toBe(200);
  });

  it.each([
    [
      'a route table that fails the schema',
      remoteBuild('docs', {
        routeTable: { id: 'docs', contractVersion: '1.0.0', routes: [{ path: 'docs', title: '' }] },
      }),
      'INVALID_ROUTE_TABLE',
      'The route table fails the schema at routes.0.path',
    ],
    [
      'a route table of another remote',
      remoteBuild('docs', { routeTable: { id: 'panel', contractVersion: '1.0.0', routes: [] } }),
      'INVALID_ROUTE_TABLE',
      'The route table is of remote "panel", not "docs"',
    ],
    [
      'another contract major',
      remoteBuild('docs', { contractVersion: '2.0.0' }),
      'CONTRACT_MISMATCH',
      'The release speaks contract 2.0.0; the shell speaks 1.0.0',
    ],
    [
      'a newer contract minor',
      remoteBuild('docs', { contractVersion: '1.9.0' }),
      'CONTRACT_MISMATCH',
      'contract 1.9.0',
    ],
    [
      'a React the shell does not provide',
      remoteBuild('docs', {
        shared: SHELL_SHARED.map((module) =>
          module.name === 'react' ? { ...module, version: '20.0.0', requiredVersion: '^20.0.0' } : module,
        ),
      }),
      'SHARED_INCOMPATIBLE',
      'react: the shell provides 19.3.1, the release requires ^20.0.0',
    ],
    [
      'a router copy older than the shell requires',
      remoteBuild('docs', {
        shared: SHELL_SHARED.map((module) =>
          module.name === 'react-router' ? { ...module, version: '7.1.0', requiredVersion: '^7.0.0' } : module,
        ),
      }),
      'SHARED_INCOMPATIBLE',
      'react-router: the release brings 7.1.0, the shell requires ^7.18.0',
    ],
    [
      'a singleton the shell does not share',
      remoteBuild('docs', {
        shared: [...SHELL_SHARED, { name: 'jotai', version: '2.0.0', requiredVersion: '^2.0.0', singleton: true }],
      }),
      'SHARED_INCOMPATIBLE',
      'jotai: shared as a singleton by the release but not provided by the shell',
    ],
    ['a build with no version', remoteBuild('docs', { packageVersion: 'latest' }), 'INVALID_BUILD', 'package version'],
  ])('refuses %s with its reason and stores nothing', async (_name, build, code, message) => {
    const dirs = releaseDirs();
    const rows = await t.database.db.selectFrom('remote_releases').select('version').execute();
    const response = await publish(build);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(code);
    expect(response.json().message).toContain(message);
    expect(releaseDirs()).toEqual(dirs);
    expect(await t.database.db.selectFrom('remote_releases').select('version').execute()).toHaveLength(rows.length);
  });

  it.each([
    '../escape.js',
    '/etc/passwd',
    'static/../../x.js',
    'static\\..\\x.js',
    '.hidden',
    'static//x.js',
    'static/./x.js',
    'C:/x.js',
    '%2e%2e/x.js',
    'a\u0000b',
    'a'.repeat(301),
  ])('refuses the file name %j with a 400 and stores nothing', async (name) => {
    const dirs = releaseDirs();
    const build = remoteBuild('docs', { title: `bad name ${name}` });
    const body = multipartBuild({ files: { ...build.files, 'evil.js': 'x' } }, { 'evil.js': name });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/releases',
      headers: { ...staff.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/INVALID_FILE_NAME|UPLOAD_FAILED/);
    expect(releaseDirs()).toEqual(dirs);
    expect(fs.existsSync(path.join(web.webRoot, 'escape.js'))).toBe(false);
  });

  it('answers other bad input with a 4xx and stores nothing', async () => {
    const dirs = releaseDirs();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/releases',
      headers: staff.headers,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);
    const empty = multipartBuild({ files: {} });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/releases',
      headers: { ...staff.headers, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    const twice = multipartBuild({ files: { 'a.js': '1', 'b.js': '2' } }, { 'b.js': 'a.js' });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/releases',
      headers: { ...staff.headers, 'content-type': twice.contentType },
      payload: twice.payload,
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toBe('DUPLICATE_FILE');
    const badId = await publish(remoteBuild('docs'), staff.headers, 'Docs_..');
    expect(badId.statusCode).toBe(400);
    for (const payload of [
      { version: 'latest', expectedActive: null },
      { version: v1 },
      { version: v1, expectedActive: 5 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/remotes/docs/activation',
        headers: staff.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    const unknown = await activate('0.1.0+000000000000', v2);
    expect(unknown.statusCode).toBe(404);
    expect(releaseDirs()).toEqual(dirs);
    expect((await docsEntry())?.version).toBe(v2);
  });

  it('keeps the files of the last N releases (and the active one) and prunes older ones', async () => {
    for (const title of ['Docs four', 'Docs five', 'Docs six']) {
      expect((await publish(remoteBuild('docs', { title }))).statusCode).toBe(201);
    }
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/remotes', headers: staff.headers })
    ).json() as RemotesListResponse;
    expect(list.keepReleases).toBe(3);
    const docs = list.remotes.find((remote) => remote.id === 'docs');
    const available = docs?.releases
      .filter((release) => release.status === 'available')
      .map((release) => release.version);
    // The three newest, plus v2 (active).
    expect(available).toHaveLength(4);
    expect(available).toContain(v2);
    expect(releaseDirs().sort()).toEqual([...(available ?? [])].sort());
    // v1 and v3 (the oldest but the active v2) lost their files.
    const pruned = docs?.releases.filter((release) => release.status === 'pruned').map((release) => release.version);
    expect(pruned).toHaveLength(2);
    expect(pruned).toContain(v1);
    const refused = await activate(v1, v2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('RELEASE_PRUNED');
    // A bootstrap remote with no release is listed too.
    expect(list.remotes.find((remote) => remote.id === 'panel')).toMatchObject({ active: null, releases: [] });
  });

  it('serves a canary to the staff session that asked for it only, audited, until stopped', async () => {
    const canary = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/canary',
      headers: staff.headers,
      payload: { version: v1 === undefined ? v2 : v2 },
    });
    expect(canary.statusCode).toBe(200);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/remotes', headers: staff.headers })
    ).json() as RemotesListResponse;
    const latest = list.remotes.find((remote) => remote.id === 'docs')?.releases[0]?.version as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/remotes/docs/canary',
          headers: staff.headers,
          payload: { version: latest },
        })
      ).statusCode,
    ).toBe(200);
    const mine = await docsEntry({ cookie: staff.headers.cookie });
    expect(mine).toMatchObject({ version: latest, canary: true });
    expect((await docsEntry())?.version).toBe(v2);
    const other = await signInAs(t, { codes: ['remotes.publish'] });
    expect((await docsEntry({ cookie: other.headers.cookie }))?.version).toBe(v2);
    expect(await auditMessages(t)).toContain(
      `Started trying release ${latest} of remote docs in their own browser for 60 minutes`,
    );
    const stop = await t.app.inject({ method: 'DELETE', url: '/api/remotes/docs/canary', headers: staff.headers });
    expect(stop.statusCode).toBe(204);
    expect((await docsEntry({ cookie: staff.headers.cookie }))?.version).toBe(v2);
  });

  it('counts browser reports against the release, rate limited, ignoring unknown releases', async () => {
    const beacon = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/remotes/beacon', payload: payload as never });
    expect((await beacon({ remote: 'docs', version: v2, event: 'load' })).statusCode).toBe(204);
    expect((await beacon({ remote: 'docs', version: v2, event: 'load' })).statusCode).toBe(204);
    expect((await beacon({ remote: 'docs', version: v2, event: 'render-error', message: 'boom' })).statusCode).toBe(
      204,
    );
    expect((await beacon({ remote: 'docs', version: '9.9.9+000000000000', event: 'load-failure' })).statusCode).toBe(
      204,
    );
    expect((await beacon({ remote: 'Docs!', event: 'load' })).statusCode).toBe(400);
    expect((await beacon({ remote: 'docs', version: v2, event: 'load' })).statusCode).toBe(429);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/remotes', headers: staff.headers })
    ).json() as RemotesListResponse;
    const health = list.remotes.find((remote) => remote.id === 'docs')?.health;
    expect(health).toMatchObject({ loads: 2, loadFailures: 0, renderErrors: 1, lastError: 'boom' });
    expect(health?.errorRate).toBeCloseTo(0.5);
  });

  it('accepts an API key of a user holding remotes.publish (a team CI)', async () => {
    const ci = await signInAs(t, { codes: ['remotes.publish'], name: 'Docs CI' });
    const { key } = await authService.regenerateApiKey(t.database.db, ci.userId);
    const response = await publish(remoteBuild('docs', { title: 'From CI' }), { authorization: `Bearer ${key}` });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { release: RemoteRelease }).release.publishedBy.name).toBe('Docs CI');
    const canary = await t.app.inject({
      method: 'POST',
      url: '/api/remotes/docs/canary',
      headers: { authorization: `Bearer ${key}` },
      payload: { version: v2 },
    });
    expect(canary.statusCode).toBe(400);
    expect(canary.json().error).toBe('SESSION_REQUIRED');
  });

  // Issue 27: a release keeps its routes' words in every locale; each visitor is served theirs.
  it("serves an active release's routes in the visitor's language, and refuses labels that break the schema", async () => {
    const table = {
      id: 'panel',
      contractVersion: CONTRACT_VERSION,
      routes: [{ name: 'panel-remotes', path: '/panel/remotes', title: 'Remotes', description: 'Releases' }],
    };
    const refused = await publish(
      remoteBuild('panel', { routeTable: { ...table, labels: { de: { 'panel-remotes': { title: 7 } } } } }),
      staff.headers,
      'panel',
    );
    expect(refused.statusCode).toBe(422);
    const response = await publish(
      remoteBuild('panel', {
        routeTable: { ...table, labels: { de: { 'panel-remotes': { description: 'Releases der Bereiche' } } } },
      }),
      staff.headers,
      'panel',
    );
    expect(response.statusCode).toBe(201);
    const { version } = (response.json() as { release: RemoteRelease }).release;
    expect((await activate(version, null, 'panel')).statusCode).toBe(200);
    const panelTable = async (headers: Record<string, string>) =>
      (await registry(headers)).entries.find((entry) => entry.name === 'panel')?.routeTable;
    expect(await panelTable({})).toEqual(table);
    expect(await panelTable({ 'accept-language': 'de-DE' })).toEqual({
      ...table,
      routes: [{ ...table.routes[0], description: 'Releases der Bereiche' }],
    });
  });

  // Issue 27 item 2: the Remotes page shows each release's catalog completeness per locale.
  it("keeps the completeness of a release's catalogs its build counted, and refuses a malformed count", async () => {
    const catalogs = { keys: 120, translated: { de: 120, ru: 118, 'pt-BR': 60 } };
    const response = await publish(remoteBuild('docs', { title: 'Docs counted', catalogs }));
    expect(response.statusCode).toBe(201);
    const { release } = response.json() as { release: RemoteRelease };
    expect(release.catalogs).toEqual(catalogs);
    const list = (await t.app.inject({ method: 'GET', url: '/api/remotes', headers: staff.headers })).json();
    const docs = (list as RemotesListResponse).remotes.find((remote) => remote.id === 'docs');
    expect(docs?.releases.find((candidate) => candidate.version === release.version)?.catalogs).toEqual(catalogs);
    // A build without the file (no catalogs, or built before builds counted) says nothing.
    expect(docs?.releases.find((candidate) => candidate.version === v1)?.catalogs).toBeNull();

    for (const bad of [{ keys: -1, translated: {} }, { keys: 3, translated: { 'de/../x': 1 } }, ['de', 100]]) {
      const refused = await publish(remoteBuild('docs', { title: `Docs bad ${JSON.stringify(bad)}`, catalogs: bad }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ error: 'INVALID_BUILD' });
      expect(refused.json().message).toContain('catalog-completeness.json');
    }
  });
});
