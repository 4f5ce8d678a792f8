import os from 'node:os';
import { type NoFreeResourcesDetails, RESOURCE_THRESHOLD_SETTINGS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import { metaService } from '../../meta';
import type { ServersTables } from '../tables';

export interface ResourceThresholds {
  /** Load per core. */
  cpu: number;
  /** Fraction of memory that must stay available. */
  memory: number;
}

export interface HostFigures {
  /** 1-minute and 5-minute load average divided by the number of cores. */
  cpuCurrent: number;
  cpuAverage: number;
  memoryAvailable: number;
  memoryTotal: number;
}

/** SPEC 9: the CPU check passes only when the load is at least this much below the threshold. */
export const CPU_MARGIN = 0.02;

export function readHostFigures(): HostFigures {
  const cores = Math.max(1, os.availableParallelism());
  const [oneMinute = 0, fiveMinutes = 0] = os.loadavg();
  return {
    cpuCurrent: oneMinute / cores,
    cpuAverage: fiveMinutes / cores,
    memoryAvailable: os.freemem(),
    memoryTotal: os.totalmem(),
  };
}

const validNumber = (value: unknown, max: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max ? value : null;

/** Site settings override CPU_THRESHOLD / MEMORY_THRESHOLD, so admins can tune them live. */
export async function resourceThresholds(db: Kysely<ServersTables>, config: Config): Promise<ResourceThresholds> {
  const cpu = validNumber(await metaService.readSetting<unknown>(db, RESOURCE_THRESHOLD_SETTINGS.cpu, null), 1000);
  const memory = validNumber(await metaService.readSetting<unknown>(db, RESOURCE_THRESHOLD_SETTINGS.memory, null), 1);
  return { cpu: cpu ?? config.CPU_THRESHOLD, memory: memory ?? config.MEMORY_THRESHOLD };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Null when an instance may start; otherwise the resource that is short and its figures. */
export function checkResources(thresholds: ResourceThresholds, figures: HostFigures): NoFreeResourcesDetails | null {
  const headroom = (load: number) => thresholds.cpu - load >= CPU_MARGIN - 1e-9;
  if (!headroom(figures.cpuCurrent) || !headroom(figures.cpuAverage)) {
    return {
      resource: 'cpu',
      cpu: { current: round(figures.cpuCurrent), average: round(figures.cpuAverage), threshold: thresholds.cpu },
    };
  }
  if (figures.memoryTotal <= 0 || figures.memoryAvailable / figures.memoryTotal < thresholds.memory) {
    return {
      resource: 'memory',
      memory: { available: figures.memoryAvailable, total: figures.memoryTotal, threshold: thresholds.memory },
    };
  }
  return null;
}
