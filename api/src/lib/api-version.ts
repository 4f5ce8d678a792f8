import { createRequire } from 'node:module';

/** The API's version: api/package.json's, read once (works from source and under tsx). */
export const API_VERSION: string = (() => {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();
