const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];

export interface FormatBytesOptions {
  /** Base 1024 with KiB, MiB... (default) or base 1000 with kB, MB... */
  binary?: boolean;
  /** Decimals shown above plain bytes; one by default. */
  decimals?: number;
}

/** SPEC 9 byte sizes: base 1024 (KiB) or 1000 (kB), one decimal by default. */
export function formatBytes(bytes: number, { binary = true, decimals = 1 }: FormatBytesOptions = {}): string {
  if (!Number.isFinite(bytes)) return '-';
  const base = binary ? 1024 : 1000;
  const units = binary ? BINARY_UNITS : DECIMAL_UNITS;
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit++;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(decimals);
  return `${sign}${text} ${units[unit]}`;
}

/** A count with thousands separators, the same for every viewer: 12345 -> '12,345'. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
