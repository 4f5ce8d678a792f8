import {
  type Share,
  type ShareCreate,
  shareDetailResponseSchema,
  shareSchema,
  sharesListResponseSchema,
  type WorkshopJob,
  workshopJobSchema,
  workshopJobsResponseSchema,
  workshopLookupResponseSchema,
} from '@outpost/contracts';
import { getJson, type HostApi, sendJson } from '@outpost/host';

// One fetcher per API call of the shares-addons module; each returns the kit's results.

export const sharesPath = '/api/shares';
export const sharePath = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;
export const jobsPath = (shareId: string) => `${sharePath(shareId)}/workshop-jobs`;
export const jobEventsPath = (jobId: string) => `/api/shares/workshop-jobs/${encodeURIComponent(jobId)}/events`;
export const addonFilePath = (shareId: string, addonId: string) =>
  `${sharePath(shareId)}/addons/${encodeURIComponent(addonId)}/file`;

export { shareDetailResponseSchema, sharesListResponseSchema, workshopJobsResponseSchema };

export const createShare = (host: HostApi, body: ShareCreate) =>
  sendJson<Share>(host, 'POST', sharesPath, body, shareSchema);
export const deleteShare = (host: HostApi, shareId: string) => sendJson(host, 'DELETE', sharePath(shareId));
export const deleteAddon = (host: HostApi, shareId: string, addonId: string) =>
  sendJson(host, 'DELETE', `${sharePath(shareId)}/addons/${encodeURIComponent(addonId)}`);

export const lookupWorkshop = (host: HostApi, url: string, signal?: AbortSignal) =>
  getJson(host, `/api/shares/workshop/lookup?url=${encodeURIComponent(url)}`, workshopLookupResponseSchema, signal);

export const startWorkshopJob = (host: HostApi, shareId: string, url: string) =>
  sendJson<WorkshopJob>(host, 'POST', jobsPath(shareId), { url }, workshopJobSchema);

export const cancelWorkshopJob = (host: HostApi, jobId: string) =>
  sendJson<WorkshopJob>(
    host,
    'POST',
    `/api/shares/workshop-jobs/${encodeURIComponent(jobId)}/cancel`,
    undefined,
    workshopJobSchema,
  );
