import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './http-fake';

export interface FakeWorkshopItem {
  id: string;
  title: string;
  data: Buffer;
  /** Steam app id (550 = Left 4 Dead 2). */
  appId?: number;
  /** Claim this size in the details instead of the real one. */
  claimedSize?: number;
}

export interface FakeWorkshopOptions {
  items?: FakeWorkshopItem[];
  collections?: Array<{ id: string; title: string; children: string[] }>;
}

/**
 * The Steam Workshop on loopback: the Web API (ISteamRemoteStorage GetPublishedFileDetails and
 * GetCollectionDetails, form-encoded POSTs answered in Steam's JSON shape) on one server and the
 * file host (UGC downloads with Range) on another, so tests can allow one host and not the other.
 * Misbehaviour on demand: drop a connection part-way (once or always), 404 a file, redirect.
 */
export async function startFakeWorkshop(options: FakeWorkshopOptions = {}) {
  const items = new Map((options.items ?? []).map((item) => [item.id, item]));
  const collections = new Map((options.collections ?? []).map((collection) => [collection.id, collection]));
  /** Item id -> bytes after which the next file request is cut off (then cleared). */
  const dropOnceAfter = new Map<string, number>();
  /** Item ids whose every file request is cut off half-way. */
  const alwaysDrop = new Set<string>();
  /** Item id -> Location the file URL redirects to. */
  const redirects = new Map<string, string>();
  /** Pause between 64 KiB chunks of a file (ms), so progress can be watched. */
  const pacing = { chunkDelayMs: 0 };
  const fileRequests: Array<{ id: string; range: string | undefined }> = [];
  const apiCalls: string[] = [];
  let apiDown = false;

  const files = http.createServer(async (req, res) => {
    const id = /^\/ugc\/(\d+)\/?$/.exec(req.url ?? '')?.[1] ?? '';
    fileRequests.push({ id, range: req.headers.range });
    const item = items.get(id);
    const redirect = redirects.get(id);
    if (redirect) {
      res.writeHead(302, { location: redirect });
      return res.end();
    }
    if (!item) {
      res.writeHead(404);
      return res.end('not found');
    }
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range) {
      start = Number(range[1]);
      if (start >= item.data.length) {
        res.writeHead(416, { 'content-range': `bytes */${item.data.length}` });
        return res.end();
      }
      res.writeHead(206, {
        'content-length': item.data.length - start,
        'content-range': `bytes ${start}-${item.data.length - 1}/${item.data.length}`,
        'accept-ranges': 'bytes',
      });
    } else {
      res.writeHead(200, { 'content-length': item.data.length, 'accept-ranges': 'bytes' });
    }
    const cutAt = alwaysDrop.has(id) ? Math.floor(item.data.length / 2) : dropOnceAfter.get(id);
    if (cutAt !== undefined) dropOnceAfter.delete(id);
    for (let at = start; at < item.data.length; at += 64 * 1024) {
      const end = Math.min(at + 64 * 1024, item.data.length);
      if (cutAt !== undefined && end > cutAt) {
        if (cutAt > at) res.write(item.data.subarray(at, cutAt));
        await new Promise((resolve) => setTimeout(resolve, 20));
        res.socket?.destroy();
        return;
      }
      if (!res.write(item.data.subarray(at, end))) await new Promise((resolve) => res.once('drain', resolve));
      if (pacing.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, pacing.chunkDelayMs));
    }
    res.end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const fileHost = `127.0.0.1:${(files.address() as AddressInfo).port}`;

  const api = http.createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0] ?? '';
    apiCalls.push(path);
    const ids = [...form.entries()].filter(([key]) => /^publishedfileids\[\d+\]$/.test(key)).map(([, value]) => value);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (apiDown) {
      res.writeHead(503);
      return res.end();
    }
    if (req.method === 'POST' && path === '/ISteamRemoteStorage/GetPublishedFileDetails/v1/') {
      return json({
        response: {
          result: 1,
          resultcount: ids.length,
          publishedfiledetails: ids.map((id) => {
            const item = items.get(id);
            const collection = collections.get(id);
            if (collection)
              return {
                publishedfileid: id,
                result: 1,
                title: collection.title,
                file_size: 0,
                consumer_app_id: 550,
                creator_app_id: 766,
              };
            if (!item) return { publishedfileid: id, result: 9 };
            return {
              publishedfileid: id,
              result: 1,
              creator: '76561197960287930',
              creator_app_id: item.appId ?? 550,
              consumer_app_id: item.appId ?? 550,
              filename: `myl4d2addons/${item.title.replace(/\W+/g, '_')}.vpk`,
              file_size: item.claimedSize ?? item.data.length,
              file_url: `http://${fileHost}/ugc/${id}/`,
              hcontent_file: '1234567890',
              preview_url: '',
              title: item.title,
              description: '',
              time_created: 1_700_000_000,
              time_updated: 1_700_000_100,
              visibility: 0,
              banned: 0,
              tags: [],
            };
          }),
        },
      });
    }
    if (req.method === 'POST' && path === '/ISteamRemoteStorage/GetCollectionDetails/v1/') {
      return json({
        response: {
          result: 1,
          resultcount: ids.length,
          collectiondetails: ids.map((id) => {
            const collection = collections.get(id);
            if (!collection) return { publishedfileid: id, result: 9 };
            return {
              publishedfileid: id,
              result: 1,
              children: collection.children.map((child, index) => ({
                publishedfileid: child,
                sortorder: index + 1,
                filetype: 0,
              })),
            };
          }),
        },
      });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));

  return {
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    fileHost,
    items,
    collections,
    dropOnceAfter,
    alwaysDrop,
    redirects,
    pacing,
    fileRequests,
    apiCalls,
    setApiDown(down: boolean) {
      apiDown = down;
    },
    async close() {
      await Promise.all([closeServer(api), closeServer(files)]);
    },
  };
}

export type FakeWorkshop = Awaited<ReturnType<typeof startFakeWorkshop>>;
