import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DocsSearchEntry, searchResponseSchema, type Tour } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// A web root holding what the docs build emits (remotes/docs/dist), as that build writes it.
const TOUR: Tour = {
  id: 'join-server',
  title: 'Joining a server',
  steps: [{ path: '/', target: '.server-group', title: 'Our servers', body: 'Every table is one group.' }],
};
const INDEX: DocsSearchEntry[] = [
  {
    kind: 'doc',
    id: 'targetting',
    title: 'Targetting',
    subtitle: 'How to aim a command',
    link: '/docs/targetting',
    text: '@all @me @survivors',
  },
  {
    kind: 'doc',
    id: 'rules',
    title: 'Rules',
    subtitle: 'Server rules',
    link: '/docs/rules',
    text: 'no griefing no team killing',
  },
  {
    kind: 'command',
    id: 'sm_ban',
    title: 'sm_ban',
    subtitle: 'Bans a player',
    link: '/docs/commands/sm_ban',
    text: 'sm_ban <target:player>',
  },
  {
    kind: 'command',
    id: 'sm_banip',
    title: 'sm_banip',
    subtitle: "Bans a player's IP",
    link: '/docs/commands/sm_banip',
    text: 'sm_banip',
  },
  {
    kind: 'command',
    id: 'sm_slay',
    title: 'sm_slay',
    subtitle: 'Kills players',
    link: '/docs/commands/sm_slay',
    text: 'sm_slay',
  },
];

function webRootWithDocs(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-webroot-'));
  const dist = path.join(root, 'remotes/docs/dist');
  fs.mkdirSync(path.join(dist, 'tours'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'search-index.json'), JSON.stringify(INDEX));
  fs.writeFileSync(path.join(dist, 'tours/join-server.json'), JSON.stringify(TOUR));
  fs.writeFileSync(path.join(dist, 'tours/broken.json'), '{"id":"broken"');
  fs.writeFileSync(path.join(root, 'secret.json'), '{"id":"secret","title":"x","steps":[]}');
  return root;
}

describe.each(testDatabases())('docs module on $name', (kind) => {
  let t: TestApp;
  let bare: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = webRootWithDocs();
    t = await startTestApp(kind, { WEB_ROOT: webRoot });
    bare = await startTestApp(kind);
    await seedServer(t, 's1', 'Rules Lawyer Versus');
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves a published tour at /tutorials/tours/{tour}.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tutorials/tours/join-server.json' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual(TOUR);
  });

  it.each([
    '/tutorials/tours/nope.json',
    '/tutorials/tours/join-server',
    '/tutorials/tours/broken.json',
    '/tutorials/tours/..%2F..%2F..%2Fsecret.json',
    '/tutorials/tours/..%2Fsecret.json',
    '/tutorials/tours/%2E%2E.json',
  ])('answers 404 {error, message} for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('refuses an oversized tour name with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/tutorials/tours/${'a'.repeat(100)}.json` });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('answers 404 when the process serves no web root', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/tutorials/tours/join-server.json' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ error: 'TOUR_NOT_FOUND' });
  });

  const search = async (app: TestApp, q: string) => {
    const response = await app.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return searchResponseSchema.parse(json(response));
  };

  it('puts commands and docs pages in /search, ranked with the other kinds, for anonymous visitors', async () => {
    const ban = await search(t, 'ban');
    expect(ban.groups[0]).toMatchObject({ kind: 'command' });
    expect(ban.groups[0]?.hits.map((h) => [h.title, h.score, h.link])).toEqual([
      ['sm_ban', 100, '/docs/commands/sm_ban'],
      ['sm_banip', 60, '/docs/commands/sm_banip'],
    ]);
    const rules = await search(t, 'rules');
    expect(rules.groups.map((g) => g.kind)).toEqual(['doc', 'server']);
    expect(rules.groups[0]?.hits[0]).toMatchObject({ title: 'Rules', score: 80, link: '/docs/rules' });
    expect((await search(t, '@survivors')).groups[0]?.hits[0]).toMatchObject({
      kind: 'doc',
      id: 'targetting',
      score: 30,
    });
    expect((await search(t, '!slay')).groups[0]?.hits[0]).toMatchObject({ kind: 'command', title: 'sm_slay' });
  });

  it('answers no docs hits when there is no docs build', async () => {
    expect((await search(bare, 'ban')).groups.some((g) => g.kind === 'command' || g.kind === 'doc')).toBe(false);
  });
});
