// Small statistics helpers shared by the harness and its children.

/** Percentile (0-100) of an ascending-sorted array, nearest rank. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(values: ArrayLike<number>): { n: number; p50: number | null; p90: number | null; p99: number | null; max: number | null; mean: number | null } {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    n: sorted.length,
    p50: round2(percentile(sorted, 50)),
    p90: round2(percentile(sorted, 90)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.length ? sorted[sorted.length - 1]! : null),
    mean: round2(sorted.length ? sum / sorted.length : null),
  };
}

export function round2(x: number | null): number | null {
  return x === null ? null : Math.round(x * 100) / 100;
}

/** Milliseconds on CLOCK_MONOTONIC: the same clock in every process of this machine. */
export function monoMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
