import { panelHealthSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { metaService } from '../../meta';

// Issue 24: the health page shows the last `pnpm outpost backup`, to staff with panel.view.
describe.each(testDatabases())('last backup on the health page on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('is null before any backup, then the last one without its folder; refused without panel.view', async () => {
    const viewer = await signInAs(t, { codes: ['panel.view'] });
    const read = async () =>
      panelHealthSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/panel/health', headers: viewer.headers })).json(),
      ).lastBackup;
    expect(await read()).toBeNull();
    await metaService.lastBackup.record(t.database.db, {
      at: 1_800_000_000,
      folder: '/srv/outpost/backups/outpost-backup-20270115-080000',
      kind: 'sqlite',
      bytes: 123_456,
      seconds: 1.5,
    });
    expect(await read()).toEqual({ at: 1_800_000_000, kind: 'sqlite', bytes: 123_456, seconds: 1.5 });
    const response = await t.app.inject({ method: 'GET', url: '/api/panel/health', headers: viewer.headers });
    expect(response.body).not.toContain('/srv/outpost');
    const other = await signInAs(t, { codes: ['bans.*'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/panel/health', headers: other.headers })).statusCode).toBe(
      403,
    );
  });
});
