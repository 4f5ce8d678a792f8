/** A tour's id (docs-tours.ts re-exports it): zod-free for the browser's first load. */
export const TOUR_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
