import { z } from 'zod';
import { gameSchema } from './servers';

// Addon shares (issue 12): libraries of addon files (.vpk for the Source games, .jar for
// Minecraft) that server groups use, filled by upload or from the Steam Workshop.

export const SHARE_NAME_MAX = 80;

export const shareIdParamSchema = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
export const addonParamsSchema = shareIdParamSchema.extend({ addonId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
export const workshopJobParamSchema = z.object({ jobId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

export const shareGroupSchema = z.object({ id: z.string(), name: z.string() });

export const shareSchema = z.object({
  id: z.string(),
  name: z.string(),
  game: gameSchema,
  /** Largest total size of the share's addons in bytes; null: only the storage's own limit. */
  quotaBytes: z.number().int().nullable(),
  usedBytes: z.number().int(),
  addonCount: z.number().int(),
  groups: z.array(shareGroupSchema),
  createdAt: z.number().int(),
});
export type Share = z.infer<typeof shareSchema>;

export const sharesListResponseSchema = z.object({ shares: z.array(shareSchema) });

const shareName = z.string().trim().min(1).max(SHARE_NAME_MAX);
const quota = z
  .number()
  .int()
  .min(1)
  .max(2 ** 50)
  .nullable();
export const shareCreateSchema = z.object({
  name: shareName,
  game: gameSchema,
  quotaBytes: quota.optional(),
  groupIds: z.array(z.string().min(1).max(40)).max(200).optional(),
});
export type ShareCreate = z.infer<typeof shareCreateSchema>;
export const shareEditSchema = z.object({
  name: shareName.optional(),
  quotaBytes: quota.optional(),
  groupIds: z.array(z.string().min(1).max(40)).max(200).optional(),
});
export type ShareEdit = z.infer<typeof shareEditSchema>;

export const ADDON_SOURCES = ['upload', 'workshop'] as const;
export const addonSourceSchema = z.enum(ADDON_SOURCES);

/** What the file itself says about the addon (VPK addoninfo.txt, plugin.yml, fabric.mod.json, mods.toml). */
export const addonDetailsSchema = z.object({
  kind: z.enum(['vpk', 'jar']),
  title: z.string().nullable(),
  author: z.string().nullable(),
  version: z.string().nullable(),
  description: z.string().nullable(),
  /** Map names (VPK maps/*.bsp), sorted. */
  maps: z.array(z.string()),
  /** Files inside the archive (VPK tree entries or jar entries). */
  fileCount: z.number().int(),
  /** Where the details came from, e.g. 'addoninfo.txt', 'plugin.yml'; null: nothing found. */
  metadataFile: z.string().nullable(),
  /** VPK directory version (1 or 2); null for jars. */
  vpkVersion: z.number().int().nullable(),
});
export type AddonDetails = z.infer<typeof addonDetailsSchema>;

export const addonSchema = z.object({
  id: z.string(),
  shareId: z.string(),
  /** The file name, e.g. 'c1m1_custom.vpk'. */
  name: z.string(),
  title: z.string().nullable(),
  size: z.number().int(),
  sha256: z.string(),
  modifiedAt: z.number().int(),
  source: addonSourceSchema,
  workshopId: z.string().nullable(),
  details: addonDetailsSchema,
});
export type Addon = z.infer<typeof addonSchema>;

export const shareDetailResponseSchema = z.object({ share: shareSchema, addons: z.array(addonSchema) });
export type ShareDetailResponse = z.infer<typeof shareDetailResponseSchema>;

// ---- Steam Workshop -------------------------------------------------------------------------

/** A Workshop URL (…/filedetails/?id=123) or a bare published file id. */
export const workshopInputSchema = z.string().trim().min(1).max(500);

/** Reads a published file id from a Workshop URL or a bare id; null when there is none. */
export function parseWorkshopId(input: string): string | null {
  const text = input.trim();
  if (/^\d{1,20}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const id = url.searchParams.get('id');
  return id && /^\d{1,20}$/.test(id) ? id : null;
}

export const workshopLookupQuerySchema = z.object({ url: workshopInputSchema });
export const workshopLookupResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(['item', 'collection']),
  title: z.string(),
  /** Bytes of the item's file; for a collection, null. */
  size: z.number().int().nullable(),
  /** For a collection: its children's ids, in order. */
  children: z.array(z.string()),
});
export type WorkshopLookup = z.infer<typeof workshopLookupResponseSchema>;

export const WORKSHOP_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const WORKSHOP_ITEM_STATES = ['pending', 'downloading', 'done', 'skipped', 'failed'] as const;

export const workshopJobItemSchema = z.object({
  workshopId: z.string(),
  title: z.string().nullable(),
  state: z.enum(WORKSHOP_ITEM_STATES),
  bytes: z.number().int(),
  totalBytes: z.number().int().nullable(),
  /** Why the item failed, for the failed state. */
  error: z.string().nullable(),
  addonId: z.string().nullable(),
});
export type WorkshopJobItem = z.infer<typeof workshopJobItemSchema>;

export const workshopJobSchema = z.object({
  id: z.string(),
  shareId: z.string(),
  kind: z.enum(['item', 'collection']),
  workshopId: z.string(),
  title: z.string().nullable(),
  state: z.enum(WORKSHOP_JOB_STATES),
  items: z.array(workshopJobItemSchema),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type WorkshopJob = z.infer<typeof workshopJobSchema>;

export const workshopJobCreateSchema = z.object({ url: workshopInputSchema });
export const workshopJobsResponseSchema = z.object({ jobs: z.array(workshopJobSchema) });

/** Fraction 0..1 of a job's bytes done; items without a known size count as one unit each. */
export function workshopJobProgress(job: Pick<WorkshopJob, 'items'>): number {
  if (job.items.length === 0) return 0;
  let sum = 0;
  for (const item of job.items) {
    if (item.state === 'done' || item.state === 'skipped' || item.state === 'failed') sum += 1;
    else if (item.totalBytes && item.totalBytes > 0) sum += Math.min(1, item.bytes / item.totalBytes);
  }
  return sum / job.items.length;
}
