// Which stratum a question falls in for sampling and for the agreement report: the taxonomy's top
// level (OVO-S L1–L4, VCBench Object/Event, RTV's three groups) or its task code.
import { taxonomyLeaves, type Profile } from '../profiles';
import type { Question } from '../questions';
import type { StrataKind } from './types';

const NO_TASK = '(no task code)';

type StratumOf = (question: Pick<Question, 'profileId' | 'taskCode'>) => string;

export function strataOf(profiles: readonly Profile[], kind: StrataKind): StratumOf {
  if (kind === 'none') return () => 'all';
  if (kind === 'category') return (q) => q.taskCode ?? NO_TASK;
  const topOf = new Map<string, Map<string, string>>();
  for (const p of profiles) topOf.set(p.id, new Map(taxonomyLeaves(p.taxonomy).map(({ node, path }) => [node.code, (path[0] ?? node).name])));
  return (q) => (q.taskCode === null ? NO_TASK : (topOf.get(q.profileId)?.get(q.taskCode) ?? q.taskCode));
}

/** Task codes a filter prefix takes: the code itself and everything under it in the taxonomy. */
export function matchesTaskPrefix(profiles: readonly Profile[]): (q: Pick<Question, 'profileId' | 'taskCode'>, prefixes: readonly string[]) => boolean {
  const pathsOf = new Map<string, Map<string, string[]>>();
  for (const p of profiles) pathsOf.set(p.id, new Map(taxonomyLeaves(p.taxonomy).map(({ node, path }) => [node.code, [...path.map((n) => n.code), node.code]])));
  return (q, prefixes) => {
    if (prefixes.length === 0) return true;
    if (q.taskCode === null) return false;
    const path = pathsOf.get(q.profileId)?.get(q.taskCode) ?? [q.taskCode];
    return prefixes.some((prefix) => path.includes(prefix));
  };
}
