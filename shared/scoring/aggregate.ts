// The few ways the papers average: plain means over what is present (a family a model could not run is
// dropped, OVO-S), means that need every value (a judged metric with a missing judgment is unknown),
// weighted means (question- or count-weighted overalls), and a check of a computed value against a
// paper's printed one, for the rows that break their own rule.

/** Mean of the values that are present; null when none is. */
export function meanPresent(values: Iterable<number | null>): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}

/** Mean of all values; null when there are none or any is missing. */
export function meanAll(values: readonly (number | null)[]): number | null {
  return values.length === 0 || values.includes(null) ? null : meanPresent(values);
}

/** Σ value·weight / Σ weight over the present values; null when no weight is left. */
export function weightedMean(entries: Iterable<{ value: number | null; weight: number }>): number | null {
  let sum = 0;
  let weight = 0;
  for (const e of entries) {
    if (e.value === null || e.weight <= 0) continue;
    sum += e.value * e.weight;
    weight += e.weight;
  }
  return weight === 0 ? null : sum / weight;
}

/** Σ mean·count / Σ count over groups (an overall from per-type means); unknown if any group is. */
export function countWeightedMean(groups: ReadonlyArray<{ value: number | null; count: number }>): number | null {
  return groups.some((g) => g.value === null && g.count > 0) ? null : weightedMean(groups.map((g) => ({ value: g.value, weight: g.count })));
}

/** Right answers out of answered ones, per category. */
export interface Tally {
  correct: number;
  total: number;
}

export function tallyAnswer(tallies: Map<string, Tally>, key: string, correct: boolean): void {
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = { correct: 0, total: 0 }));
  t.total++;
  if (correct) t.correct++;
}

/** A share as the papers print it, 0–100. */
export const percent = (part: number, whole: number): number | null => (whole === 0 ? null : (100 * part) / whole);

/** A 0–1 metric as the papers print it, 0–100. */
export const asPercent = (share: number | null): number | null => (share === null ? null : 100 * share);

export interface Published {
  /** Which row and column, e.g. "Table 2, Human (streaming), Overall". */
  label: string;
  value: number;
  /** Decimals the paper prints; a difference within half a unit of the last one is rounding. */
  decimals: number;
  /** A wider allowance, when the inputs are themselves rounded printed numbers. */
  tolerance?: number;
}

/** A note when the paper's printed value is not what its own rule gives; null when they agree. */
export function checkPublished(computed: number | null, published: Published | undefined, rule: string): string | null {
  if (!published || computed === null) return null;
  const tolerance = published.tolerance ?? 10 ** -published.decimals / 2;
  if (Math.abs(computed - published.value) <= tolerance + 1e-9) return null;
  return `${published.label}: the paper prints ${published.value.toFixed(published.decimals)}, but ${rule} gives ${computed.toFixed(published.decimals)}; Tidemark follows the rule.`;
}

export interface Checked {
  value: number | null;
  notes: string[];
}

/** A computed aggregate with the note `checkPublished` gives, if any. */
export function checked(value: number | null, published: Published | undefined, rule: string): Checked {
  const note = checkPublished(value, published, rule);
  return { value, notes: note ? [note] : [] };
}
