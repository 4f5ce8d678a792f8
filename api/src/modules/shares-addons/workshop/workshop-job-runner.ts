import { randomBytes } from 'node:crypto';
import type { Game, WorkshopJob, WorkshopJobItem } from '@outpost/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import { toJsonColumn } from '../../../db/json-column';
import { nowSeconds } from '../../../lib/clock';
import { HttpError } from '../../../lib/http-error';
import { removeQuietly } from '../../../storage/staging';
import type { StorageDriver } from '../../../storage/storage-driver';
import { type Actor, accountsService } from '../../accounts';
import { findAddonByWorkshopId } from '../addons-repository';
import { remainingQuota, storeAddon } from '../addons-service';
import { findShare, newShareItemId, type ShareRow } from '../shares-repository';
import type { SharesAddonsTables } from '../tables';
import { downloadToStaging } from './safe-download';
import { fetchPublishedFiles, type WorkshopApiOptions, type WorkshopItem } from './workshop-api';
import {
  cancelJobRow,
  claimJob,
  findJob,
  insertJob,
  saveJob,
  toWorkshopJob,
  unclaimedJobIds,
} from './workshop-jobs-repository';
import { resolveWorkshopInput, WORKSHOP_APP_IDS } from './workshop-lookup';

/** A runner that has not saved for this long has gone away; its jobs are taken over. */
const STALE_SECONDS = 30;
const HEARTBEAT_MS = 5_000;
const PROGRESS_SAVE_MS = 400;

export interface WorkshopJobRunnerDeps {
  db: Kysely<SharesAddonsTables>;
  storage: StorageDriver;
  config: Config;
  log: FastifyBaseLogger;
}

const isFinished = (state: WorkshopJob['state']) => state === 'done' || state === 'failed' || state === 'cancelled';

/**
 * Runs Steam Workshop download jobs. A job lives in the database (so a browser reload, another
 * staff member or another API instance sees it); the instance that claimed it downloads its
 * items one by one, saving progress (which also keeps its claim fresh). A job whose runner
 * went quiet, e.g. after a restart, is taken over and resumes at its first unfinished item.
 */
export class WorkshopJobRunner {
  readonly runnerId = randomBytes(8).toString('hex');
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly listeners = new Map<string, Set<(job: WorkshopJob) => void>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: WorkshopJobRunnerDeps) {}

  private get api(): WorkshopApiOptions {
    return { baseUrl: this.deps.config.WORKSHOP_API_URL, timeoutMs: this.deps.config.WORKSHOP_TIMEOUT_MS };
  }

  start(): void {
    const sweep = () => {
      this.sweep().catch((error) => this.deps.log.warn({ err: error }, 'workshop job sweep failed'));
    };
    sweep();
    this.sweepTimer = setInterval(sweep, 10_000);
    this.sweepTimer.unref();
  }

  /** Stops this instance's jobs without marking them: another instance (or the next start) resumes them. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const { controller } of this.running.values()) controller.abort('shutdown');
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }

  /** Calls `listener` with every change of the job this instance makes; returns the unsubscribe. */
  subscribe(jobId: string, listener: (job: WorkshopJob) => void): () => void {
    const set = this.listeners.get(jobId) ?? new Set();
    set.add(listener);
    this.listeners.set(jobId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(jobId);
    };
  }

  async create(share: ShareRow, input: string, actor: Actor): Promise<WorkshopJob> {
    if (!WORKSHOP_APP_IDS[share.game as Game]) {
      throw new HttpError(409, 'WORKSHOP_NOT_FOR_GAME', `Shares for ${share.game} do not take Steam Workshop items`);
    }
    const { lookup, items } = await resolveWorkshopInput(this.api, input);
    const ids = lookup.kind === 'collection' ? lookup.children : [lookup.id];
    const jobItems: WorkshopJobItem[] = ids.map((id) => ({
      workshopId: id,
      title: items.get(id)?.title ?? null,
      state: 'pending',
      bytes: 0,
      totalBytes: items.get(id)?.size ?? null,
      error: null,
      addonId: null,
    }));
    const now = nowSeconds();
    const id = newShareItemId();
    await insertJob(this.deps.db, {
      id,
      share_id: share.id,
      kind: lookup.kind,
      workshop_id: lookup.id,
      title: lookup.title,
      state: 'queued',
      items: toJsonColumn(jobItems),
      error: null,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
      runner: this.runnerId,
      heartbeat_at: now,
    });
    this.launch(id);
    return toWorkshopJob((await findJob(this.deps.db, id)) as NonNullable<Awaited<ReturnType<typeof findJob>>>);
  }

  async cancel(jobId: string): Promise<void> {
    await cancelJobRow(this.deps.db, jobId, nowSeconds());
    this.running.get(jobId)?.controller.abort('cancelled');
  }

  cancelShare(shareId: string): void {
    for (const [jobId, entry] of this.running) {
      if (this.jobShare.get(jobId) === shareId) entry.controller.abort('cancelled');
    }
  }

  private readonly jobShare = new Map<string, string>();

  private async sweep(): Promise<void> {
    if (this.stopped) return;
    const now = nowSeconds();
    for (const id of await unclaimedJobIds(this.deps.db, now - STALE_SECONDS)) {
      if (this.running.has(id)) continue;
      if (await claimJob(this.deps.db, id, this.runnerId, now, now - STALE_SECONDS)) this.launch(id);
    }
  }

  private launch(jobId: string): void {
    if (this.running.has(jobId) || this.stopped) return;
    const controller = new AbortController();
    const done = this.run(jobId, controller.signal)
      .catch((error) => this.deps.log.error({ err: error, jobId }, 'workshop job failed'))
      .finally(() => {
        this.running.delete(jobId);
        this.jobShare.delete(jobId);
      });
    this.running.set(jobId, { controller, done });
  }

  private async run(jobId: string, signal: AbortSignal): Promise<void> {
    const { db } = this.deps;
    const row = await findJob(db, jobId);
    if (!row || isFinished(row.state as WorkshopJob['state'])) return;
    const job = toWorkshopJob(row);
    this.jobShare.set(jobId, job.shareId);
    const saver = this.saverFor(job);
    const heartbeat = setInterval(async () => {
      // The heartbeat also notices a cancel made through another instance.
      const current = await findJob(db, jobId).catch(() => undefined);
      if (current?.state === 'cancelled') this.running.get(jobId)?.controller.abort('cancelled');
      else await saver.save(true);
    }, HEARTBEAT_MS);
    try {
      const share = await findShare(db, job.shareId);
      if (!share) return;
      job.state = 'running';
      for (const item of job.items) {
        if (item.state === 'downloading') Object.assign(item, { state: 'pending', bytes: 0 });
      }
      await saver.save(true);
      const actor: Actor = {
        id: job.createdBy,
        name: job.createdBy ? await accountsService.findUserName(db, job.createdBy) : null,
      };
      const pending = job.items.filter((item) => item.state === 'pending').map((item) => item.workshopId);
      let details: Map<string, WorkshopItem>;
      try {
        details = await fetchPublishedFiles(this.api, pending);
      } catch (error) {
        job.state = 'failed';
        job.error = (error as Error).message;
        return await saver.save(true);
      }
      for (const item of job.items) {
        if (signal.aborted) break;
        if (item.state !== 'pending') continue;
        await this.runItem(item, share, details.get(item.workshopId), actor, signal, saver);
      }
      if (signal.aborted) {
        if (signal.reason !== 'cancelled') return;
        job.state = 'cancelled';
      } else {
        job.state = job.items.length > 0 && job.items.every((item) => item.state === 'failed') ? 'failed' : 'done';
        const failed = job.items.filter((item) => item.state === 'failed').length;
        job.error = failed > 0 ? `${failed} of ${job.items.length} item(s) failed` : null;
      }
      await saver.save(true);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runItem(
    item: WorkshopJobItem,
    share: ShareRow,
    detail: WorkshopItem | undefined,
    actor: Actor,
    signal: AbortSignal,
    saver: { save(force?: boolean): Promise<void> },
  ): Promise<void> {
    const { db, storage, config } = this.deps;
    const fail = async (message: string) => {
      Object.assign(item, { state: 'failed', error: message });
      await saver.save(true);
    };
    try {
      const present = await findAddonByWorkshopId(db, share.id, item.workshopId);
      if (present) {
        Object.assign(item, {
          state: 'skipped',
          addonId: present.id,
          bytes: Number(present.size),
          totalBytes: Number(present.size),
        });
        return await saver.save(true);
      }
      if (detail?.result !== 1) return await fail('The Workshop item does not exist or is not public');
      if (!detail.fileUrl) return await fail('The Workshop item has no file to download');
      const appId = WORKSHOP_APP_IDS[share.game as Game];
      if (detail.appId && appId && detail.appId !== appId)
        return await fail(`The item belongs to another game (Steam app ${detail.appId})`);
      Object.assign(item, {
        state: 'downloading',
        title: detail.title,
        totalBytes: detail.size,
        bytes: 0,
        error: null,
      });
      await saver.save(true);
      const fileName = `${item.workshopId}.vpk`;
      const staged = await downloadToStaging(detail.fileUrl, {
        allowedHosts: config.WORKSHOP_FILE_HOSTS.split(','),
        stagingDir: storage.stagingDir,
        maxBytes: Math.min(config.ADDON_MAX_BYTES, await remainingQuota(db, share, fileName)),
        timeoutMs: config.WORKSHOP_TIMEOUT_MS,
        signal,
        onProgress: (bytes, total) => {
          item.bytes = bytes;
          item.totalBytes = detail.size ?? total;
          void saver.save();
        },
      });
      if (detail.size !== null && staged.size !== detail.size) {
        await removeQuietly(staged.path);
        return await fail(`The download has ${staged.size} bytes; the Workshop says ${detail.size}`);
      }
      const addon = await storeAddon(db, storage, {
        share,
        fileName,
        staged,
        source: 'workshop',
        workshopId: item.workshopId,
        actor,
      });
      Object.assign(item, { state: 'done', addonId: addon.id, bytes: staged.size, totalBytes: staged.size });
      await saver.save(true);
    } catch (error) {
      if (signal.aborted) {
        Object.assign(item, { state: 'pending', bytes: 0 });
        return;
      }
      const message =
        error instanceof HttpError && error.code === 'QUOTA_EXCEEDED'
          ? error.message
          : (error as { code?: string }).code === 'QUOTA_EXCEEDED'
            ? 'The share has no room for this item'
            : error instanceof Error && error.name === 'SizeLimitError'
              ? 'The item is larger than this share can take'
              : `${(error as Error).message}`;
      await fail(message.slice(0, 500));
    }
  }

  /** Saves a job at most every PROGRESS_SAVE_MS (forced saves at once) and tells local listeners every time. */
  private saverFor(job: WorkshopJob) {
    let lastSave = 0;
    let chain = Promise.resolve();
    return {
      save: (force = false): Promise<void> => {
        job.updatedAt = nowSeconds();
        const snapshot = structuredClone(job);
        for (const listener of this.listeners.get(job.id) ?? []) listener(snapshot);
        if (!force && Date.now() - lastSave < PROGRESS_SAVE_MS) return Promise.resolve();
        lastSave = Date.now();
        chain = chain.then(() =>
          saveJob(this.deps.db, snapshot, this.runnerId, nowSeconds()).catch((error) =>
            this.deps.log.warn({ err: error, jobId: job.id }, 'saving a workshop job failed'),
          ),
        );
        return chain;
      },
    };
  }
}
