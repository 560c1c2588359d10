// One entry per benchmark: the rules its release scores by (README, "as its release scores it"), so a
// question's id, the extractor each answer kind is read with, the judge, how a run file names its
// questions, and what the profile's questions must have are looked up here — never by testing a
// profile's kind or name elsewhere. A new benchmark is one entry here and its scorer in
// scoring/score.ts (a Record over these ids: the compiler asks for it).
import type { AnswerKind, ProfileKind } from './profiles';
import type { ExtractorId } from './scoring/extraction';
import { PHOSTREAM_JUDGE, VSAS_JUDGE, type Judge } from './scoring/judge';

export const benchmarkIds = ['ovo-s-bench', 'vcbench', 'rtv-bench', 'phostream', 'vsas-bench', 'ovo-bench', 'streamingbench', 'custom'] as const;
export type BenchmarkId = (typeof benchmarkIds)[number];

/** The custom profiles an import of OVO-Bench / StreamingBench makes, by the name that marks them as that benchmark's. */
export const OVO_BENCH_PROFILE = 'OVO-Bench';
export const STREAMINGBENCH_PROFILE = 'StreamingBench';

type Extractors = Readonly<Partial<Record<AnswerKind, ExtractorId>>>;

export interface Benchmark {
  id: BenchmarkId;
  label: string;
  /** The release whose code the default rules reproduce (repository@commit and its scorer), null where there is none. */
  release: string | null;
  /** The profile it is: a built-in kind, or a custom profile of `customName`. */
  kind: ProfileKind;
  customName?: string;
  /** The record field holding the question's own id in the benchmark's file (null: its questions have none). */
  idField: string | null;
  /**
   * How a run file names a question besides its id: `path-index` "<video_path>#<i>", its place among
   * its video's questions in the export (PhoStream); `path-place` "<video_path>#<n>", its place among
   * its video's questions in the files imported (StreamingBench, whose answers sit in their question).
   */
  runNames: 'id' | 'path-index' | 'path-place';
  /** The extractor each answer kind is read with by default (the release's); free text is judged. */
  extractors: Extractors;
  /** Under `--rules paper`, where the paper reads an answer kind otherwise. */
  paperExtractors?: Extractors;
  /** Its LLM judge, for free-text answers (null: every answer is read by an extraction rule). */
  judge: Judge | null;
  /** Every question counts something (VCBench: each is a counting subtype). */
  counting: boolean;
  /** The release's rules in words, as `score --json` and the scoreboard state them. */
  rules: { timing: string; missing: string; aggregation: string };
}

const ON_QUERY = 'answers are read as given at the query point';

export const BENCHMARKS: Readonly<Record<BenchmarkId, Benchmark>> = {
  'ovo-s-bench': {
    id: 'ovo-s-bench',
    label: 'OVO-S-Bench',
    release: 'InternLM/OVO-S-Bench@709a211 score.py',
    kind: 'ovo-s-bench',
    idField: 'id',
    runNames: 'id',
    // score.py reads A–E; the paper's §G.7 (and the data card's 2–7 options) A–G
    extractors: { choice: 'ovo-s-letter' },
    paperExtractors: { choice: 'ovo-s-letter-paper' },
    judge: null,
    counting: false,
    rules: {
      timing: ON_QUERY,
      missing: 'an error result and a point without a response are not counted (score.py skips them); an empty or unreadable response is wrong',
      aggregation: "accuracy per family, each level the mean of its families, overall the mean of the levels (Table 2); score.py's pooled accuracy beside",
    },
  },
  vcbench: {
    id: 'vcbench',
    label: 'VCBench',
    release: 'buaa-colalab/VCBench@48ab208 eval/unify_results.py + eval/compute_metrics.py',
    kind: 'vcbench',
    idField: 'id',
    runNames: 'id',
    // the release reads int(prediction); the paper's B.1 digits or English number words
    extractors: { number: 'python-int' },
    paperExtractors: { number: 'number' },
    judge: null,
    counting: true,
    rules: {
      timing: `${ON_QUERY}; MoC and UDA over a question's points in the file's order (paper: time order)`,
      missing: 'what int() cannot read is skipped (the release stops on it)',
      aggregation: 'GPA, MoC and UDA per question, the mean over questions per subtype and overall',
    },
  },
  'rtv-bench': {
    id: 'rtv-bench',
    label: 'RTV-Bench',
    release: 'LJungang/RTV-Bench eval',
    kind: 'rtv-bench',
    idField: 'questionID',
    runNames: 'id',
    extractors: { choice: 'rtv-letter' },
    judge: null,
    counting: false,
    rules: {
      timing: ON_QUERY,
      missing: 'an unreadable answer is wrong',
      aggregation: 'accuracy per dimension pooled, overall the mean of the eight dimensions; Score group-aware',
    },
  },
  phostream: {
    id: 'phostream',
    label: 'PhoStream',
    release: 'Lucky-Lance/PhoStream@ed7543d run_stream_eval.py',
    kind: 'phostream',
    idField: null,
    runNames: 'path-index',
    extractors: { choice: 'phostream-objective' },
    judge: PHOSTREAM_JUDGE,
    counting: false,
    rules: {
      timing: 'instant and backward at t_q; forward within [T_p, T_p + 2 s]; a response answers the first open question in file order',
      missing: 'no on-time answer scores 0; placeholders are not answers',
      aggregation: 'the mean over all questions (count-weighted); ER / NR / PC of forward questions',
    },
  },
  'vsas-bench': {
    id: 'vsas-bench',
    label: 'VSAS-Bench',
    release: null,
    kind: 'vsas-bench',
    idField: 'task_id',
    runNames: 'id',
    extractors: {},
    judge: VSAS_JUDGE,
    counting: false,
    rules: {
      timing: 'each second judged against the response then in force (pauses forward-filled)',
      missing: 'a second with no response yet is judged against an empty one',
      aggregation: 'per task accuracy and clipped consistency, uniform over tasks',
    },
  },
  'ovo-bench': {
    id: 'ovo-bench',
    label: 'OVO-Bench',
    release: 'JoeLeelyf/OVO-Bench@c34093f utils/OVOBenchScore.py',
    kind: 'custom',
    customName: OVO_BENCH_PROFILE,
    idField: 'id',
    runNames: 'id',
    // `gt in response`; REC every digit joined; SSR/CRR "Y"/"N" else "Yes"/"No" in the response
    extractors: { choice: 'substring', number: 'ovo-bench-count', yesno: 'ovo-bench-yes-no' },
    judge: null,
    counting: false,
    rules: {
      timing: `${ON_QUERY}; a forward record's probe i answers test_info[i]`,
      missing: 'every response the results hold is scored (a null one is wrong); a point without one is not counted',
      aggregation: 'accuracy per task, each family the mean of its tasks present, overall the mean of the families',
    },
  },
  streamingbench: {
    id: 'streamingbench',
    label: 'StreamingBench',
    release: 'THUNLP-MT/StreamingBench@8929923 src/data/count.py',
    kind: 'custom',
    customName: STREAMINGBENCH_PROFILE,
    idField: null,
    runNames: 'path-place',
    extractors: { choice: 'first-letter' },
    judge: null,
    counting: false,
    rules: {
      timing: `${ON_QUERY}; proactive output within ±2 s of the ground-truth time`,
      missing: 'a question without an answer is left out of the accuracy',
      aggregation: 'accuracy per task, pooled overall',
    },
  },
  custom: {
    id: 'custom',
    label: 'Custom profile',
    release: null,
    kind: 'custom',
    // an import of another benchmark's file keeps its records' `id`
    idField: 'id',
    runNames: 'id',
    // no release to follow: letters A–G, as many as a question may offer
    extractors: { choice: 'ovo-s-letter-paper', number: 'number', yesno: 'yes-no' },
    judge: null,
    counting: false,
    rules: { timing: ON_QUERY, missing: 'an unreadable answer is wrong', aggregation: 'accuracy per task code and overall, pooled over query points' },
  },
};

/** The benchmark a profile is: its kind's, or (a custom profile) the one whose import named it so. */
export function benchmarkOf(profile: { kind: ProfileKind; name?: string }): Benchmark {
  if (profile.kind !== 'custom') return BENCHMARKS[profile.kind];
  return Object.values(BENCHMARKS).find((b) => b.customName !== undefined && b.customName === profile.name) ?? BENCHMARKS.custom;
}
