import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The shell's page may carry inline scripts of its own (the theme, set before the first paint):
 * the Content-Security-Policy allows exactly those, by hash, and no other inline script. The
 * hashes come from the template as built, so they follow every change to it.
 */
const allowed = new WeakMap<FastifyRequest, string[]>();

/** CSP source expressions ('sha256-...') of the executable inline scripts in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    // An external script, or data (type="application/json"): nothing inline runs.
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** Allows these inline scripts in the answer to `request` (protection.ts writes the policy). */
export function allowInlineScripts(request: FastifyRequest, hashes: string[]): void {
  allowed.set(request, hashes);
}

export function allowedInlineScripts(request: FastifyRequest): string[] {
  return allowed.get(request) ?? [];
}
