/**
 * The nearest-rank percentile: the smallest of `values` with at least `fraction` of them at or
 * below it (of three values, 0.5 gives the middle one).
 */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);
