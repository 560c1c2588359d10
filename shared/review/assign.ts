// Who reviews what: each item gets `perItem` distinct reviewers, never its author, spreading the
// load evenly. Greedy least-loaded-first keeps loads within one of each other whenever every
// reviewer may take every item; ties go round a rotating order so no reviewer is always first.

interface AssignableItem {
  id: string;
  author: string;
}

interface ReviewerAssignments {
  assignments: Array<{ questionId: string; reviewer: string }>;
  /** Items that got fewer than perItem reviewers (too few reviewers besides the author). */
  short: string[];
}

/**
 * Items are taken in the given order (a repeated id is assigned once); reviewers in the given order,
 * repeats dropped. The same input always gives the same assignments. Names compare exactly.
 */
export function assignReviewers(items: ReadonlyArray<AssignableItem>, reviewers: readonly string[], perItem: number): ReviewerAssignments {
  const people = [...new Set(reviewers)];
  const position = new Map(people.map((p, i) => [p, i]));
  const load = new Map(people.map((p) => [p, 0]));
  const want = Math.max(0, Math.floor(perItem));
  const assignments: ReviewerAssignments['assignments'] = [];
  const short: string[] = [];
  const seen = new Set<string>();
  let start = 0; // where the tie-break order begins; moves past whoever was just picked
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const rank = (p: string): number => (position.get(p)! - start + people.length) % people.length;
    const picked = people
      .filter((p) => p !== item.author)
      .sort((a, b) => load.get(a)! - load.get(b)! || rank(a) - rank(b))
      .slice(0, want);
    for (const reviewer of picked) {
      assignments.push({ questionId: item.id, reviewer });
      load.set(reviewer, load.get(reviewer)! + 1);
    }
    if (picked.length < want) short.push(item.id);
    if (picked.length > 0) start = (position.get(picked[picked.length - 1]!)! + 1) % people.length;
  }
  return { assignments, short };
}
