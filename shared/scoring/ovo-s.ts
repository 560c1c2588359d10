// OVO-S-Bench accuracy and its macro aggregation (digest ovo-s-bench.md §4, checked against Table 2):
// accuracy per family over its queries; a level is the unweighted mean of its families (a family a
// model cannot run is dropped); the overall is the unweighted mean of the four levels. Beside it,
// `pooledAccuracy`: accuracy over all scored queries of a level and overall, which is what the
// release's score.py prints (its "By Main Category" and "Overall"; Table 2 does not follow it).
// What is counted is what score.py counts (fixtures/ovo-s-bench): every query with a response — one
// the extractor cannot read, or an empty one, is wrong and stays in the denominator (§G.7 says so
// too) — and no query without one: score.py sees only the records a result file holds and skips error
// results (the run reader leaves those out, by line). The paper says nothing of failed calls, so
// --rules paper counts the same. The paper's Human rows do not follow the macro rule; Tidemark does,
// and says so.
import { plural } from '../plural';
import { checked, meanPresent, percent, tallyAnswer, type Checked, type Published, type Tally } from './aggregate';
import { addChild, taxonomyPaths } from './categories';
import type { ScoringContext } from './context';
import { firstResponse, readAnswer, responsesByQuery } from './responses';
import type { ItemScore, Metrics, ProfileScore, QueryScore, ScoringItem } from './types';

export const OVO_S_NOTE =
  "OVO-S-Bench: accuracy per family over its queries; each level is the unweighted mean of its families and the overall the unweighted mean of the levels (Table 2); pooledAccuracy, per level and overall, is over their queries, as the release's score.py prints it. The paper's Human rows are not aggregated this way (its streaming levels average 84.97 where it prints 86.61).";

/** How a query point without a response is scored: not at all, as score.py never sees it. */
export const NOT_COUNTED = 'no response: not counted, as score.py counts only the records a result file holds';

/** A level's accuracy: the mean of its families' accuracies, leaving out families with none. */
export const levelAverage = (families: ReadonlyArray<number | null>): number | null => meanPresent(families);

export function ovoOverall(levels: ReadonlyArray<number | null>, published?: Published): Checked {
  return checked(meanPresent(levels), published, 'the unweighted mean of its level averages');
}

/** Reads each query point that has a response (the first given); `onScored` sees each one scored. */
function readQueries(item: ScoringItem, ctx: ScoringContext, onScored: (correct: boolean) => void): { queries: QueryScore[]; accuracy: number | null } {
  const { notes } = ctx;
  const extractor = ctx.extractorFor(item.question.answerKind);
  const byQuery = responsesByQuery(item, notes);
  let right = 0;
  let scored = 0;
  const queries = item.points.map((_, q): QueryScore => {
    const response = firstResponse(byQuery[q]!, notes);
    if (response === null) {
      notes.count(
        'ovo-s-no-response',
        (n) =>
          `${plural(n, 'query point')} had no response (no record, or an error result left out) and ${n === 1 ? 'is' : 'are'} not counted, as the release's score.py counts only the records it scores.`,
      );
      return { query: q, t: null, extracted: null, rule: NOT_COUNTED, correct: null, timing: null };
    }
    const read = extractor ? readAnswer(item, q, response, extractor) : null;
    if (read === null || read.correct === null) {
      notes.count('unkeyed', (n) => `${plural(n, 'query point')} left out: no answer key, or no extractor for the answer kind.`);
      return read ?? { query: q, t: response.t, extracted: null, rule: null, correct: null, timing: null };
    }
    scored++;
    if (read.correct) right++;
    onScored(read.correct);
    return read;
  });
  return { queries, accuracy: percent(right, scored) };
}

export function scoreOvoS(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const paths = taxonomyPaths(ctx.taxonomy);
  const tallies = new Map<string, Tally>(); // task type and family → its queries
  const pooled = new Map<string, Tally>(); // level → its queries
  const familiesOf = new Map<string, Set<string>>(); // level → families
  const scored: ItemScore[] = items.map((item) => {
    const path = paths.get(item.question.taskCode ?? '') ?? [];
    const [level, family = level] = path;
    const { queries, accuracy } = readQueries(item, ctx, (correct) => {
      if (!level || !family) return;
      tallyAnswer(tallies, path.at(-1)!, correct);
      if (path.length > 2) tallyAnswer(tallies, family, correct);
      tallyAnswer(pooled, level, correct);
    });
    if (level && family) addChild(familiesOf, level, family);
    else notes.count('no-task', (n) => `${plural(n, 'item')} had a task code outside the profile's taxonomy and ${n === 1 ? 'is' : 'are'} left out of the level averages.`);
    return { item: item.item, category: family ?? item.question.taskCode ?? 'unknown', metrics: { accuracy }, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [code, t] of tallies) byCategory[code] = { accuracy: percent(t.correct, t.total) };
  const levels: Array<number | null> = [];
  const all: Tally = { correct: 0, total: 0 };
  for (const [level, families] of familiesOf) {
    const value = levelAverage([...families].map((f) => byCategory[f]?.accuracy ?? null));
    const t = pooled.get(level) ?? { correct: 0, total: 0 };
    byCategory[level] = { accuracy: value, pooledAccuracy: percent(t.correct, t.total) };
    levels.push(value);
    all.correct += t.correct;
    all.total += t.total;
  }
  notes.add(OVO_S_NOTE);
  const pastE = items.filter((item) => item.question.options.F !== undefined || item.question.options.G !== undefined).length;
  if (pastE > 0 && ctx.extractorFor('choice')?.id === 'ovo-s-letter') {
    notes.add(
      `${plural(pastE, 'question')} ${pastE === 1 ? 'offers' : 'offer'} options past E: the release's score.py reads letters A–E only, so an answer F or G is read as none and scored wrong (--rules paper reads A–G, as the paper's §G.7 does).`,
    );
  }
  return { overall: { accuracy: ovoOverall(levels).value, pooledAccuracy: percent(all.correct, all.total) }, byCategory, items: scored };
}
