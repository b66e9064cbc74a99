// Percentiles by nearest rank, in milliseconds rounded to 0.01 (`round`).
export const round = (value) => Math.round(value * 100) / 100;

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((p / 100) * sorted.length) - 1),
  );
  return sorted[rank];
}

/** { n, p50, p90, p99, max } of a list of samples. */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => (sorted.length ? round(percentile(sorted, p)) : null);
  return {
    n: sorted.length,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: sorted.length ? round(sorted[sorted.length - 1]) : null,
  };
}

/** a / b rounded to 0.01, or null when either is missing. */
export function ratio(a, b) {
  return a == null || b == null || b === 0 ? null : round(a / b);
}
