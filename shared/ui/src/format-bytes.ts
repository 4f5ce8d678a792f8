import { i18n } from '@outpost/host';

/** The active locale when it is not English: numbers are then Intl's in it (issue 27); English keeps SPEC 9's to the byte. */
const foreign = () => (i18n.locale && i18n.locale !== 'en' ? i18n.locale : null);

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
  const locale = foreign();
  const text =
    unit === 0
      ? String(Math.round(value))
      : locale
        ? value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
        : value.toFixed(decimals);
  return `${sign}${text} ${units[unit]}`;
}

/** A count with thousands separators: 12345 -> '12,345' in English, '12.345' in German, '12 345' in Russian. */
export function formatCount(value: number): string {
  return value.toLocaleString(foreign() ?? 'en-US');
}
