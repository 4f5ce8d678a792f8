import { z } from 'zod';

// Pieces every moderation list shares: keyset cursors and page sizes.

/** Opaque keyset cursor: pass back the nextCursor of the previous page. */
export const cursorSchema = z.string().min(1).max(200);
export const pageLimitSchema = z.coerce.number().int().min(1).max(100).default(50);
/** Free-text search box: up to 200 characters; blank after trimming means no filter. */
export const searchTextSchema = z.string().max(200);
/** Seconds since the epoch, as a query parameter. */
export const epochSecondsQuerySchema = z.coerce.number().int().min(0).max(32503680000);

export const idParamSchema = z.object({ id: z.string().min(1).max(200) });
export const numericIdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
