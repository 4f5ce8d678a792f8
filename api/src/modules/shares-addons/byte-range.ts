import type { ByteRange } from '../../storage/storage-driver';

/**
 * An HTTP `Range` header (one range of bytes: `a-b`, `a-` or the suffix `-n`) against a size:
 * the range, 'unsatisfiable' (answer 416), or null to send the whole file (no header, several
 * ranges or another unit, which RFC 9110 lets a server ignore).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
