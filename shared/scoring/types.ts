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
  /** The same run scored by another rule beside this one (compare.ts): a strict extractor, the paper's or the release's rules. */
  comparisons?: RuleComparison[];
}

/** What one rule read of a response. */
export type RuleRead = Pick<QueryScore, 'extracted' | 'rule' | 'correct' | 'timing'>;

/** An item two rules score differently: at a query point (what each read of the response), or only in its metrics. */
export interface RuleDifference {
  item: string;
  category: string;
  /** null: the item's metrics differ with every query point read alike (VCBench's UDA in time order). */
  query: number | null;
  /** The response both rules read (null: none, or an item-level difference). */
  response: string | null;
  answer: string | number | null;
  /** As the run was scored; null where that rule scored no such read. */
  scored: RuleRead | null;
  other: RuleRead | null;
  metrics?: { scored: Metrics; other: Metrics };
}

export interface RuleComparison {
  /** strict: a strict extractor beside a lenient release rule; paper / release: the other rule set. */
  against: 'strict' | 'paper' | 'release';
  label: string;
  overall: Metrics;
  byCategory: Record<string, Metrics>;
  differences: RuleDifference[];
  differenceCount: number;
}

export interface ScoringProfile {
  kind: ProfileKind;
  /** A custom profile's name: a benchmark imported into one is scored by its release's rules (score.ts, CUSTOM_BENCHMARKS). */
  name?: string;
  taxonomy: TaxonomyNode[];
}

/** What one benchmark's scorer returns; `scoreRun` adds the profile kind and the notes. */
export type ProfileScore = Omit<RunScore, 'profile' | 'notes'>;
