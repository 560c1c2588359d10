// RTV-Bench accuracy and the group-aware Score (§3.1; digest rtv-bench.md §4, release compute_score.py).
// - Accuracy per (question, timestamp) record; a dimension's accuracy pools its records.
// - Score: a group passes when all its q0 and all its q1 records are right (a missing one passes); it
//   then earns its right q2 records, else nothing. Score = Σ earned / Σ q2 records, over groups with a q2.
//   A group belongs to the dimension (and perspective) of its first q2; per-dimension Scores pool too.
// - As published: the overall accuracy is the unweighted mean of the eight dimensions (Table 2), the
//   overall Score is the pooled formula, and a category (Perception, Understanding, Reasoning) is the
//   unweighted mean of its dimensions, for both (Tables 3–5).
import type { GroupRole } from '../questions';
import { checked, meanPresent, percent, tallyAnswer, type Checked, type Published, type Tally } from './aggregate';
import { addChild, taxonomyPaths } from './categories';
import type { ScoringContext } from './context';
import { readItem } from './responses';
import type { ItemScore, Metrics, ProfileScore, ScoringItem } from './types';

interface GroupRecord {
  group: string;
  role: GroupRole;
  correct: boolean;
  /** Where the group's Score is reported (its first q2 decides). */
  categories: readonly string[];
}

interface GroupScore {
  /** Pooled over every group with a q2, 0–100. */
  score: number | null;
  /** Per category of the groups' first q2: earned points and q2 records. */
  byCategory: Map<string, { earned: number; q2: number }>;
  groups: number;
}

export function groupScore(records: Iterable<GroupRecord>): GroupScore {
  const groups = new Map<string, { basicsPass: boolean; right: number; q2: number; categories: readonly string[] | null }>();
  for (const r of records) {
    let g = groups.get(r.group);
    if (!g) groups.set(r.group, (g = { basicsPass: true, right: 0, q2: 0, categories: null }));
    if (r.role !== 'q2') g.basicsPass &&= r.correct;
    else {
      g.q2++;
      if (r.correct) g.right++;
      g.categories ??= r.categories;
    }
  }
  let earned = 0;
  let q2 = 0;
  let counted = 0;
  const byCategory = new Map<string, { earned: number; q2: number }>();
  for (const g of groups.values()) {
    if (g.q2 === 0) continue; // only "valid groups (those containing q2)"
    const points = g.basicsPass ? g.right : 0;
    earned += points;
    q2 += g.q2;
    counted++;
    for (const c of g.categories ?? []) {
      const entry = byCategory.get(c) ?? { earned: 0, q2: 0 };
      entry.earned += points;
      entry.q2 += g.q2;
      byCategory.set(c, entry);
    }
  }
  return { score: percent(earned, q2), byCategory, groups: counted };
}

/** Table 2's overall accuracy, and every category value of Tables 3–5: the mean of its dimensions. */
export function meanOfDimensions(values: ReadonlyArray<number | null>, published?: Published): Checked {
  return checked(meanPresent(values), published, 'the unweighted mean of its dimensions');
}

export const RTV_NOTE =
  "RTV-Bench: accuracy per (question, timestamp) record; the overall accuracy is the unweighted mean of the eight dimensions and each category the mean of its dimensions (Tables 2–5). Score is group-aware: a group earns its right q2 answers only if all its q0 and q1 answers are right; the overall Score pools all groups (Table 2), per-dimension Scores pool that dimension's groups.";

export function scoreRtv(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const paths = taxonomyPaths(ctx.taxonomy);
  const tallies = new Map<string, Tally>(); // dimensions and perspectives
  const dimensions = new Set<string>();
  const records: GroupRecord[] = [];
  const dimensionsOf = new Map<string, Set<string>>(); // category (Perception…) → dimensions
  const scored: ItemScore[] = items.map((item) => {
    const dimension = item.question.taskCode ?? 'unknown';
    dimensions.add(dimension);
    const top = paths.get(dimension)?.[0];
    if (top && top !== dimension) addChild(dimensionsOf, top, dimension);
    const perspective = item.question.facets?.perspective;
    const categories = perspective ? [dimension, perspective] : [dimension];
    const { queries, accuracy } = readItem(item, ctx, (correct) => {
      for (const c of categories) tallyAnswer(tallies, c, correct);
      if (item.question.group) records.push({ group: item.question.group.id, role: item.question.group.role, correct, categories });
    });
    return { item: item.item, category: dimension, metrics: { accuracy }, queries };
  });
  const groups = groupScore(records);
  const byCategory: Record<string, Metrics> = {};
  for (const [c, t] of tallies) {
    const g = groups.byCategory.get(c);
    byCategory[c] = { accuracy: percent(t.correct, t.total), score: g ? percent(g.earned, g.q2) : null };
  }
  for (const [top, dims] of dimensionsOf) {
    const of = (m: string) => meanOfDimensions([...dims].map((d) => byCategory[d]?.[m] ?? null)).value;
    byCategory[top] = { accuracy: of('accuracy'), score: of('score') };
  }
  if (groups.groups === 0) notes.add('RTV-Bench: no question group has a q2 question, so there is no Score.');
  notes.add(RTV_NOTE);
  return { overall: { accuracy: meanOfDimensions([...dimensions].map((d) => byCategory[d]?.accuracy ?? null)).value, score: groups.score }, byCategory, items: scored };
}
