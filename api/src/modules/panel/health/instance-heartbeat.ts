import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../../db/json-column';
import { API_VERSION } from '../../../lib/api-version';
import { nowSeconds } from '../../../lib/clock';
import type { SweepFinished } from '../../../lib/server-events';
import { newId } from '../../../lib/tokens';
import { notificationsService } from '../../notifications';
import type { PanelTables } from '../tables';

/** How often each instance writes its heartbeat row. */
export const HEARTBEAT_MS = 10_000;
/** An instance not heard from for this long is no longer listed. */
export const INSTANCE_GONE_SECONDS = 60;

export interface PollerFigures {
  lastSweepAt: number;
  durationMs: number;
  servers: number;
  answered: number;
}

/**
 * This instance's row in panel_instances: written at start and every HEARTBEAT_MS (open
 * streams, the poller's last sweep), removed on close, so the health page lists every
 * running instance whatever instance answers it.
 */
export class InstanceHeartbeat {
  readonly id = newId();
  readonly startedAt = nowSeconds();
  poller: PollerFigures | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<PanelTables>) {}

  recordSweep(sweep: SweepFinished): void {
    this.poller = {
      lastSweepAt: sweep.at,
      durationMs: sweep.durationMs,
      servers: sweep.servers,
      answered: sweep.answered,
    };
  }

  row() {
    return {
      id: this.id,
      version: API_VERSION,
      started_at: this.startedAt,
      last_seen: nowSeconds(),
      open_streams: notificationsService.openStreamCount(this.db),
      poller: this.poller ? toJsonColumn(this.poller) : null,
    };
  }

  async beat(): Promise<void> {
    const row = this.row();
    const { id: _id, ...changes } = row;
    await this.db
      .insertInto('panel_instances')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
      .execute();
    await this.db
      .deleteFrom('panel_instances')
      .where('last_seen', '<', nowSeconds() - 24 * 3600)
      .execute();
  }

  start(onError: (error: unknown) => void): void {
    void this.beat().catch(onError);
    this.timer = setInterval(() => void this.beat().catch(onError), HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db
      .deleteFrom('panel_instances')
      .where('id', '=', this.id)
      .execute()
      .catch(() => undefined);
  }
}

export async function listInstances(db: Kysely<PanelTables>) {
  const rows = await db
    .selectFrom('panel_instances')
    .selectAll()
    .where('last_seen', '>=', nowSeconds() - INSTANCE_GONE_SECONDS)
    .orderBy('started_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    startedAt: Number(row.started_at),
    lastSeen: Number(row.last_seen),
    openStreams: row.open_streams,
    poller: fromJsonColumn<PollerFigures | null>(row.poller, null),
  }));
}
