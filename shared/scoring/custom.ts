// Custom profiles have no paper to follow: accuracy per task code and overall, pooled over query points
// (micro), with the extractor for each answer kind. Free-text answers are left to a judge and unscored.
import { percent, tallyAnswer, type Tally } from './aggregate';
import type { ScoringContext } from './context';
import { readItem } from './responses';
import type { ItemScore, Metrics, ProfileScore, ScoringItem } from './types';

export function scoreCustom(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const tallies = new Map<string, Tally>();
  const all: Tally = { correct: 0, total: 0 };
  const scored: ItemScore[] = items.map((item) => {
    const category = item.question.taskCode ?? 'uncategorised';
    const { queries, accuracy } = readItem(item, ctx, (correct) => {
      tallyAnswer(tallies, category, correct);
      all.total++;
      if (correct) all.correct++;
    });
    return { item: item.item, category, metrics: { accuracy }, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [code, t] of tallies) byCategory[code] = { accuracy: percent(t.correct, t.total) };
  ctx.notes.add('Custom profile: accuracy pooled over query points, per task code and overall.');
  return { overall: { accuracy: percent(all.correct, all.total) }, byCategory, items: scored };
}
