const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** SPEC 9: byte sizes in base 1024 with one decimal. */
export function formatBytes(bytes: number, decimals = 1): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(decimals)} ${UNITS[unit]}`;
}
