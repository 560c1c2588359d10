// OVO-S-Bench accuracy and its macro aggregation (digest ovo-s-bench.md §4, checked against Table 2):
// accuracy per family over its queries; a level is the unweighted mean of its families (a family a
// model cannot run is dropped); the overall is the unweighted mean of the four levels. A response the
// extractor cannot read is wrong and stays in the denominator (§G.7). The paper's Human rows do not
// follow this rule; Tidemark does, and says so.
import { plural } from '../plural';
import { checked, meanPresent, percent, tallyAnswer, type Checked, type Published, type Tally } from './aggregate';
import { addChild, taxonomyPaths } from './categories';
import type { ScoringContext } from './context';
import { readItem } from './responses';
import type { ItemScore, Metrics, ProfileScore, ScoringItem } from './types';

export const OVO_S_NOTE =
  'OVO-S-Bench: accuracy per family over its queries; each level is the unweighted mean of its families and the overall the unweighted mean of the levels (Table 2). The paper\'s Human rows are not aggregated this way (its streaming levels average 84.97 where it prints 86.61).';

/** A level's accuracy: the mean of its families' accuracies, leaving out families with none. */
export const levelAverage = (families: ReadonlyArray<number | null>): number | null => meanPresent(families);

export function ovoOverall(levels: ReadonlyArray<number | null>, published?: Published): Checked {
  return checked(meanPresent(levels), published, 'the unweighted mean of its level averages');
}

export function scoreOvoS(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const paths = taxonomyPaths(ctx.taxonomy);
  const tallies = new Map<string, Tally>();
  const familiesOf = new Map<string, Set<string>>(); // level → families
  const scored: ItemScore[] = items.map((item) => {
    const path = paths.get(item.question.taskCode ?? '') ?? [];
    const [level, family = level] = path;
    const { queries, accuracy } = readItem(item, ctx, (correct) => {
      if (!level || !family) return;
      tallyAnswer(tallies, path.at(-1)!, correct);
      if (path.length > 2) tallyAnswer(tallies, family, correct);
    });
    if (level && family) addChild(familiesOf, level, family);
    else notes.count('no-task', (n) => `${plural(n, 'item')} had a task code outside the profile's taxonomy and ${n === 1 ? 'is' : 'are'} left out of the level averages.`);
    return { item: item.item, category: family ?? item.question.taskCode ?? 'unknown', metrics: { accuracy }, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [code, t] of tallies) byCategory[code] = { accuracy: percent(t.correct, t.total) };
  const levels: Array<number | null> = [];
  for (const [level, families] of familiesOf) {
    const value = levelAverage([...families].map((f) => byCategory[f]?.accuracy ?? null));
    byCategory[level] = { accuracy: value };
    levels.push(value);
  }
  notes.add(OVO_S_NOTE);
  const pastE = items.filter((item) => item.question.options.F !== undefined || item.question.options.G !== undefined).length;
  if (pastE > 0 && ctx.extractorFor('choice')?.id === 'ovo-s-letter') {
    notes.add(`${plural(pastE, 'question')} ${pastE === 1 ? 'offers' : 'offer'} options past E: the release's score.py reads letters A–E only, so an answer F or G is read as none and scored wrong (--rules paper reads A–G, as the paper's §G.7 does).`);
  }
  return { overall: { accuracy: ovoOverall(levels).value }, byCategory, items: scored };
}
