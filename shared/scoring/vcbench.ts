// VCBench metrics (§3.3, App. C; digest vcbench.md §4) over one question's prediction trajectory
// P = [p_1..p_n] against the truth G = [g_1..g_n]:
// - GPA = (1/n) Σ exp(−(p_i − g_i)² / (2σ_i²)), σ_i = 0.05·max(g_i, 1): near zero past 15 % off;
// - MoC = (v − 1)/(n − 1), v the first i with p_{i+1} < p_i (v = n when there is none);
// - UDA = share of steps where sign(p_{i+1} − p_i) = sign(g_{i+1} − g_i).
// Answers that cannot be read as a number are skipped (App. B.1; the release's compute_metrics.py stops
// on them). Overall is question-weighted: the mean over every question the metric applies to (Table
// 2's Overall; the macro mean does not match). P and G run over the query points in the file's order,
// as the release's compute_metrics.py takes them; the paper's rules ("consecutive query points") take
// them in time order — 15 O1-Snap questions of the release's file list theirs out of time order.
import { plural } from '../plural';
import { allowedQueryPoints, isCumulative } from '../counting';
import { countingSubcategories, type CountingSubcategory } from '../profiles';
import { asPercent, checked, meanPresent, weightedMean, type Checked, type Published } from './aggregate';
import { readItem } from './responses';
import type { ItemScore, Metrics, ProfileScore, ScoringItem } from './types';
import type { ScoringContext } from './context';

export function gpa(predictions: readonly number[], truths: readonly number[]): number | null {
  if (predictions.length === 0) return null;
  let sum = 0;
  predictions.forEach((p, i) => {
    const g = truths[i]!;
    const sigma = 0.05 * Math.max(g, 1);
    sum += Math.exp(-((p - g) ** 2) / (2 * sigma ** 2));
  });
  return sum / predictions.length;
}

export function moc(predictions: readonly number[]): number | null {
  const n = predictions.length;
  if (n < 2) return null;
  for (let i = 0; i < n - 1; i++) if (predictions[i + 1]! < predictions[i]!) return i / (n - 1); // v − 1 = i (0-based)
  return 1;
}

export function uda(predictions: readonly number[], truths: readonly number[]): number | null {
  const n = predictions.length;
  if (n < 2) return null;
  let same = 0;
  for (let i = 0; i < n - 1; i++) if (Math.sign(predictions[i + 1]! - predictions[i]!) === Math.sign(truths[i + 1]! - truths[i]!)) same++;
  return same / (n - 1);
}

/** MoC: the cumulative subcategories asked at several points (O2-Unique, E1-*, E2-*). */
export const mocApplies = (s: CountingSubcategory): boolean => isCumulative(s) && allowedQueryPoints(s).max > 1;
/** UDA: every subcategory asked at several points (O1-Snap and the MoC ones); O1-Delta and O2-Gain have one. */
export const udaApplies = (s: CountingSubcategory): boolean => allowedQueryPoints(s).max > 1;

/** Overall from per-subcategory values weighted by their question counts (Table 1 × Table 2). */
export function vcbenchOverall(subcategories: ReadonlyArray<{ value: number | null; questions: number }>, published?: Published): Checked {
  return checked(weightedMean(subcategories.map((s) => ({ value: s.value, weight: s.questions }))), published, 'the question-weighted mean of its subcategories');
}

const METRICS = ['gpa', 'moc', 'uda'] as const;

function subcategoryOf(item: ScoringItem): CountingSubcategory | null {
  const code = item.question.counting?.subcategory ?? item.question.taskCode;
  return (countingSubcategories as readonly string[]).includes(code ?? '') ? (code as CountingSubcategory) : null;
}

export function scoreVcbench(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const values = new Map<string, Record<(typeof METRICS)[number], number[]>>(); // category → metric → question values
  const scored: ItemScore[] = items.map((item) => {
    const sub = subcategoryOf(item);
    const { queries } = readItem(item, ctx);
    const predictions: number[] = [];
    const truths: number[] = [];
    // the points in the file's order (the release's compute_metrics.py), or in time order (the paper's
    // "consecutive query points"): only MoC and UDA, over consecutive points, can differ
    const inTime = item.points.every((p, i) => i === 0 || item.points[i - 1]!.time <= p.time);
    if (!inTime && ctx.rules === 'release')
      notes.count(
        'file-order',
        (n) =>
          `${plural(n, 'question')} ${n === 1 ? 'lists its' : 'list their'} query points out of time order: MoC and UDA take them in the file's order, as the release does (the paper's consecutive points: --rules paper).`,
      );
    // points the model answered at all: the others have no response, which is not an answer that could not be read
    const answered = new Set(item.responses.filter((r) => r.text.trim() !== '').map((r) => r.query));
    const order = queries.map((_, q) => q);
    if (ctx.rules === 'paper') order.sort((a, b) => item.points[a]!.time - item.points[b]!.time);
    order.forEach((q) => {
      const read = queries[q]!;
      const answer = item.points[q]!.answer;
      const g = typeof answer === 'number' ? answer : Number.parseFloat(answer ?? '');
      if (!Number.isFinite(g)) return; // no answer key: counted by readItem
      if (typeof read.extracted !== 'number' && !answered.has(q))
        notes.count('no-response', (n) => `${plural(n, 'query point')} with no response ${n === 1 ? 'was' : 'were'} skipped (nothing to read).`);
      else if (typeof read.extracted !== 'number') notes.count('invalid', (n) => `${plural(n, 'answer')} could not be read as a number and ${n === 1 ? 'was' : 'were'} skipped (invalid, App. B.1).`);
      else {
        predictions.push(read.extracted);
        truths.push(g);
      }
    });
    const metrics: Metrics = {
      gpa: asPercent(gpa(predictions, truths)),
      moc: sub && mocApplies(sub) ? asPercent(moc(predictions)) : null,
      uda: sub && udaApplies(sub) ? asPercent(uda(predictions, truths)) : null,
    };
    const category = sub ?? item.question.taskCode ?? 'unknown';
    if (!sub) notes.count('no-subcategory', (n) => `${plural(n, 'item')} named no VCBench subcategory; MoC and UDA were not computed for them.`);
    let entry = values.get(category);
    if (!entry) values.set(category, (entry = { gpa: [], moc: [], uda: [] }));
    for (const m of METRICS) if (metrics[m] !== null) entry[m].push(metrics[m]!);
    return { item: item.item, category, metrics, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [category, entry] of values) byCategory[category] = Object.fromEntries(METRICS.map((m) => [m, meanPresent(entry[m])]));
  const overall = Object.fromEntries(METRICS.map((m) => [m, vcbenchOverall([...values.values()].map((entry) => ({ value: meanPresent(entry[m]), questions: entry[m].length }))).value]));
  notes.add('VCBench: GPA, MoC and UDA are computed per question and averaged over questions, per subcategory and overall (question-weighted, as Table 2); values are percentages.');
  if (ctx.rules === 'paper') notes.add("MoC and UDA over each question's query points in time order (the paper's consecutive points); the release takes them in the file's order.");
  return { overall, byCategory, items: scored };
}
