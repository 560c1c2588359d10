// One entry point for scoring a model run against a profile: the services and `tidemark score --json`
// call `scoreRun` and print its RunScore. Every value is a percentage (0–100), as the papers print them;
// null where a metric does not apply, nothing could be read, or a judgment is missing.
//
// How each profile's overall is aggregated (each rule checked against the paper's own numbers in the
// module named):
// - OVO-S-Bench (ovo-s.ts): accuracy per family over its queries → each level the unweighted mean of its
//   families → overall the unweighted mean of the levels, with score.py's pooled accuracy beside
//   (pooledAccuracy). Unreadable answers are wrong, not skipped; a query without a response is not
//   counted (score.py sees only the records a result file holds).
// - VCBench (vcbench.ts): GPA, MoC and UDA per question → mean over questions, per subcategory and
//   overall (question-weighted). Answers read as the release's int() does; what it cannot read is
//   skipped (the paper's B.1; the release's compute_metrics.py stops on it).
// - RTV-Bench (rtv.ts): accuracy per record → per dimension pooled → overall the unweighted mean of the
//   eight dimensions; Score group-aware and pooled over all groups; categories the mean of dimensions.
// - PhoStream (phostream.ts): per question 0 unless answered on time, then judged 0–5 × 20 → Instant,
//   Backward, Forward the means over their questions → overall the mean over all questions
//   (count-weighted); ER / NR / PC shares of forward questions.
// - VSAS-Bench (vsas.ts): per task A_t (judged yes/no per second) and clipped C_t → Present, Cumulative,
//   Future the means over their tasks → overall uniform over tasks (task-count-weighted columns).
// - OVO-Bench, a custom profile of that name (ovo-bench.ts): every response its results hold scored
//   by the release's rules → accuracy per task → each family the mean of its tasks → overall the mean
//   of the families.
// - Custom profiles (custom.ts): accuracy per task code and overall, pooled over query points.
//
// Judged metrics take the caller's judgments; with none they are null and a note says a judge is
// needed. The queries listed per item (the on-time PhoStream answers, the VSAS seconds) say what to judge.
import { BENCHMARKS, benchmarkOf, type BenchmarkId } from '../benchmarks';
import type { AnswerKind } from '../profiles';
import type { ScoringContext, ScoringRules, TextDistance } from './context';
import { scoreCustom } from './custom';
import { EXTRACTORS, type Extractor, type ExtractorId } from './extractors';
import { Notes } from './notes';
import { scoreOvoS } from './ovo-s';
import { scoreOvoBench } from './ovo-bench';
import { scorePhostream } from './phostream';
import { scoreStreamingBench } from './streamingbench';
import { scoreRtv } from './rtv';
import { FORWARD_WINDOW_SECONDS } from './timing';
import type { JudgeLookup, ProfileScore, RunScore, ScoringItem, ScoringProfile } from './types';
import { scoreVcbench } from './vcbench';
import { lcsDistance, scoreVsas } from './vsas';

export interface ScoreOptions {
  /** Read the answers of the kinds it reads (its `kinds`) with this rule instead of the profile's. */
  extractor?: ExtractorId;
  judgments?: JudgeLookup;
  /** PhoStream: how long after T_p a forward answer still counts (the release's --time-window, 2 s). */
  toleranceSeconds?: number;
  /** Where a release and its paper differ (README, per benchmark), whose rule scores; the release's by default. */
  rules?: ScoringRules;
  /** VSAS consistency: the text distance D (longest-common-substring distance by default). */
  distance?: TextDistance;
}

type Scorer = (items: readonly ScoringItem[], ctx: ScoringContext) => ProfileScore;

/** Each benchmark's scorer (its rules: shared/benchmarks.ts). */
const SCORERS: Readonly<Record<BenchmarkId, Scorer>> = {
  'ovo-s-bench': scoreOvoS,
  vcbench: scoreVcbench,
  'rtv-bench': scoreRtv,
  phostream: scorePhostream,
  'vsas-bench': scoreVsas,
  'ovo-bench': scoreOvoBench,
  streamingbench: scoreStreamingBench,
  custom: scoreCustom,
};

/** The extractor a score reads an answer kind with: the one asked for if it reads that kind, else the benchmark's (by its rules). */
export function extractorIdFor(profile: ScoringProfile, kind: AnswerKind, options: Pick<ScoreOptions, 'extractor' | 'rules'>): ExtractorId | undefined {
  if (kind === 'text') return undefined;
  if (options.extractor && EXTRACTORS[options.extractor].kinds.includes(kind)) return options.extractor;
  const benchmark = benchmarkOf(profile);
  const paper = options.rules === 'paper' ? benchmark.paperExtractors?.[kind] : undefined;
  return paper ?? benchmark.extractors[kind] ?? BENCHMARKS.custom.extractors[kind];
}

export function scoreRun(profile: ScoringProfile, items: readonly ScoringItem[], options: ScoreOptions = {}): RunScore {
  const notes = new Notes();
  const used = new Set<Extractor>();
  const asked = options.extractor ? EXTRACTORS[options.extractor] : null;
  const extractorFor = (kind: AnswerKind): Extractor | null => {
    if (kind === 'text') return null; // free text is judged
    // an extractor asked for reads the answer kinds it is made for; the others keep their own rule
    const fits = asked !== null && asked.kinds.includes(kind);
    if (asked && !fits) notes.add(`${asked.id} reads ${asked.kinds.join(' and ')} answers only: ${kind} answers were read with their usual rule.`);
    const id = extractorIdFor(profile, kind, options);
    const extractor = id ? EXTRACTORS[id] : null;
    if (extractor) used.add(extractor);
    return extractor;
  };
  const tolerance = options.toleranceSeconds;
  const forwardSeconds = tolerance !== undefined && Number.isFinite(tolerance) && tolerance >= 0 ? tolerance : FORWARD_WINDOW_SECONDS;
  const score = SCORERS[benchmarkOf(profile).id](items, {
    taxonomy: profile.taxonomy,
    extractorFor,
    judgments: options.judgments ?? null,
    forwardSeconds,
    rules: options.rules ?? 'release',
    distance: options.distance ?? lcsDistance,
    notes,
  });
  for (const e of used) notes.add(`Answers read with ${e.label} (${e.id} v${e.version})${e.brittle ? ', a brittle rule' : ''}.`);
  return { profile: profile.kind, ...score, notes: notes.list() };
}
