import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageEncoding } from './shell-page';

// A staff page runs some twenty scripts of the shell's and the owning remote's (issue 30:
// /admin/bans): over HTTP/1.1's six connections per host they came in four rounds after the
// page. The page asks for each build's share as one script instead: the files of one
// static/js folder, one after another, as `<folder>/_combo.js?f=<file>,<file>`. Each built
// chunk only registers its modules (a JSONP push; a remote's entry sets its container), so
// running them from one script is running them in that order; the folder is the same, so a
// remote's entry works out its public path from this script's URL as from its own.

/** The pseudo-file a static/js folder's scripts are sent together as. */
export const COMBO_FILE = '_combo.js';
/** A built script's path under its static/js folder ('async/5y.21c45c70fe.js'): plain segments, no dot segments. */
const SCRIPT = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*\.js$/;
const MAX_FILES = 48;
const JS_DIR = '/static/js/';

/**
 * The page's scripts with those of one static/js folder (two or more) asked for as one
 * (COMBO_FILE), in the place of the first of them; others, and those in `standalone`, as they were.
 */
export function combineScripts(all: readonly string[], standalone: readonly string[] = []): string[] {
  const scripts = all.filter((src) => !standalone.includes(src));
  const byFolder = new Map<string, string[]>();
  for (const src of scripts) {
    const at = src.indexOf(JS_DIR);
    const file = at === -1 ? '' : src.slice(at + JS_DIR.length);
    if (!SCRIPT.test(file)) continue;
    const folder = src.slice(0, at + JS_DIR.length);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  const out: string[] = [];
  const placed = new Set<string>();
  for (const src of all) {
    if (standalone.includes(src)) {
      out.push(src);
      continue;
    }
    const at = src.indexOf(JS_DIR);
    const folder = at === -1 ? '' : src.slice(0, at + JS_DIR.length);
    const files = byFolder.get(folder);
    if (!files || files.length < 2 || files.length > MAX_FILES || !SCRIPT.test(src.slice(folder.length))) {
      out.push(src);
    } else if (!placed.has(folder)) {
      placed.add(folder);
      out.push(`${folder}${COMBO_FILE}?f=${files.join(',')}`);
    }
  }
  return out;
}

interface Combo {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}
/** Built files never change under their hashed names: a combo is made once (a few per build). */
const combos = new Map<string, Combo>();
const MAX_COMBOS = 64;

async function makeCombo(jsDir: string, files: string[]): Promise<Combo | null> {
  const key = `${jsDir}?${files.join(',')}`;
  const known = combos.get(key);
  if (known) return known;
  let parts: Buffer[];
  try {
    parts = await Promise.all(files.map((file) => fs.promises.readFile(path.join(jsDir, file))));
  } catch {
    return null;
  }
  // A newline after each: a file ending in a line comment (its source map) does not swallow the next.
  const raw = Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]));
  const combo = {
    raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
  };
  if (combos.size >= MAX_COMBOS) combos.delete(combos.keys().next().value as string);
  combos.set(key, combo);
  return combo;
}

/**
 * Sends `jsDir`'s scripts named by `?f=` one after another (see combineScripts), compressed as
 * accepted; 404 when a name is not a plain built script's or a file is missing (the page's
 * code then loads what it lacks itself, file by file).
 */
export async function sendCombo(request: FastifyRequest, reply: FastifyReply, jsDir: string, shared: boolean) {
  const asked = (request.query as { f?: unknown } | undefined)?.f;
  const files = typeof asked === 'string' ? asked.split(',') : [];
  if (files.length === 0 || files.length > MAX_FILES || !files.every((file) => SCRIPT.test(file))) {
    return reply.callNotFound();
  }
  const combo = await makeCombo(jsDir, files);
  if (!combo) return reply.callNotFound();
  const encoding = request.headers.range === undefined ? pageEncoding(request.headers['accept-encoding']) : null;
  reply
    .type('application/javascript; charset=utf-8')
    // The URL names every file by its content hash: it never changes.
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Vary', 'Accept-Encoding');
  if (shared) reply.header('Access-Control-Allow-Origin', '*');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? combo.br : encoding === 'gzip' ? combo.gzip : combo.raw);
}
