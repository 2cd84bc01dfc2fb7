/** Order statistics of a set of timings. */
export interface Summary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Linear interpolation between the two nearest ranks of an ascending array. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (sorted.length - 1) * fraction;
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
  };
}

export function median(samples: readonly number[]): number {
  return percentile([...samples].sort((a, b) => a - b), 0.5);
}
