import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ImportJob, importJobListSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/outpost-cli';
import { nowSeconds } from '../../lib/clock';
import { callAs } from '../../test-support/app-queries';
import { cliIo } from '../../test-support/cli-io';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { CSV_KIND, CSV_REASON } from './csv';
import { STALE_AFTER_SECONDS, startJobRecord } from './import-job-record';

// Issue 24, "a progress bar in the panel": every run of `pnpm outpost import …` records its
// progress, and GET /api/panel/imports lists the runs to staff with panel.settings.

const CSV = [
  'id,type,steamid,ip,name,reason,created,length,admin_steamid,admin_name,unbanned_at,unbanned_by,unban_reason',
  '1,ban,STEAM_0:1:7,198.51.100.1,Smith,aimbot,1700000000,0,,Console,,,',
  '2,ban,,198.51.100.2,,ip ban,1700000000,3600,,alice,,,',
  '3,gag,76561197960265743,,,spam,1700000000,600,,alice,,,',
  '4,mute,,198.51.100.4,,voice,1700000000,60,,alice,,,',
  '5,kick,STEAM_0:1:7,,,x,1700000000,0,,alice,,,',
].join('\n');

describe.each(testDatabases())('import runs in the panel on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { codes: ['panel.settings'] });
  });
  afterAll(async () => t?.close());

  const list = async (): Promise<ImportJob[]> => {
    const response = await callAs(t, owner, { method: 'GET', url: '/api/panel/imports' });
    expect(response.statusCode).toBe(200);
    return importJobListSchema.parse(response.json()).jobs;
  };

  it('refuses anonymous callers and staff without panel.settings', async () => {
    expect((await callAs(t, null, { method: 'GET', url: '/api/panel/imports' })).statusCode).toBe(401);
    for (const codes of [['panel.view'], ['bans.*', 'servers.manage']]) {
      const other = await signInAs(t, { codes });
      const response = await callAs(t, other, { method: 'GET', url: '/api/panel/imports' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('shows a CLI run while the server runs: finished, every row counted, what was skipped and why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-import-jobs-'));
    const file = path.join(dir, 'oldpanel.csv');
    fs.writeFileSync(file, CSV);
    const cli = cliIo({ DATABASE_URL: t.config.DATABASE_URL });
    expect(await runCli(['import', 'csv', '--from', file], cli.io)).toBe(0);
    const [job] = await list();
    expect(job).toMatchObject({
      importer: 'csv',
      source: 'csv:oldpanel.csv',
      phase: 'finished',
      done: 5,
      total: 5,
      error: null,
    });
    expect(job!.finishedAt).toBeGreaterThanOrEqual(job!.startedAt);
    expect(job!.kinds).toEqual([
      { kind: CSV_KIND.bans, imported: 2, skipped: 0, details: [] },
      { kind: CSV_KIND.comms, imported: 1, skipped: 2, details: expect.any(Array) },
    ]);
    expect(job!.kinds[1]!.details).toEqual(
      expect.arrayContaining([`skipped, ${CSV_REASON.ipComm}: 1`, `skipped, ${CSV_REASON.badType}: 1`]),
    );
    fs.rmSync(dir, { recursive: true });
  });

  it('shows a run part way, a failed run with its reason, and one that stopped reporting as interrupted', async () => {
    const going = await startJobRecord(t.database.db, { importer: 'sourcebans', source: 'sourcebans:sb:sb_' });
    going.progress.summary.imported('bans', 2000);
    going.progress.onProgress?.(2500, 10_000);
    await expect.poll(async () => (await list()).find((job) => job.id === going.id)?.done).toBe(2500);
    expect((await list()).find((job) => job.id === going.id)).toMatchObject({
      phase: 'running',
      total: 10_000,
      finishedAt: null,
      kinds: [{ kind: 'bans', imported: 2000, skipped: 0, details: [] }],
    });

    const failing = await startJobRecord(t.database.db, { importer: 'amxbans', source: 'amxbans:amx:amx_' });
    await failing.fail(new Error('Table amx.amx_bans does not exist'));
    expect((await list()).find((job) => job.id === failing.id)).toMatchObject({
      phase: 'failed',
      error: 'Table amx.amx_bans does not exist',
    });

    // The command was killed: its row says running, but nothing has touched it for a while.
    const longAgo = nowSeconds() - STALE_AFTER_SECONDS - 60;
    await t.database.db
      .updateTable('import_jobs')
      .set({ started_at: longAgo, updated_at: longAgo })
      .where('id', '=', going.id)
      .execute();
    expect((await list()).find((job) => job.id === going.id)?.phase).toBe('interrupted');
    await going.finish();
    expect((await list()).find((job) => job.id === going.id)?.phase).toBe('finished');
  });
});
