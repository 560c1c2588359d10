// Dataset statistics for one profile: the count tables the papers print (by category, level, type,
// source), query points per question, video durations, and query-time and evidence-span
// distributions.
import { groupBy } from './collections';
import type { Video } from './domain';
import { taxonomyLeaves, type Profile } from './profiles';
import type { QueryPoint, Question } from './questions';

export interface Distribution {
  count: number;
  min: number;
  median: number;
  mean: number;
  max: number;
  /** Counts per bin of `binWidth` seconds (or items), starting at 0. */
  histogram: number[];
  binWidth: number;
}

export interface DatasetStats {
  profile: string;
  questions: number;
  queryPoints: number;
  videos: number;
  /** Task code → questions. */
  byTaskCode: Record<string, number>;
  /** Top taxonomy node (level, category, dimension) → questions. */
  byTopCategory: Record<string, number>;
  byTemporalType: Record<string, number>;
  /** Facet name → value → questions (RTV perspective, PhoStream scenario…). */
  byFacet: Record<string, Record<string, number>>;
  bySource: Record<string, number>;
  /** Cross table: temporal type × facet value, for tables like PhoStream's scenario × type. */
  temporalByFacet: Record<string, Record<string, Record<string, number>>>;
  queryPointsPerQuestion: Distribution;
  videoDurations: Distribution;
  queryTimes: Distribution;
  evidenceSpans: Distribution;
}

const bump = (table: Record<string, number>, key: string): void => {
  table[key] = (table[key] ?? 0) + 1;
};

export function distribution(values: readonly number[], binWidth: number): Distribution {
  if (values.length === 0) return { count: 0, min: 0, median: 0, mean: 0, max: 0, histogram: [], binWidth };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const histogram: number[] = new Array(Math.floor(sorted.at(-1)! / binWidth) + 1).fill(0);
  for (const v of sorted) histogram[Math.floor(v / binWidth)]!++;
  return {
    count: sorted.length,
    min: sorted[0]!,
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    max: sorted.at(-1)!,
    histogram,
    binWidth,
  };
}

export function datasetStats(input: { profile: Profile; questions: readonly Question[]; queryPoints: readonly QueryPoint[]; videos: readonly Video[] }): DatasetStats {
  const { profile, questions } = input;
  const top = new Map<string, string>();
  for (const { node, path } of taxonomyLeaves(profile.taxonomy)) top.set(node.code, (path[0] ?? node).name);
  const pointsBy = groupBy(input.queryPoints, (p) => p.questionId);
  const videos = new Map(input.videos.map((v) => [v.id, v]));
  const stats: DatasetStats = {
    profile: profile.name,
    questions: questions.length,
    queryPoints: 0,
    videos: new Set(questions.map((q) => q.videoId)).size,
    byTaskCode: {},
    byTopCategory: {},
    byTemporalType: {},
    byFacet: {},
    bySource: {},
    temporalByFacet: {},
    queryPointsPerQuestion: distribution([], 1),
    videoDurations: distribution([], 60),
    queryTimes: distribution([], 60),
    evidenceSpans: distribution([], 1),
  };
  const perQuestion: number[] = [];
  const times: number[] = [];
  const spans: number[] = [];
  for (const q of questions) {
    const points = pointsBy.get(q.id) ?? [];
    stats.queryPoints += points.length;
    perQuestion.push(points.length);
    for (const p of points) {
      times.push(p.time);
      for (const [s, e] of p.evidence) spans.push(e - s);
    }
    bump(stats.byTaskCode, q.taskCode ?? '(none)');
    bump(stats.byTopCategory, q.taskCode ? (top.get(q.taskCode) ?? '(not in taxonomy)') : '(none)');
    bump(stats.byTemporalType, q.temporalType ?? '(none)');
    const source = typeof q.origin?.extra.sourceDataset === 'string' && q.origin.extra.sourceDataset ? q.origin.extra.sourceDataset : (videos.get(q.videoId)?.sourceDataset ?? '(unknown)');
    bump(stats.bySource, source);
    for (const [facet, value] of Object.entries(q.facets)) {
      bump((stats.byFacet[facet] ??= {}), value);
      bump(((stats.temporalByFacet[facet] ??= {})[value] ??= {}), q.temporalType ?? '(none)');
    }
  }
  stats.queryPointsPerQuestion = distribution(perQuestion, 1);
  // a placeholder video's length is not known until it is relinked: left out, not counted as 0
  const durations = [...new Set(questions.map((q) => q.videoId))].map((id) => videos.get(id)?.duration ?? null);
  stats.videoDurations = distribution(
    durations.filter((d): d is number => d !== null),
    60,
  );
  stats.queryTimes = distribution(times, 60);
  stats.evidenceSpans = distribution(spans, 1);
  return stats;
}
