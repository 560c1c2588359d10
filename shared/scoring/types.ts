// The shapes scoring reads and writes. Scoring is pure: the caller resolves answers (counting answers
// derived from marks, VSAS captions expanded per second) and looks up judgments; this code only
// applies the papers' rules.
import type { ProfileKind, TaxonomyNode } from '../profiles';
import type { QueryPoint, Question } from '../questions';

export interface ScoringResponse {
  /** Index into the item's points (VSAS: ignored, the task has one prompt). */
  query: number;
  /** Emission time in seconds; null = offline, answered at the query time (`prefixEnd`). */
  t: number | null;
  text: string;
  latency?: number;
  /** The strings of a response its results stored as a list (OVO-Bench's QWen2VL files); `text` is them joined by newlines. */
  list?: readonly string[];
}

export interface ScoringItem {
  /** The item id as exported. */
  item: string;
  /**
   * `facets` is optional: it adds the papers' secondary tables (PhoStream scenario, RTV perspective).
   * `videoId` (optional) puts a video's questions together where a release matches one stream of
   * responses across them (PhoStream); items are given in the benchmark file's order.
   */
  question: Pick<Question, 'id' | 'taskCode' | 'answerKind' | 'options' | 'temporalType' | 'group' | 'counting'> & Partial<Pick<Question, 'facets' | 'text' | 'videoId'>>;
  /**
   * Answers already resolved. VSAS: one point per second of the task, `time` the second and
   * `answer` its ground-truth caption.
   */
  points: Array<Pick<QueryPoint, 'time' | 'answer' | 'proactiveTime' | 'evidence' | 'windowStart'>>;
  responses: ScoringResponse[];
}

/** A judge's verdict. PhoStream: `score` 0–5. VSAS: `score` the 0–3 tier, `verdict` the binary yes/no. */
export interface Judgment {
  score: number;
  reason: string;
  verdict?: 'yes' | 'no';
}

/** Judgments the caller already has; `second` is given for VSAS's per-second judgments. */
export type JudgeLookup = (itemId: string, query: number, second?: number) => Judgment | null;

export type Timing = 'early' | 'on-time' | 'late' | 'no-response';

export type Metrics = Record<string, number | null>;

export interface QueryScore {
  query: number;
  t: number | null;
  extracted: string | number | null;
  /** Which rule or step produced `extracted` (shown in the UI). */
  rule: string | null;
  correct: boolean | null;
  timing: Timing | null;
}

export interface ItemScore {
  item: string;
  category: string;
  metrics: Metrics;
  queries: QueryScore[];
}

export interface RunScore {
  profile: ProfileKind;
  overall: Metrics;
  byCategory: Record<string, Metrics>;
  items: ItemScore[];
  notes: string[];
}

export interface ScoringProfile {
  kind: ProfileKind;
  /** A custom profile's name: a benchmark imported into one is scored by its release's rules (score.ts, CUSTOM_BENCHMARKS). */
  name?: string;
  taxonomy: TaxonomyNode[];
}

/** What one benchmark's scorer returns; `scoreRun` adds the profile kind and the notes. */
export type ProfileScore = Omit<RunScore, 'profile' | 'notes'>;
