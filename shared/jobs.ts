// Long work as jobs: what each kind of job is about and what it yields, as one discriminated union,
// so a finished job's result is typed by its kind rather than cast where it is used.
import type { ImportReport, ProjectSummary, ThumbnailManifest } from './domain';
import type { ExportOutcome, ImportOutcomeView } from './exchange';
import type { DraftOutcome, DraftWhat } from './drafting/runs';
import type { ReadinessReport } from './readiness';
import type { RunImportOutcome } from './runs/types';

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

/** Each kind of job: the fields that say what it works on, and its result. */
export interface JobKinds {
  /** Videos imported into the library. */
  import: { subject: Record<never, never>; result: ImportReport };
  /** The 1-FPS filmstrip of one video. */
  thumbnails: { subject: { videoId: string }; result: ThumbnailManifest };
  /** The demo project made on the very first start. */
  demo: { subject: Record<never, never>; result: ProjectSummary };
  /** A benchmark or Tidemark file imported into the project. */
  exchange: { subject: { format: string }; result: ImportOutcomeView };
  /** A format written to a file (after its readiness check). */
  export: { subject: { format: string }; result: ExportOutcome };
  /** The readiness report of a format's questions. */
  readiness: { subject: { format: string }; result: ReadinessReport };
  /** Model drafts of a video: captions, event candidates or candidate questions. */
  drafting: { subject: { videoId: string; what: DraftWhat }; result: DraftOutcome };
  /** The text-only shortcut probe of a profile's questions (all profiles when null). */
  probe: { subject: { profileId: string | null }; result: DraftOutcome };
  /** A model run's file read into the project. */
  'run-import': { subject: Record<never, never>; result: RunImportOutcome };
  /** Free-text answers of runs judged by an LLM judge. */
  judge: { subject: { profileId: string }; result: DraftOutcome };
}
export type JobKind = keyof JobKinds;

interface JobBase {
  id: string;
  label: string;
  state: JobState;
  /** 0..1, or null while the total is unknown. */
  progress: number | null;
  message: string;
  startedAt: string;
}

export type JobOf<K extends JobKind> = JobBase & { kind: K; result?: JobKinds[K]['result'] } & JobKinds[K]['subject'];

export type Job = { [K in JobKind]: JobOf<K> }[JobKind];
