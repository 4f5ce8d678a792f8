// Figures of a bench's samples (milliseconds), as the benches that measure one call many times report them.

/** The 95th percentile (nearest rank); Infinity with no samples. */
export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.POSITIVE_INFINITY;
}

/** The median (the upper middle one of an even count); Infinity with no samples. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
}
