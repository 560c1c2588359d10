// OVO-Bench as its release scores it (JoeLeelyf/OVO-Bench utils/OVOBenchScore.py, OVOBenchOfflineScore;
// checked against that code's numbers in shared/scoring/fixtures/ovo-bench):
// - every response its results hold is scored: a multiple-choice record once, a forward record once per
//   test_info probe; a point answered twice (the same id twice in the results) counts twice, a point
//   with no response is not counted (the release sees only what the results hold), a null response is
//   wrong;
// - multiple choice: `gt in response` (extractor `substring`); REC: every digit joined, compared with
//   the count as text (`ovo-bench-count`); SSR and CRR: exactly "Y"/"N", else "Yes"/"No" in the
//   response (`ovo-bench-yes-no`) — ovo-bench-extractors.ts;
// - accuracy per task; a family (Backward, Real-time, Forward) the mean of its tasks that have
//   responses; the overall the mean of the three families. (score.py stops with a NameError when a
//   family has no results at all; Tidemark then averages the families there are, and says so.)
import { OVO_BENCH_FAMILIES } from '../formats/ovo-bench';
import { plural } from '../plural';
import { meanPresent, percent, tallyAnswer, type Tally } from './aggregate';
import { taxonomyPaths } from './categories';
import type { ScoringContext } from './context';
import { readAnswer, responsesByQuery } from './responses';
import type { ItemScore, Metrics, ProfileScore, QueryScore, ScoringItem } from './types';

const OVO_BENCH_NOTE =
  'OVO-Bench (release utils/OVOBenchScore.py): every response the results hold is scored — a multiple-choice record once, a forward record at each test_info probe; accuracy per task, each family the mean of its tasks with responses, the overall the mean of the families.';

/** The family of a task: from the profile's taxonomy (task under family), else the release's constant.py. */
function familyOf(paths: ReadonlyMap<string, string[]>, task: string): string | null {
  const path = paths.get(task);
  if (path && path.length >= 2) return path[0]!;
  return Object.entries(OVO_BENCH_FAMILIES).find(([, tasks]) => tasks.includes(task))?.[0] ?? null;
}

export function scoreOvoBench(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const paths = taxonomyPaths(ctx.taxonomy);
  const tallies = new Map<string, Tally>();
  const unanswered = new Map<string, number>(); // task → points without a response
  const scored: ItemScore[] = items.map((item) => {
    const task = item.question.taskCode ?? 'uncategorised';
    const extractor = ctx.extractorFor(item.question.answerKind);
    const byQuery = responsesByQuery(item, notes);
    const queries: QueryScore[] = [];
    let correct = 0;
    byQuery.forEach((responses, q) => {
      if (responses.length === 0) {
        unanswered.set(task, (unanswered.get(task) ?? 0) + 1);
        return;
      }
      if (responses.length > 1)
        notes.count('ovo-several', (n) => `${plural(n, 'query point')} answered more than once (an id twice in the results): each response is scored, as the release scores every record.`);
      for (const response of responses) {
        if (!response.list && response.text.trim() === '')
          notes.count('ovo-empty', (n) => `${plural(n, 'response was', 'responses were')} empty or null (a failed call): scored wrong, as the release scores them.`);
        if (response.list)
          notes.count(
            'ovo-list',
            (n) =>
              `${plural(n, 'response was a list', 'responses were lists')} (QWen2VL's results): scored as the release scores them — a letter, "Yes" or "No" must be one of the list's strings; REC reads the digits of its strings, where the release stops with a TypeError.`,
          );
        const read = extractor ? readAnswer(item, q, response, extractor) : null;
        if (read === null || read.correct === null) {
          notes.count('unkeyed', (n) => `${plural(n, 'response')} left out: no answer key, or no extractor for the answer kind.`);
          continue;
        }
        queries.push(read);
        tallyAnswer(tallies, task, read.correct);
        if (read.correct) correct++;
      }
    });
    return { item: item.item, category: task, metrics: { accuracy: percent(correct, queries.length) }, queries };
  });

  const byCategory: Record<string, Metrics> = {};
  const families = new Map<string, number[]>();
  for (const [task, t] of tallies) {
    const accuracy = percent(t.correct, t.total)!;
    byCategory[task] = { accuracy };
    const family = familyOf(paths, task);
    if (family === null) notes.count('ovo-no-family', (n) => `${plural(n, 'task')} outside OVO-Bench's three families left out of the overall.`);
    else families.set(family, [...(families.get(family) ?? []), accuracy]);
  }
  const familyMeans: Array<number | null> = [];
  for (const family of Object.keys(OVO_BENCH_FAMILIES)) {
    const tasks = families.get(family);
    if (!tasks) continue;
    const mean = meanPresent(tasks);
    byCategory[family] = { accuracy: mean };
    familyMeans.push(mean);
  }
  const silent = Object.values(OVO_BENCH_FAMILIES)
    .flat()
    .filter((task) => unanswered.has(task) && !tallies.has(task));
  if (silent.length > 0)
    notes.add(`${silent.join(', ')}: no response in the run; left out of ${silent.length === 1 ? 'its family' : 'their families'}, as the release averages the tasks its results hold.`);
  const answeredElsewhere = [...unanswered].filter(([task]) => tallies.has(task)).reduce((n, [, count]) => n + count, 0);
  if (answeredElsewhere > 0)
    notes.add(
      `${plural(answeredElsewhere, 'query point')} of answered tasks had no response and ${answeredElsewhere === 1 ? 'is' : 'are'} not counted, as the release counts only the records its results hold.`,
    );
  const missing = Object.keys(OVO_BENCH_FAMILIES).filter((f) => !families.has(f));
  if (missing.length > 0 && families.size > 0)
    notes.add(
      `${missing.join(', ')}: no task answered; the overall is ${families.size === 1 ? 'the family' : `the mean of the ${families.size} families`} answered (the release's score.py stops with a NameError here).`,
    );
  notes.add(OVO_BENCH_NOTE);
  return { overall: { accuracy: meanPresent(familyMeans) }, byCategory, items: scored };
}
