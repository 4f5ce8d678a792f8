import { z } from 'zod';

/** POST /api/groups/{id}/servers?start=1: the new instance (SPEC 3 "Created instance response"). */
export const createdInstanceSchema = z.object({
  serverId: z.string(),
  hostname: z.string(),
  port: z.number().int(),
  ip: z.string(),
  /** The group type whose provisioner made it: 'docker' or 'custom'. */
  type: z.enum(['docker', 'custom']),
});
export type CreatedInstance = z.infer<typeof createdInstanceSchema>;

export const createInstanceQuerySchema = z.object({
  start: z.enum(['0', '1']).default('1'),
});

export const NO_FREE_RESOURCES = 'NO_FREE_RESOURCES';

/** Loads are the 1-minute (current) and 5-minute (average) load per CPU core, 0..n. */
export const cpuResourceFiguresSchema = z.object({
  current: z.number(),
  average: z.number(),
  threshold: z.number(),
});
/** Bytes. The check fails when available / total is below threshold (a fraction 0..1). */
export const memoryResourceFiguresSchema = z.object({
  available: z.number(),
  total: z.number(),
  threshold: z.number(),
});

export const noFreeResourcesDetailsSchema = z.discriminatedUnion('resource', [
  z.object({ resource: z.literal('cpu'), cpu: cpuResourceFiguresSchema }),
  z.object({ resource: z.literal('memory'), memory: memoryResourceFiguresSchema }),
]);
export type NoFreeResourcesDetails = z.infer<typeof noFreeResourcesDetailsSchema>;

/** The 409 answer when the host lacks CPU or memory: the figures the client shows. */
export const noFreeResourcesErrorSchema = z.object({
  error: z.literal(NO_FREE_RESOURCES),
  message: z.string(),
  details: noFreeResourcesDetailsSchema,
});
export type NoFreeResourcesError = z.infer<typeof noFreeResourcesErrorSchema>;

/**
 * Site settings that override the CPU_THRESHOLD / MEMORY_THRESHOLD environment variables:
 * load per core (number) and the fraction of memory that must stay available (0..1).
 */
export const RESOURCE_THRESHOLD_SETTINGS = {
  cpu: 'servers.cpuThreshold',
  memory: 'servers.memoryThreshold',
} as const;
