import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createdInstanceSchema, noFreeResourcesErrorSchema, RESOURCE_THRESHOLD_SETTINGS } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2sClient } from '../../../protocols/a2s-client';
import { type FakeA2sServer, startFakeA2sServer } from '../../../test-support/fakes/fake-a2s-server';
import { type FakeDockerEngine, startFakeDockerEngine } from '../../../test-support/fakes/fake-docker-engine';
import { groupRow } from '../../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { metaService } from '../../meta';
import { sweepStatuses } from '../poller';

const TEMPLATE = {
  image: 'outpost/l4d2:latest',
  env: { GAME_PORT: '{port}', RCON_PASSWORD: '{rconPassword}' },
  ports: [
    { container: 27015, protocol: 'udp' },
    { container: 27015, protocol: 'tcp' },
  ],
};

async function seedGroups(t: TestApp) {
  const rows = [
    { id: 'dock', type: 'docker', template: JSON.stringify(TEMPLATE), template_id: 'l4d2' },
    { id: 'bare', type: 'docker', template: null, template_id: null },
    { id: 'cust', type: 'custom', template: null, template_id: 'script' },
    { id: 'other', type: 'others', template: null, template_id: null },
  ];
  for (const row of rows) {
    await t.database.db
      .insertInto('server_groups')
      .values({
        ...row,
        name: `Group ${row.id}`,
        description: '',
        game: 'l4d2',
        actions: '[]',
        tags: '["5+"]',
        created_at: 1,
      })
      .execute();
  }
}

const create = (t: TestApp, group: string, who: SignedIn | null, query = '?start=1') =>
  t.app.inject({ method: 'POST', url: `/api/groups/${group}/servers${query}`, headers: who?.headers });

const serverCount = async (t: TestApp) => (await t.database.db.selectFrom('servers').select('id').execute()).length;

describe.each(testDatabases())('POST /api/groups/{id}/servers on $name', (kind) => {
  let t: TestApp;
  let docker: FakeDockerEngine;
  let creator: SignedIn;
  const started: FakeA2sServer[] = [];
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-provision-'));
  const script = path.join(scriptDir, 'new-instance.mjs');

  beforeAll(async () => {
    // The custom driver's command: records its arguments, fails for port 1, prints where it runs.
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
const [group, port, password] = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(path.join(scriptDir, 'args.json'))}, JSON.stringify({ group, port, password }));
if (group === 'fail') { console.error('disk full for ' + password); process.exit(3); }
console.log('starting...');
console.log(JSON.stringify({ hostname: 'custom.example.org' }));`,
    );
    docker = await startFakeDockerEngine({
      onStart: async (container) => {
        started.push(await startFakeA2sServer({ map: 'c1m1_hotel', players: [] }, container.ports['27015/udp']));
      },
    });
    t = await startTestApp(kind, {
      DOCKER_HOST: docker.dockerHost,
      PROVISION_COMMAND: `${process.execPath} ${script} {groupId} {port} {rconPassword}`,
      PROVISION_PORTS: kind.name === 'sqlite' ? '29100-29149' : '29150-29199',
      PROVISION_HOSTNAME: 'play.example.org',
      CPU_THRESHOLD: '1000',
      MEMORY_THRESHOLD: '0',
    });
    await seedGroups(t);
    creator = await signInAs(t, { name: 'Creator Cleo', codes: ['servers.create-instance'] });
  });
  afterAll(async () => {
    await t?.close();
    await docker?.close();
    await Promise.all(started.map((fake) => fake.close()));
    fs.rmSync(scriptDir, { recursive: true, force: true });
  });

  it('answers 401, 403 and 4xx for groups that cannot create instances, storing nothing', async () => {
    expect((await create(t, 'dock', null)).statusCode).toBe(401);
    const manager = await signInAs(t, { codes: ['servers.manage'] });
    expect((await create(t, 'dock', manager)).statusCode).toBe(403);
    expect((await create(t, 'nope', creator)).statusCode).toBe(404);
    expect((await create(t, 'other', creator)).json()).toMatchObject({ error: 'GROUP_NOT_PROVISIONABLE' });
    expect((await create(t, 'bare', creator)).json()).toMatchObject({ error: 'NO_TEMPLATE' });
    expect((await create(t, 'dock', creator, '?start=yes')).statusCode).toBe(400);
    expect(await serverCount(t)).toBe(0);
    expect(docker.containers).toEqual([]);
  });

  it('starts a container from the template on a free port; the server joins its group and the poller', async () => {
    const response = await create(t, 'dock', creator);
    expect(response.statusCode).toBe(201);
    const created = createdInstanceSchema.parse(response.json());
    expect(created).toMatchObject({ hostname: 'play.example.org', ip: '127.0.0.1', type: 'docker' });
    const [container] = docker.containers;
    expect(container).toMatchObject({
      image: 'outpost/l4d2:latest',
      running: true,
      name: `outpost-${created.serverId}`,
    });
    expect(container?.ports).toEqual({ '27015/udp': created.port, '27015/tcp': created.port });
    expect(container?.env).toContain(`GAME_PORT=${created.port}`);
    const password = container?.env.find((entry) => entry.startsWith('RCON_PASSWORD='))?.split('=')[1] ?? '';
    expect(password.length).toBeGreaterThan(16);
    expect(response.body).not.toContain(password);

    const groups = (await t.app.inject({ method: 'GET', url: '/api/servers' })).json();
    const group = groups.find((candidate: { id: string }) => candidate.id === 'dock');
    expect(group.servers).toEqual([
      expect.objectContaining({ id: created.serverId, name: 'Group dock #1', tags: ['5+'] }),
    ]);
    expect(JSON.stringify(groups)).not.toContain(password);

    const client = await A2sClient.open();
    await sweepStatuses(t.database.db, client, { timeoutMs: 500, concurrency: 4 });
    client.close();
    const after = (await t.app.inject({ method: 'GET', url: '/api/servers' })).json();
    const polled = after.find((candidate: { id: string }) => candidate.id === 'dock').servers[0];
    expect(polled).toMatchObject({ online: true, status: { data: { map: 'c1m1_hotel' } } });

    const second = createdInstanceSchema.parse((await create(t, 'dock', creator, '?start=0')).json());
    expect(second.port).not.toBe(created.port);
    expect(docker.containers[1]?.running).toBe(false);
  });

  it('answers 502 when Docker refuses, storing nothing', async () => {
    docker.images.clear();
    const before = await serverCount(t);
    const response = await create(t, 'dock', creator);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'PROVISION_FAILED',
      message: expect.stringContaining('No such image'),
    });
    expect(await serverCount(t)).toBe(before);
    docker.images.add('outpost/l4d2:latest');
  });

  it('runs the configured command for custom groups, and reports its failure without secrets', async () => {
    const response = await create(t, 'cust', creator);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hostname: 'custom.example.org', type: 'custom' });
    const args = JSON.parse(fs.readFileSync(path.join(scriptDir, 'args.json'), 'utf8'));
    expect(args).toMatchObject({ group: 'cust', port: String(response.json().port) });
    expect(response.body).not.toContain(args.password);

    await t.database.db
      .insertInto('server_groups')
      .values(groupRow({ id: 'fail', name: 'F', game: 'tf2', type: 'custom' }))
      .execute();
    const failed = await create(t, 'fail', creator);
    expect(failed.statusCode).toBe(502);
    const failedArgs = JSON.parse(fs.readFileSync(path.join(scriptDir, 'args.json'), 'utf8'));
    expect(failed.json().message).toContain('disk full for [redacted]');
    expect(failed.body).not.toContain(failedArgs.password);
  });
});

describe.each(testDatabases())('NO_FREE_RESOURCES on $name', (kind) => {
  it.each([
    ['cpu', { CPU_THRESHOLD: '0', MEMORY_THRESHOLD: '0' }, null],
    ['memory', { CPU_THRESHOLD: '1000', MEMORY_THRESHOLD: '1' }, null],
    ['cpu', { CPU_THRESHOLD: '1000', MEMORY_THRESHOLD: '0' }, 0],
  ] as const)(
    'answers 409 with the %s figures and creates nothing (env %o, setting %s)',
    async (resource, env, cpuSetting) => {
      const docker = await startFakeDockerEngine();
      const t = await startTestApp(kind, { ...env, DOCKER_HOST: docker.dockerHost });
      try {
        await seedGroups(t);
        if (cpuSetting !== null)
          await metaService.writeSetting(t.database.db, RESOURCE_THRESHOLD_SETTINGS.cpu, cpuSetting);
        const creator = await signInAs(t, { codes: ['servers.create-instance'] });
        const response = await create(t, 'dock', creator);
        expect(response.statusCode).toBe(409);
        const body = noFreeResourcesErrorSchema.parse(response.json());
        expect(body.message).toBe(
          'There are not enough system resources available at this time to create a new instance.',
        );
        expect(body.details.resource).toBe(resource);
        if (body.details.resource === 'cpu')
          expect(body.details.cpu).toMatchObject({ threshold: 0, current: expect.any(Number) });
        if (body.details.resource === 'memory') {
          expect(body.details.memory.total).toBeGreaterThan(body.details.memory.available);
          expect(body.details.memory.threshold).toBe(1);
        }
        expect(await serverCount(t)).toBe(0);
        expect(docker.containers).toEqual([]);
      } finally {
        await t.close();
        await docker.close();
      }
    },
  );
});
