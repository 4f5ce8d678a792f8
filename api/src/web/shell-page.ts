import fs from 'node:fs';
import zlib from 'node:zlib';
import type { RegistryEntry } from '@outpost/contracts';
import { PAGE_CATALOGS_ELEMENT_ID, type PageCatalogs } from './page-catalogs';

/** The id of the JSON script element carrying the registry (shell/src/remotes/early-registry.ts). */
export const REGISTRY_ELEMENT_ID = 'outpost-registry';
/** The id of the JSON script element carrying a prerendered page's data (shell/src/startup/route-data.ts). */
export const ROUTE_DATA_ELEMENT_ID = 'outpost-route-data';
/**
 * The id of the JSON script element listing the scripts a page with a prerendered screen runs after
 * its first frame (the loader is an inline script of the shell's template: shell/src/index.html).
 */
export const AFTER_PAINT_SCRIPTS_ELEMENT_ID = 'outpost-after-paint-scripts';

/** A deferred script of the built template (rsbuild writes them so), with its attributes after src. */
const DEFERRED_SCRIPT = /<script defer src="([^"]+)"((?: fetchpriority="high")?)><\/script>/g;

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

/** A preload of a stylesheet in the built template (rsbuild writes them so). */
const PRELOADED_STYLE = /<link rel="preload" as="style" href="([^"]+)">/g;

/** The shell's first stylesheets: those its built template preloads, by URL. */
export function preloadedStyles(template: string): string[] {
  return [...template.matchAll(PRELOADED_STYLE)].map((match) => match[1] ?? '');
}

/** A stylesheet a page carries: its URL, its text (null: linked instead), and its bundle's name for it. */
export interface CarriedStyle {
  href: string;
  css: string | null;
  /**
   * What the owning build's CSS chunk loader looks the style up by (`data-href`), when not `href`:
   * a remote's loader knows its chunks by their path under the remote's folder
   * ("static/css/async/74.x.css") or by an absolute URL the server cannot know (behind a proxy, a
   * CDN); with `href` it did not find the style and fetched the stylesheet again.
   */
  key?: string;
}

/** A style inline (its text made safe inside <style>) or, without its text, linked. */
function styleTag({ href, css, key }: CarriedStyle): string {
  const name = key !== undefined && SAFE_KEY.test(key) ? key : href;
  if (css === null) return `<link rel="stylesheet" href="${href}"${name === href ? '' : ` data-href="${name}"`}>`;
  // "</style" would end the element: in CSS, "<\/style" reads the same.
  return `<style data-href="${name}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
}

/**
 * A same-origin path: one leading slash (not "//host"), plain file-name characters; a combined
 * script's list of files (script-combo.ts) after it.
 */
const SAFE_SRC = /^\/[A-Za-z0-9._-][A-Za-z0-9._/-]*(\?f=[A-Za-z0-9._/,-]+)?$/;
/** A relative file path of plain file-name characters (a CSS chunk's name in its build). */
const SAFE_KEY = /^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/;

/** What a prerendered first screen adds to the page (prerender/first-screen.ts). */
export interface PrerenderedScreen {
  html: string;
  data: Record<string, unknown>;
  /**
   * Stylesheets the screen needs (the shell's first ones, the owning remote's), by URL, with
   * their text when this server holds it: carried in the page, so nothing stands between its
   * arrival and the first paint; linked otherwise.
   */
  styles: readonly CarriedStyle[];
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
 * In a locale other than English the page carries the messages of its first screen's catalogs
 * (page-catalogs.ts), so the shell fetches no locale chunk before it draws.
 *
 * With a prerendered first screen, the page also carries that screen inside the root (inert:
 * nothing on it works until the shell's first render replaces it), the data it was drawn from
 * (the shell hands it to the page instead of fetching it) and the styles it needs (inline, as
 * `<style data-href>`: the bundler's CSS loader finds a chunk's style there and loads it no
 * more), so it is painted styled as soon as the page arrives. Its scripts (the shell's and the
 * remote's, in the same order) are then neither preloaded nor deferred: they run after the first frame
 * (a JSON list the template's loader reads): a deferred script that has arrived by the end of
 * parsing runs before the browser paints, and the shell's boot held the drawn screen off the
 * screen for 100-150 ms in about half of the loads (issue 27/28: time to table).
 *
 * `styles` (a page with no prerendered screen: a staff page) are carried the same way, the
 * shell's first ones where their preload links stood: two requests fewer on HTTP/1.1's six
 * connections (issue 30: /admin/bans), and the first render is not held up by a stylesheet.
 * A style without its text stays as it was (the preload link, or none for a remote's).
 */
export function shellPage(
  template: string,
  registry: readonly RegistryEntry[],
  scripts: readonly string[],
  screen: PrerenderedScreen | null = null,
  catalogs: PageCatalogs | null = null,
  styles: PrerenderedScreen['styles'] = [],
): string {
  const safe = (src: string) => SAFE_SRC.test(src) && !src.includes('..');
  // The shell's first styles are preload links in the template: replaced where they stand.
  const shellStyles = new Set(preloadedStyles(template));
  const carried = screen ? screen.styles : styles.filter((style) => style.css !== null);
  const data: string[] = [
    `<script type="application/json" id="${REGISTRY_ELEMENT_ID}">${scriptSafeJson(registry)}</script>`,
    ...(catalogs
      ? [`<script type="application/json" id="${PAGE_CATALOGS_ELEMENT_ID}">${scriptSafeJson(catalogs)}</script>`]
      : []),
    ...(screen
      ? [`<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${scriptSafeJson(screen.data)}</script>`]
      : []),
  ];
  const tags: string[] = [
    // Read by the scripts only: with a drawn screen they follow it (below), else <head> has them.
    ...(screen ? [] : data),
    ...carried.filter((style) => safe(style.href) && !shellStyles.has(style.href)).map(styleTag),
    ...(screen ? [] : scripts.filter(safe).map((src) => `<script defer src="${src}"></script>`)),
  ];
  let page = template;
  if (screen) {
    // Every script after the first frame, in the order deferred scripts would have run: the
    // template's own (each a preload where it stood, its fetch priority kept), then the remote's.
    // Not preloaded either: fetching and compiling them while the page is parsed (8 scripts, ~140 KB)
    // held its first frame back by ~26 ms on two cores (108 against 82 ms to the table, the same page
    // served with and without the preloads, 8 loads each); they are asked for right after it.
    const afterPaint: string[] = [];
    page = page.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
      afterPaint.push(src);
      return '';
    });
    afterPaint.push(...scripts.filter(safe));
    data.push(
      `<script type="application/json" id="${AFTER_PAINT_SCRIPTS_ELEMENT_ID}">${scriptSafeJson(afterPaint)}</script>`,
    );
  }
  if (carried.length > 0) {
    // The shell's own first styles, preloaded for its code to apply: applied from the start.
    const known = new Map(carried.map((style) => [style.href, style.css]));
    page = page.replace(PRELOADED_STYLE, (tag, href: string) =>
      // Without a prerendered screen, a style whose text is not here keeps its preload link.
      !screen && !known.has(href) ? tag : styleTag({ href, css: known.get(href) ?? null }),
    );
  }
  if (screen) {
    // A function, not a string: "$&" and the like in the drawn content are text, not patterns.
    // The data after the drawn screen, not in <head>: the browser hands the parser the page in
    // 64 KB pieces, and with ~23 KB of JSON ahead of it the first piece ended before the table, so
    // the first frame was laid out and painted without it (a trace: 16 ms of layout for nothing,
    // the table one frame later). Only the scripts read it, and they run after the first frame.
    page = page.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"><div data-prerendered inert style="display:contents">${screen.html}</div></div>${data.join('')}`,
    );
  }
  const head = page.lastIndexOf('</head>');
  // Deferred scripts and the JSON element work anywhere in the document; <head> lets them start soonest.
  const inserted = tags.join('');
  return head === -1 ? `${page}${inserted}` : `${page.slice(0, head)}${inserted}${page.slice(head)}`;
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
