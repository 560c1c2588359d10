// Release and paper, both visible (issue 22, rule 4): a run scored by its benchmark's release rules
// is also scored by the paper's (or, scored by the paper's, by the release's), and where the release's
// extractor credits answers by accident (OVO-Bench's `gt in response` finds the C of "(B) SHOW DANCE")
// by a strict one beside it. Each comparison carries its overall and categories (the scoreboard's
// second column) and the items the two score differently: the response, and what each rule read.
import type { AnswerKind } from '../profiles';
import type { ExtractorId } from './extractors';
import { extractorIdFor, scoreRun, type ScoreOptions } from './score';
import type { ItemScore, QueryScore, RuleComparison, RuleDifference, RuleRead, RunScore, ScoringItem, ScoringProfile } from './types';

/** Release rules that credit answers by accident, and the strict rule scored beside them. */
const STRICT_BESIDE: Readonly<Partial<Record<ExtractorId, ExtractorId>>> = { substring: 'strict-letter' };

const KINDS: readonly AnswerKind[] = ['choice', 'number', 'yesno'];

const readOf = (q: QueryScore): RuleRead => ({ extracted: q.extracted, rule: q.rule, correct: q.correct, timing: q.timing });
// reads differ where the score does: the verdict or the timing ("nothing" and "C" are both wrong for B)
const sameRead = (a: RuleRead | null, b: RuleRead | null): boolean => a !== null && b !== null && a.correct === b.correct && a.timing === b.timing;
const sameMetrics = (a: Record<string, number | null>, b: Record<string, number | null>): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? null) === (b[k] ?? null));
};

/** The reads of an item keyed by query point, time and occurrence: a point answered twice is read twice. */
function keyed(queries: readonly QueryScore[]): Map<string, QueryScore> {
  const seen = new Map<string, number>();
  const out = new Map<string, QueryScore>();
  for (const q of queries) {
    const base = `${q.query}|${q.t}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}|${n}`, q);
  }
  return out;
}

/** The items two scores of one run score differently, in the run's item order. */
function differences(items: readonly ScoringItem[], scored: readonly ItemScore[], other: readonly ItemScore[]): RuleDifference[] {
  const out: RuleDifference[] = [];
  scored.forEach((a, i) => {
    const b = other[i];
    const item = items[i];
    if (!b || !item) return;
    const mine = keyed(a.queries);
    const theirs = keyed(b.queries);
    let found = false;
    for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
      const x = mine.get(key) ?? null;
      const y = theirs.get(key) ?? null;
      const [sx, sy] = [x && readOf(x), y && readOf(y)];
      if (sameRead(sx, sy)) continue;
      found = true;
      const q = (x ?? y)!;
      const [occurrence] = key.split('|').slice(2).map(Number);
      const response = item.responses.filter((r) => r.query === q.query && r.t === q.t)[occurrence ?? 0] ?? null;
      out.push({ item: a.item, category: a.category, query: q.query, response: response?.text ?? null, answer: item.points[q.query]?.answer ?? null, scored: sx, other: sy });
    }
    if (!found && !sameMetrics(a.metrics, b.metrics))
      out.push({ item: a.item, category: a.category, query: null, response: null, answer: null, scored: null, other: null, metrics: { scored: a.metrics, other: b.metrics } });
  });
  return out;
}

function comparison(against: RuleComparison['against'], label: string, items: readonly ScoringItem[], score: RunScore, other: RunScore): RuleComparison {
  const diffs = differences(items, score.items, other.items);
  return { against, label, overall: other.overall, byCategory: other.byCategory, differences: diffs, differenceCount: diffs.length };
}

/**
 * The run scored by the other rule set, and strictly where a lenient release rule read it: each beside
 * `score` (the run as scored with `options`), with the items scored differently.
 */
export function compareRules(profile: ScoringProfile, items: readonly ScoringItem[], options: ScoreOptions, score: RunScore): RuleComparison[] {
  const out: RuleComparison[] = [];
  const kinds = new Set(items.map((i) => i.question.answerKind));
  for (const kind of KINDS) {
    if (!kinds.has(kind)) continue;
    const lenient = extractorIdFor(profile, kind, options);
    const strict = lenient ? STRICT_BESIDE[lenient] : undefined;
    // an extractor asked for that reads another kind would be displaced by the strict one: no column then
    if (!lenient || !strict || (options.extractor !== undefined && options.extractor !== lenient)) continue;
    out.push(comparison('strict', `${kind} answers read by ${strict} instead of ${lenient}`, items, score, scoreRun(profile, items, { ...options, extractor: strict })));
  }
  const rules = options.rules === 'paper' ? 'release' : 'paper';
  out.push(comparison(rules, `the ${rules}'s rules`, items, score, scoreRun(profile, items, { ...options, rules })));
  return out;
}
