import path from 'node:path';

// Build tools put a content hash in asset names (main.3f9a1c2e.js). Those never change,
// so browsers may keep them for a year; anything without a hash (index.html,
// remotes.json, mf-manifest.json, remoteEntry.js) must be revalidated every time so a
// newly published remote shows up on the next page load.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.(js|css|mjs|woff2?|png|svg|jpg|webp|ico|map)$/i;

/** Text assets: the build writes .br and .gz copies of these, and they vary by Accept-Encoding. */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|map|txt|xml|webmanifest)$/i;
const ENCODING_SUFFIX = /\.(br|gz)$/;

export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function isCompressible(filePath: string): boolean {
  return COMPRESSIBLE.test(filePath);
}

/** A pre-compressed copy's path names the file it stands for: main.js.br -> main.js. */
export function withoutEncodingSuffix(filePath: string): string {
  return filePath.replace(ENCODING_SUFFIX, '');
}
