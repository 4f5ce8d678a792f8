import fs from 'node:fs';
import zlib from 'node:zlib';
import type { RegistryEntry } from '@outpost/contracts';

/** The id of the JSON script element carrying the registry (shell/src/remotes/early-registry.ts). */
export const REGISTRY_ELEMENT_ID = 'outpost-registry';
/** The id of the JSON script element carrying a prerendered page's data (shell/src/startup/route-data.ts). */
export const ROUTE_DATA_ELEMENT_ID = 'outpost-route-data';

/**
 * JSON that is safe between <script> tags: no "</script>", no "<!--" and no "&" entity
 * surprises, whatever the strings in it hold. JSON.parse reads the escapes back as written.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** A same-origin path: one leading slash (not "//host"), plain file-name characters. */
const SAFE_SRC = /^\/[A-Za-z0-9._-][A-Za-z0-9._/-]*$/;

/** What a prerendered first screen adds to the page (prerender/first-screen.ts). */
export interface PrerenderedScreen {
  html: string;
  data: Record<string, unknown>;
  /** The owning remote's stylesheets: linked, so the screen is drawn styled. */
  styles: readonly string[];
}

/**
 * The shell's index.html for one visit: the registry this visitor's shell reads (the one
 * /remotes.json would answer, route tables inlined) as a JSON script element, so the shell
 * needs no request before it knows every route; and the owning remote's scripts (page-preloads
 * `scripts`) as `defer` scripts after the shell's own, so they run as soon as they arrive, before
 * the shell asks the federation runtime for that remote (which then finds the container in place).
 * A script that fails to load or run leaves the remote's container missing: the runtime then
 * loads it itself and the failure stays that section's ("Section unavailable", Retry).
 *
 * With a prerendered first screen, the page also carries that screen inside the root (inert:
 * nothing on it works until the shell's first render replaces it), the data it was drawn from
 * (the shell hands it to the page instead of fetching it) and the stylesheets it needs as
 * stylesheets rather than preloads, so it is painted styled as soon as they arrive.
 */
export function shellPage(
  template: string,
  registry: readonly RegistryEntry[],
  scripts: readonly string[],
  screen: PrerenderedScreen | null = null,
): string {
  const safe = (src: string) => SAFE_SRC.test(src) && !src.includes('..');
  const tags = [
    `<script type="application/json" id="${REGISTRY_ELEMENT_ID}">${scriptSafeJson(registry)}</script>`,
    ...(screen
      ? [
          `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${scriptSafeJson(screen.data)}</script>`,
          ...screen.styles.filter(safe).map((href) => `<link rel="stylesheet" href="${href}">`),
        ]
      : []),
    ...scripts.filter(safe).map((src) => `<script defer src="${src}"></script>`),
  ].join('');
  let page = template;
  if (screen) {
    // The shell's own first styles, preloaded for its code to apply: applied from the start.
    page = page.replace(/<link rel="preload" as="style" (href="[^"]+")>/g, '<link rel="stylesheet" $1>');
    // A function, not a string: "$&" and the like in the drawn content are text, not patterns.
    page = page.replace(
      '<div id="root"></div>',
      () => `<div id="root"><div data-prerendered inert style="display:contents">${screen.html}</div></div>`,
    );
  }
  const head = page.lastIndexOf('</head>');
  // Deferred scripts and the JSON element work anywhere in the document; <head> lets them start soonest.
  return head === -1 ? `${page}${tags}` : `${page.slice(0, head)}${tags}${page.slice(head)}`;
}

/** The encoding to send a page in, from Accept-Encoding: brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** The page's bytes in that encoding (brotli at a quality fit for per-request work). */
export function encodePage(html: string, encoding: 'br' | 'gzip' | null): Buffer {
  const bytes = Buffer.from(html);
  if (encoding === 'br')
    return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(bytes, { level: 6 });
  return bytes;
}

let cached: { file: string; mtimeMs: number; text: string } | null = null;

/** The built index.html, read again whenever a build replaces it. */
export async function readShellTemplate(file: string): Promise<string> {
  const { mtimeMs } = await fs.promises.stat(file);
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.text;
  const text = await fs.promises.readFile(file, 'utf8');
  cached = { file, mtimeMs, text };
  return text;
}
