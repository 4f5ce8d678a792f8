import { z } from 'zod';

/** The Workshop answered wrongly or not at all: 502 for the caller, a failed item for a job. */
export class WorkshopUnavailableError extends Error {
  override name = 'WorkshopUnavailableError';
}

export interface WorkshopItem {
  id: string;
  /** 1 = found; anything else: missing, private or removed. */
  result: number;
  title: string;
  fileUrl: string | null;
  fileName: string | null;
  size: number | null;
  appId: number | null;
  timeUpdated: number | null;
}

const detailsSchema = z.object({
  response: z.object({
    publishedfiledetails: z
      .array(
        z.looseObject({
          publishedfileid: z.coerce.string(),
          result: z.coerce.number(),
          title: z.string().optional(),
          file_url: z.string().optional(),
          filename: z.string().optional(),
          file_size: z.coerce.number().optional(),
          consumer_app_id: z.coerce.number().optional(),
          time_updated: z.coerce.number().optional(),
        }),
      )
      .default([]),
  }),
});

const collectionSchema = z.object({
  response: z.object({
    collectiondetails: z
      .array(
        z.looseObject({
          publishedfileid: z.coerce.string(),
          result: z.coerce.number(),
          children: z
            .array(z.looseObject({ publishedfileid: z.coerce.string(), sortorder: z.coerce.number().optional() }))
            .optional(),
        }),
      )
      .default([]),
  }),
});

export interface WorkshopApiOptions {
  /** WORKSHOP_API_URL: the Steam Web API base (https://api.steampowered.com). */
  baseUrl: string;
  timeoutMs: number;
}

/** Steam's form encoding for the ISteamRemoteStorage calls: itemcount/collectioncount + publishedfileids[i]. */
async function post(options: WorkshopApiOptions, method: string, countField: string, ids: string[]): Promise<unknown> {
  const form = new URLSearchParams({ [countField]: String(ids.length) });
  for (const [index, id] of ids.entries()) form.set(`publishedfileids[${index}]`, id);
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/ISteamRemoteStorage/${method}/v1/`, {
      method: 'POST',
      body: form,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new WorkshopUnavailableError(`The Steam Workshop did not answer (${(error as Error).message})`);
  }
  if (!response.ok) throw new WorkshopUnavailableError(`The Steam Workshop answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new WorkshopUnavailableError('The Steam Workshop answered something that is not JSON');
  }
}

/** GetPublishedFileDetails for up to 100 ids per call; every asked id gets an entry. */
export async function fetchPublishedFiles(
  options: WorkshopApiOptions,
  ids: string[],
): Promise<Map<string, WorkshopItem>> {
  const found = new Map<string, WorkshopItem>();
  for (let at = 0; at < ids.length; at += 100) {
    const batch = ids.slice(at, at + 100);
    const parsed = detailsSchema.safeParse(await post(options, 'GetPublishedFileDetails', 'itemcount', batch));
    if (!parsed.success) throw new WorkshopUnavailableError('The Steam Workshop answered in an unexpected shape');
    for (const item of parsed.data.response.publishedfiledetails) {
      found.set(item.publishedfileid, {
        id: item.publishedfileid,
        result: item.result,
        title: item.title?.slice(0, 500) || `Workshop item ${item.publishedfileid}`,
        fileUrl: item.file_url || null,
        fileName: item.filename || null,
        size: item.file_size ?? null,
        appId: item.consumer_app_id ?? null,
        timeUpdated: item.time_updated ?? null,
      });
    }
  }
  for (const id of ids) {
    if (!found.has(id))
      found.set(id, {
        id,
        result: 9,
        title: `Workshop item ${id}`,
        fileUrl: null,
        fileName: null,
        size: null,
        appId: null,
        timeUpdated: null,
      });
  }
  return found;
}

/** GetCollectionDetails: the children of a collection in their order, or null when `id` is not a collection. */
export async function fetchCollectionChildren(options: WorkshopApiOptions, id: string): Promise<string[] | null> {
  const parsed = collectionSchema.safeParse(await post(options, 'GetCollectionDetails', 'collectioncount', [id]));
  if (!parsed.success) throw new WorkshopUnavailableError('The Steam Workshop answered in an unexpected shape');
  const collection = parsed.data.response.collectiondetails.find((entry) => entry.publishedfileid === id);
  if (collection?.result !== 1 || !collection.children?.length) return null;
  const children = [...collection.children].sort((a, b) => (a.sortorder ?? 0) - (b.sortorder ?? 0));
  return [...new Set(children.map((child) => child.publishedfileid).filter((child) => /^\d{1,20}$/.test(child)))].slice(
    0,
    1000,
  );
}
