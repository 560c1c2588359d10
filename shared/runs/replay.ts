// Replaying a run on the timeline: what each response was, as the scorer saw it — the one it scored
// at each query point (correct, wrong, early, late, or waiting for a judge) and the others — and
// which responses came before their answer was knowable.
import type { QueryPoint, Question } from '../questions';
import type { ItemScore } from '../scoring/types';

const replayVerdicts = ['correct', 'wrong', 'early', 'late', 'judged', 'judge', 'other'] as const;
export type ReplayVerdict = (typeof replayVerdicts)[number];

export interface ReplayResponse {
  id: string;
  questionId: string;
  query: number;
  /** When it was emitted (an offline response: its query time). */
  t: number;
  offline: boolean;
  verdict: ReplayVerdict;
  extracted: string | number | null;
  /** The extraction rule (and step) that read it. */
  rule: string | null;
  /** When the answer became knowable: its question asked, and T_p or the end of its evidence; null without a query point. */
  knowableAt: number | null;
  /** Seconds before `knowableAt` it came; null when not early. */
  early: number | null;
  /** The judge's score and reason, when a judge has judged it. */
  judgment: { score: number; reason: string; verdict?: 'yes' | 'no' } | null;
}

/**
 * The moment an answer can first be known: never before the question is asked (its query time), and
 * not before T_p for a forward question, else the end of its last evidence interval — so an answer
 * given before the question was asked is early whatever the question says of its evidence.
 */
export function knowableAt(question: Pick<Question, 'temporalType'>, point: Pick<QueryPoint, 'time' | 'proactiveTime' | 'evidence'>): number {
  if (question.temporalType === 'forward' && point.proactiveTime !== null) return Math.max(point.time, point.proactiveTime);
  return Math.max(point.time, ...point.evidence.map(([, end]) => end));
}

/** What a scored query says of the response it scored (a judged one: by its judgment). */
export function verdictOf(q: ItemScore['queries'][number], judgment: { verdict?: 'yes' | 'no' } | null = null): ReplayVerdict {
  if (q.timing === 'early') return 'early';
  if (judgment) return judgment.verdict === 'yes' ? 'correct' : judgment.verdict === 'no' ? 'wrong' : 'judged';
  if (q.timing === 'late') return 'late';
  if (q.correct === true) return 'correct';
  if (q.correct === false) return 'wrong';
  return q.extracted === null && q.timing === null ? 'other' : 'judge';
}

/** Seconds a response at `t` came before its answer was knowable, or null. */
export const earlyBy = (t: number, knowable: number | null): number | null => (knowable !== null && t < knowable - 1e-9 ? knowable - t : null);

/** A response that came before its answer was knowable, with its run and where it is. */
export interface EarlyResponse extends ReplayResponse {
  runId: string;
  model: string;
  label: string;
  videoId: string;
  text: string;
}
