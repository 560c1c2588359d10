// The scoreboard's columns beside (issue 22, rule 4): each run's overall as scored next to the same run
// scored strictly (where a lenient release rule read it) and by the other rule set, with how many items
// each scores differently — the items themselves are in each score's `comparisons`.
import type { ScoringRules } from '../scoring/context';
import type { RuleComparison } from '../scoring/types';
import type { RunScoreView } from './types';

interface BesideTable {
  /** Per metric, the column as scored then one per comparison. */
  columns: Array<{ metric: string; against: RuleComparison['against'] | null; header: string }>;
  /** The comparisons, in column order. */
  against: Array<RuleComparison['against']>;
  /** `values` per column; `differing` per comparison (null: the run was not compared so). */
  rows: Array<{ run: string; values: Array<number | null>; differing: Array<number | null> }>;
}

export function besideTable(scores: readonly RunScoreView[], rules: ScoringRules): BesideTable | null {
  const against = [...new Set(scores.flatMap((s) => (s.comparisons ?? []).map((c) => c.against)))];
  if (against.length === 0) return null;
  const metrics = [...new Set(scores.flatMap((s) => Object.keys(s.overall)))];
  const columns = metrics.flatMap((metric) => [{ metric, against: null, header: `${metric} (${rules})` }, ...against.map((a) => ({ metric, against: a, header: `${metric} (${a})` }))]);
  const rows = scores.map((s) => {
    const by = new Map((s.comparisons ?? []).map((c) => [c.against, c]));
    return {
      run: `${s.model} · ${s.label}`,
      values: columns.map((c) => (c.against === null ? s.overall[c.metric] : by.get(c.against)?.overall[c.metric]) ?? null),
      differing: against.map((a) => by.get(a)?.differenceCount ?? null),
    };
  });
  return { columns, against, rows };
}
