// VSAS-Bench accuracy A and consistency C (§3.3; digest vsas-bench.md §3–4). A task of N_t seconds has
// a ground-truth caption G_i for every second and the model's response R_i, forward-filled: a second
// without a response (or with a pause, an empty response) takes the latest earlier one, "" before any.
// - A_t = (1/N_t) Σ Judge(G_i, R_i), the judge's binary yes/no; A = mean of A_t over tasks.
// - C_t = (1/N_t) Σ_{i<N_t} (1 − D(R_i, R_{i+1}) + D(G_i, G_{i+1})) — N_t − 1 terms over N_t, as
//   printed — and C = mean of CLIP(C_t, 0, 1). D defaults to a longest-common-substring distance.
// - Overall is uniform over tasks, which makes it the task-count-weighted mean of the Present,
//   Cumulative and Future columns (≈ 0.520 / 0.312 / 0.168 in the paper's tables).
import { plural } from '../plural';
import { asPercent, checked, countWeightedMean, meanAll, meanPresent, type Checked, type Published } from './aggregate';
import type { ScoringContext, TextDistance } from './context';
import { responseTime } from './responses';
import { clock } from './timing';
import type { ItemScore, Judgment, Metrics, ProfileScore, QueryScore, ScoringItem } from './types';

// The DP row and b's character codes, grown as needed and reused: scoring calls this for every second.
let row = new Int32Array(256);
let codes = new Int32Array(256);

/** Length of the longest common substring (contiguous), in UTF-16 units; O(|a|·|b|) time, O(|b|) space. */
export function longestCommonSubstring(a: string, b: string): number {
  if (a === b) return a.length;
  if (!a || !b) return 0;
  const n = b.length;
  if (row.length < n) [row, codes] = [new Int32Array(2 * n), new Int32Array(2 * n)];
  const r = row;
  const bc = codes;
  for (let j = 0; j < n; j++) {
    r[j] = 0;
    bc[j] = b.charCodeAt(j);
  }
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    let diagonal = 0; // the run ending at a[i − 1], b[j − 1]
    for (let j = 0; j < n; j++) {
      const above = r[j]!;
      const run = c === bc[j] ? diagonal + 1 : 0;
      r[j] = run;
      if (run > best) best = run;
      diagonal = above;
    }
  }
  return best;
}

/** The default D: 1 − |LCS| / max(|a|, |b|), so 0 for equal texts and 1 for texts sharing nothing. */
export const lcsDistance: TextDistance = (a, b) => (a === b ? 0 : 1 - longestCommonSubstring(a, b) / Math.max(a.length, b.length));

interface FilledSecond {
  text: string;
  /** When the response shown at this second was given; null before the first. */
  from: number | null;
}

/**
 * R_i for each second (sorted ascending): the last response given during the second, else the latest
 * earlier one; pauses (empty responses) are not responses.
 */
export function forwardFill(seconds: readonly number[], responses: ReadonlyArray<{ t: number; text: string }>): FilledSecond[] {
  const given = responses.filter((r) => r.text.trim() !== '').sort((a, b) => a.t - b.t);
  const filled: FilledSecond[] = [];
  let k = 0;
  let current: FilledSecond = { text: '', from: null };
  for (const s of seconds) {
    while (k < given.length && given[k]!.t < s + 1) {
      current = { text: given[k]!.text, from: given[k]!.t };
      k++;
    }
    filled.push(current);
  }
  return filled;
}

/** C_t as printed (not yet clipped). */
export function taskConsistency(responses: readonly string[], truths: readonly string[], distance: TextDistance = lcsDistance): number | null {
  const n = responses.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n - 1; i++) sum += 1 - distance(responses[i]!, responses[i + 1]!) + distance(truths[i]!, truths[i + 1]!);
  return sum / n;
}

/** The binary verdict; without one, the rubric's rule: tier 3 is yes, tiers 0–1 no, tier 2 undecided. */
export function verdictOf(j: Judgment | null): boolean | null {
  if (!j) return null;
  if (j.verdict) return j.verdict === 'yes';
  return j.score >= 3 ? true : j.score <= 1 ? false : null;
}

/** Overall from per-type means and task counts (uniform over tasks). */
export function vsasOverall(types: ReadonlyArray<{ value: number | null; tasks: number }>, published?: Published): Checked {
  return checked(countWeightedMean(types.map((t) => ({ value: t.value, count: t.tasks }))), published, 'the task-weighted mean of Present, Cumulative and Future');
}

export const VSAS_NOTE =
  'VSAS-Bench: accuracy is the judge\'s yes/no per second against the reference caption, averaged per task; consistency is C_t clipped to [0, 1] (longest-common-substring distance unless another is given); both overalls are uniform over tasks (the paper\'s Tab. 5 row "1" prints Overall 42.0 where its own columns give 32.0, a typo).';

const TASK_TYPES = ['present', 'cumulative', 'future'];
const clip = (v: number | null): number | null => (v === null ? null : Math.min(1, Math.max(0, v)));

export function scoreVsas(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const byType = new Map<string, { accuracy: Array<number | null>; consistency: Array<number | null> }>();
  const scored: ItemScore[] = items.map((item) => {
    const type = item.question.temporalType && TASK_TYPES.includes(item.question.temporalType) ? item.question.temporalType : (item.question.taskCode ?? 'unknown');
    const points = [...item.points].sort((a, b) => a.time - b.time);
    const seconds = points.map((p) => Math.floor(p.time));
    const truths = points.map((p) => (p.answer === null ? '' : String(p.answer)));
    if (truths.every((g) => g === '')) notes.count('no-captions', (n) => `${plural(n, 'task')} had no ground-truth captions: give one point per second, its caption as the answer.`);
    const filled = forwardFill(
      seconds,
      item.responses.map((r) => ({ t: responseTime(r, item), text: r.text })),
    );
    const verdicts: Array<boolean | null> = [];
    const queries: QueryScore[] = filled.map((r, i) => {
      const second = seconds[i]!;
      const judgment = ctx.judgments?.(item.item, 0, second) ?? null;
      const verdict = verdictOf(judgment);
      if (judgment && verdict === null)
        notes.count('tier-2', (n) => `${plural(n, 'judgment')} gave tier 2 without a yes/no verdict; ${n === 1 ? 'that second counts' : 'those seconds count'} as not judged.`);
      verdicts.push(verdict);
      const rule = r.from === null ? 'no response yet (empty)' : Math.floor(r.from) === second ? `response at ${clock(r.from)}` : `carried over from ${clock(r.from)}`;
      return { query: 0, t: second, extracted: r.text, rule, correct: verdict, timing: null };
    });
    const accuracy = meanAll(verdicts.map((v) => (v === null ? null : v ? 1 : 0)));
    if (verdicts.includes(null))
      notes.count(
        'unjudged',
        (n) => `A judge is needed: ${plural(n, 'second')} ${n === 1 ? 'has' : 'have'} no yes/no judgment, so accuracy is null for ${n === 1 ? 'its task' : 'their tasks'} and overall.`,
        verdicts.filter((v) => v === null).length,
      );
    const consistency = clip(
      taskConsistency(
        filled.map((r) => r.text),
        truths,
        ctx.distance,
      ),
    );
    const entry = byType.get(type) ?? { accuracy: [], consistency: [] };
    entry.accuracy.push(accuracy);
    entry.consistency.push(consistency);
    byType.set(type, entry);
    return { item: item.item, category: type, metrics: { accuracy: asPercent(accuracy), consistency: asPercent(consistency) }, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [type, e] of byType) byCategory[type] = { accuracy: asPercent(meanAll(e.accuracy)), consistency: asPercent(meanPresent(e.consistency)) };
  // a task without seconds has no consistency and does not count; a task without judgments makes accuracy unknown
  const overallOf = (m: 'accuracy' | 'consistency') =>
    vsasOverall([...byType.entries()].map(([type, e]) => ({ value: byCategory[type]![m] ?? null, tasks: e[m].filter((v) => m === 'accuracy' || v !== null).length }))).value;
  notes.add(VSAS_NOTE);
  return { overall: { accuracy: overallOf('accuracy'), consistency: overallOf('consistency') }, byCategory, items: scored };
}
