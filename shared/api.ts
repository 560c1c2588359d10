// The one API contract: every call's request schema (validated where requests arrive) and response
// type. Electron IPC and the local HTTP server are two thin transports over the same handlers.
import { z } from 'zod';
import type { ApiMethod } from './api-methods';
import type { FormatInfo } from './exchange';
import type { Job } from './jobs';
import { markInputSchema, type Mark } from './marks';
import { profileDefinitionSchema, type Profile } from './profiles';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question } from './questions';
import { adjudicationFieldsSchema, guidelineFieldsSchema, personName, personRoles, reportGroupings, reviewSubmitSchema, roundFieldsSchema, roundSelectionSchema } from './review/types';
import type { Review } from './reviews';
import type { AdjudicationItem, Adjudication, AgreementReport, GuidelineVersion, PackageImportOutcome, Person, QueueItem, ReviewContext, ReviewRound, RoundPreview, RoundSummary } from './review/types';
import { draftDecisions, draftKinds, type DraftView } from './drafting/drafts';
import { endpointSettingsSchema, type EndpointView } from './drafting/endpoint';
import { draftRunSchema, probeRunSchema, type DraftEstimate } from './drafting/runs';
import type { DraftStats } from './drafting/stats';
import { runFormatIds } from './runs/formats';
import type { EarlyResponse, ReplayResponse } from './runs/replay';
import { runProtocols, type ModelResponse, type ModelRun, type RunScoreView } from './runs/types';
import { scoringRules } from './scoring/context';
import { extractorIds } from './scoring/extractors';
import type { JudgeAgreement, JudgeCheckItem } from './scoring/judge';
import { patchSchema } from './schema-patch';
import type { DatasetStats } from './stats';
import type {
  Caller,
  FfmpegSource,
  ImportReport,
  ProjectSummary,
  ProjectViewState,
  RecentProject,
  Settings,
  ThumbnailManifest,
  Video,
} from './domain';

export { apiMethods, isApiMethod, type ApiMethod } from './api-methods';

const empty = z.object({}).strict();
const judgeRunSchema = z
  .object({
    profileId: z.string().min(1).max(200),
    runIds: z.array(z.string().min(1).max(200)).max(1_000).default([]),
    /** Each answer judged this many times (the spread is reported). */
    repeats: z.number().int().min(1).max(10).default(1),
    budgetUsd: z.number().min(0).max(100_000).nullable().default(null),
  })
  .strict();
const roles = ['annotator', 'reviewer', 'adjudicator', 'researcher', 'lead'] as const;
const id = z.string().min(1).max(200);
const filePath = z.string().min(1).max(4096);
const seconds = z.number().finite().min(0);
/** The most items one bulk call (marks.create, marks.update, marks.remove) may carry. */
export const BULK_LIMIT = 100_000;

export const requestSchemas = {
  'app.info': empty,
  'settings.get': empty,
  'settings.update': z
    .object({
      personName: z.string().trim().min(1).max(100).optional(),
      role: z.enum(roles).optional(),
      ffmpegSource: z.enum(['bundled', 'system']).optional(),
      keymap: z.record(z.string().max(100), z.array(z.string().min(1).max(40)).max(8)).optional(),
    })
    .strict(),
  'projects.recent': empty,
  'projects.current': empty,
  'projects.create': z.object({ path: filePath, name: z.string().trim().min(1).max(200).optional() }).strict(),
  'projects.open': z.object({ path: filePath }).strict(),
  'projects.close': empty,
  'projects.viewState': empty,
  'projects.selectVideo': z.object({ videoId: id.nullable() }).strict(),
  'videos.list': empty,
  'videos.import': z.object({ paths: z.array(filePath).min(1).max(10_000) }).strict(),
  'videos.relink': z.object({ videoId: id, path: filePath }).strict(),
  'videos.remove': z.object({ videoId: id }).strict(),
  'videos.saveView': z
    .object({
      videoId: id,
      position: seconds,
      viewStart: seconds,
      pxPerSec: z.number().finite().positive(),
    })
    .strict(),
  'thumbnails.get': z.object({ videoId: id }).strict(),
  'thumbnails.generate': z.object({ videoId: id }).strict(),
  'jobs.list': empty,
  'jobs.cancel': z.object({ jobId: id }).strict(),
  'dialogs.pick': z
    .object({ kind: z.enum(['openProject', 'saveProject', 'videoFiles', 'videoFolder', 'benchmarkFile', 'benchmarkSaveFile', 'mediaFolder', 'reviewPackageSave', 'reviewPackageOpen']) })
    .strict(),
  'profiles.list': empty,
  'profiles.create': z.object({ name: z.string().trim().min(1).max(200), copyOf: id.nullable().default(null) }).strict(),
  'profiles.update': z.object({ id, definition: profileDefinitionSchema }).strict(),
  'profiles.remove': z.object({ id }).strict(),
  'annotations.load': z.object({ videoId: id }).strict(),
  // the shapes are checked here; the annotation service checks times against the video's length
  'marks.create': z.object({ videoId: id, marks: z.array(markInputSchema).min(1).max(BULK_LIMIT) }).strict(),
  'marks.update': z
    .object({
      changes: z
        .array(z.object({ id, start: seconds.optional(), end: seconds.nullable().optional(), target: z.string().max(200).optional(), data: z.record(z.string(), z.unknown()).optional() }).strict())
        .min(1)
        .max(BULK_LIMIT),
    })
    .strict(),
  'marks.remove': z.object({ ids: z.array(id).min(1).max(BULK_LIMIT) }).strict(),
  'captions.fill': z.object({ videoId: id, target: z.string().max(200), from: seconds, to: seconds, text: z.string().max(10_000) }).strict(),
  'captions.mergeRuns': z.object({ videoId: id, target: z.string().max(200) }).strict(),
  'questions.create': z.object({ videoId: id, fields: questionFieldsSchema.strict(), queryPoints: z.array(queryPointFieldsSchema.strict()).max(1_000).default([]) }).strict(),
  'questions.update': z.object({ id, fields: patchSchema(questionFieldsSchema) }).strict(),
  'questions.remove': z.object({ id }).strict(),
  'queryPoints.create': z.object({ questionId: id, fields: queryPointFieldsSchema.strict() }).strict(),
  'queryPoints.update': z.object({ id, fields: patchSchema(queryPointFieldsSchema) }).strict(),
  'queryPoints.remove': z.object({ id }).strict(),
  'edits.undo': empty,
  'edits.redo': empty,
  'edits.history': empty,
  'exchange.formats': empty,
  'exchange.import': z
    .object({
      path: filePath,
      format: z.string().min(1).max(40),
      mediaDir: filePath.optional(),
      skipInvalid: z.boolean().default(false),
      /** Questions whose benchmark ids the profile already has: left as they are, or updated from the file. */
      existing: z.enum(['skip', 'update']).default('skip'),
    })
    .strict(),
  'exchange.export': z
    .object({
      path: filePath,
      format: z.string().min(1).max(40),
      mediaDir: filePath.optional(),
      force: z.boolean().default(false),
      /** An existing file is written over only when asked (never a Tidemark project, never a folder). */
      overwrite: z.boolean().default(false),
    })
    .strict(),
  'exchange.readiness': z.object({ format: z.string().min(1).max(40) }).strict(),
  'exchange.stats': empty,
  'people.list': empty,
  'people.save': z.object({ name: personName, roles: z.array(z.enum(personRoles)).min(1).max(personRoles.length) }).strict(),
  'people.remove': z.object({ name: personName }).strict(),
  'guidelines.list': empty,
  'guidelines.add': guidelineFieldsSchema.strict(),
  'rounds.list': empty,
  'rounds.preview': z.object({ selection: roundSelectionSchema, reviewers: z.array(personName).max(500).default([]), reviewsPerItem: z.number().int().min(1).max(20).default(1) }).strict(),
  'rounds.open': roundFieldsSchema.omit({ closed: true, guidelineVersion: true }).strict(),
  'rounds.close': z.object({ round: z.number().int().min(1) }).strict(),
  'reviews.queue': z.object({ round: z.number().int().min(1).nullable().default(null) }).strict(),
  'reviews.context': z.object({ questionId: id }).strict(),
  'reviews.submit': reviewSubmitSchema,
  'adjudication.queue': z.object({ round: z.number().int().min(1).nullable().default(null) }).strict(),
  'adjudication.decide': adjudicationFieldsSchema.omit({ guidelineVersion: true }).extend({ questionId: id }).strict(),
  'agreement.report': z.object({ round: z.number().int().min(1).nullable().default(null), by: z.enum(reportGroupings).default('none') }).strict(),
  'packages.export': z.object({ round: z.number().int().min(1), reviewer: personName, path: filePath }).strict(),
  'packages.import': z.object({ path: filePath }).strict(),
  'drafting.endpoint': empty,
  'drafting.configure': patchSchema(endpointSettingsSchema),
  /** Write-only: the key is kept by the main process and never sent back. */
  'drafting.setKey': z.object({ key: z.string().trim().min(1).max(1_000).nullable() }).strict(),
  'drafting.testConnection': empty,
  'drafting.estimate': draftRunSchema,
  'drafting.start': draftRunSchema,
  'drafting.probeEstimate': probeRunSchema,
  'drafting.probe': probeRunSchema,
  'drafts.list': z.object({ videoId: id.nullable().default(null), kind: z.enum(draftKinds).nullable().default(null) }).strict(),
  'drafts.decide': z.object({ ids: z.array(id).min(1).max(BULK_LIMIT), decision: z.enum(draftDecisions) }).strict(),
  'drafts.edit': z.object({ id, text: z.string().trim().min(1).max(2_000) }).strict(),
  'drafts.stats': empty,
  'runs.list': empty,
  'runs.import': z.object({ path: filePath, skipInvalid: z.boolean().default(false), protocol: z.enum(runProtocols).nullable().default(null), format: z.enum(runFormatIds).default('tidemark-run'), model: z.string().trim().min(1).max(200).optional(), tolerance: z.number().finite().min(0).max(60).default(0.5) }).strict(),
  'runs.remove': z.object({ runId: id }).strict(),
  'runs.responses': z.object({ runId: id, videoId: id }).strict(),
  'runs.score': z.object({ profileId: id, runIds: z.array(id).max(1_000).default([]), extractor: z.enum(extractorIds).nullable().default(null), rules: z.enum(scoringRules).default('release') }).strict(),
  'runs.replay': z.object({ runId: id, videoId: id }).strict(),
  'runs.early': z.object({ runIds: z.array(id).max(1_000).default([]) }).strict(),
  'runs.judgeEstimate': judgeRunSchema,
  'runs.judge': judgeRunSchema,
  'runs.judgeCheck': z.object({ profileId: id, size: z.number().int().min(1).max(5_000).default(50), seed: z.number().int().min(0).max(2 ** 31).default(1) }).strict(),
  'runs.judgeAsPerson': z.object({ key: z.string().min(1).max(200_000), score: z.number().int().min(0).max(5), verdict: z.enum(['yes', 'no']).nullable().default(null) }).strict(),
  'runs.judgeAgreement': z.object({ profileId: id }).strict(),
} satisfies Record<ApiMethod, z.ZodType>;

/** Calls whose one array may hold up to BULK_LIMIT items: checked item by item, a slice at a time. */
export const bulkFields = { 'marks.create': 'marks', 'marks.update': 'changes', 'marks.remove': 'ids' } as const satisfies Partial<Record<ApiMethod, string>>;

export type { ExportOutcome, FormatInfo, ImportOutcomeView } from './exchange';
export type { Job, JobKind, JobOf, JobState } from './jobs';

export interface VideoAnnotations {
  marks: Mark[];
  questions: Question[];
  queryPoints: QueryPoint[];
  /**
   * The questions whose answers are withheld from the caller (blind review): their answers come
   * empty and the marks a count derives from are left out, so nothing is to be read from them — an
   * empty answer or a count of 0 here means "not shown", not "none" or "0".
   */
  withheld: string[];
}

export interface EditHistoryEntry {
  seq: number;
  label: string;
  at: string;
  undone: boolean;
}

/** What an undo or redo did, so the UI can say it and reload what it touched. */
export interface AppliedEditSummary {
  label: string;
  videoIds: string[];
  tables: string[];
}

export interface AppInfo {
  version: string;
  mode: 'desktop' | 'browser';
  /** Native file dialogs exist only in the desktop shell; browser mode asks for typed paths. */
  nativeDialogs: boolean;
  dataDir: string;
  caller: Caller;
  ffmpeg: { source: FfmpegSource; ffmpeg: string; ffprobe: string };
}

export interface ApiResponses {
  'app.info': AppInfo;
  'settings.get': Settings;
  'settings.update': Settings;
  'projects.recent': RecentProject[];
  'projects.current': ProjectSummary | null;
  'projects.create': ProjectSummary;
  'projects.open': ProjectSummary;
  'projects.close': null;
  'projects.viewState': ProjectViewState;
  'projects.selectVideo': null;
  'videos.list': Video[];
  'videos.import': { jobId: string };
  'videos.relink': { relinked: Video[] };
  'videos.remove': null;
  'videos.saveView': null;
  'thumbnails.get': { manifest: ThumbnailManifest | null; jobId: string | null };
  'thumbnails.generate': { jobId: string };
  'jobs.list': Job[];
  'jobs.cancel': null;
  'dialogs.pick': { paths: string[] };
  'profiles.list': Profile[];
  'profiles.create': Profile;
  'profiles.update': Profile;
  'profiles.remove': null;
  'annotations.load': VideoAnnotations;
  'marks.create': Mark[];
  'marks.update': Mark[];
  'marks.remove': null;
  'captions.fill': Mark[];
  'captions.mergeRuns': { merged: number };
  'questions.create': { question: Question; queryPoints: QueryPoint[] };
  'questions.update': Question;
  'questions.remove': null;
  'queryPoints.create': QueryPoint;
  'queryPoints.update': QueryPoint;
  'queryPoints.remove': null;
  'edits.undo': AppliedEditSummary | null;
  'edits.redo': AppliedEditSummary | null;
  'edits.history': EditHistoryEntry[];
  'exchange.formats': FormatInfo[];
  'exchange.import': { jobId: string };
  /** Export runs as a job (kind 'export'): its readiness check and writing report progress. */
  'exchange.export': { jobId: string };
  /** The readiness report is made by a job (kind 'readiness'). */
  'exchange.readiness': { jobId: string };
  'exchange.stats': DatasetStats[];
  'people.list': Person[];
  'people.save': Person;
  'people.remove': null;
  'guidelines.list': GuidelineVersion[];
  'guidelines.add': GuidelineVersion;
  'rounds.list': RoundSummary[];
  'rounds.preview': RoundPreview;
  'rounds.open': ReviewRound;
  'rounds.close': ReviewRound;
  /** The caller's assignments (all open rounds, or one), with what is done. */
  'reviews.queue': QueueItem[];
  'reviews.context': ReviewContext;
  'reviews.submit': Review;
  'adjudication.queue': AdjudicationItem[];
  'adjudication.decide': Adjudication;
  'agreement.report': AgreementReport;
  /** A blind review package: a project file holding the reviewer's items without the authors' answers. */
  'packages.export': { path: string; questions: number; videos: number };
  'packages.import': PackageImportOutcome;
  'drafting.endpoint': EndpointView;
  'drafting.configure': EndpointView;
  'drafting.setKey': EndpointView;
  /** The server's models, or an error saying why the endpoint cannot be reached. */
  'drafting.testConnection': { models: string[] };
  /** What a run will take (requests, frames, tokens, dollars) before anything is sent. */
  'drafting.estimate': DraftEstimate;
  'drafting.start': { jobId: string };
  'drafting.probeEstimate': DraftEstimate;
  'drafting.probe': { jobId: string };
  'drafts.list': DraftView[];
  'drafts.decide': { decided: number };
  'drafts.edit': { decided: number };
  'drafts.stats': DraftStats;
  'runs.list': ModelRun[];
  'runs.import': { jobId: string };
  'runs.remove': null;
  /** A run's responses to the questions of one video (for its lane on the timeline). */
  'runs.responses': ModelResponse[];
  /** Each run's score on the profile's questions, as its paper scores it. */
  'runs.score': RunScoreView[];
  /** A run's responses to a video's questions with what the scorer made of each (for its lane). */
  'runs.replay': ReplayResponse[];
  /** Responses that came before their answer was knowable, most premature first. */
  'runs.early': EarlyResponse[];
  /** What judging the runs' free-text answers will take (answers judged before are not asked again). */
  'runs.judgeEstimate': DraftEstimate;
  'runs.judge': { jobId: string };
  /** A seeded sample of what the judge judged, for the caller to judge blind (the judge's verdicts left out). */
  'runs.judgeCheck': JudgeCheckItem[];
  'runs.judgeAsPerson': null;
  /** Cohen's κ between the judge and the people who checked it. */
  'runs.judgeAgreement': JudgeAgreement;
}

export type ApiRequest<M extends ApiMethod> = z.input<(typeof requestSchemas)[M]>;
export type ApiParsedRequest<M extends ApiMethod> = z.output<(typeof requestSchemas)[M]>;

export type ApiErrorCode =
  | 'invalid-request'
  | 'unknown-method'
  | 'no-project'
  | 'not-found'
  | 'conflict'
  | 'unavailable'
  | 'forbidden'
  | 'failed';

export interface ApiError {
  code: ApiErrorCode;
  message: string;
}

/** Errors travel as data: a person-readable message, never a thrown stack across the boundary. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export type { ImportReport };
