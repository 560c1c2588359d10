// Importing a benchmark file into a project and exporting a profile's questions to one. An import
// is one transaction (and one undo step): a file with bad records imports nothing and reports every
// problem as file:line:field, unless the caller chose to skip the invalid ones.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import type { FormatInfo, ImportOutcomeView } from '../../../shared/exchange';
import type { Problem } from '../../../shared/formats/problems';
import type { Caller, Video } from '../../../shared/domain';
import { rowsToItem } from '../../../shared/formats/project-items';
import { exportedBenchmarkIds, withExportedId } from '../../../shared/formats/benchmark-ids';
import type { Profile, ProfileDefinition } from '../../../shared/profiles';
import { findFormat, FORMATS, jsonlLine, readAll, readBytes, type BenchmarkFormat, type LocatedItem, type Reading } from '../../../shared/formats/registry';
import type { ExchangeItem } from '../../../shared/formats/items';
import { groupBy } from '../../../shared/collections';
import { compareMarks, type Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { Pacer } from '../pacer';
import { LineParts } from '../files/text-parts';
import { blindnessOf, redactFor, visibleAnnotations } from '../annotation/policy';
import { builtinProfileId } from '../profiles/builtin';
import { describeReadiness, markKey, questionIssues, readinessContextOf, summarizeReadiness, type ReadinessIssue, type ReadinessReport } from '../../../shared/readiness';
import { datasetStats, type DatasetStats } from '../../../shared/stats';
import { ServiceError } from '../errors';
import { phase as jobPhase, UNWATCHED, type JobControl } from '../jobs/registry';
import { fromStoredPath } from '../media/paths';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { listVideos } from '../videos/library';
import { READ_ONLY_PROJECT } from '../db/project-db';
import { MediaMatcher } from './import-media';
import { entryOf, itemIdentity, presentQuestions, type ImportEntry, type ImportPlan, type WrittenCounts } from './import-edit';
import { IMPORT_CANCELLED, importWriter, type ImportWriter } from './import-edit-runner';
import { exportTidemarkJsonl, importTidemarkJsonl } from './tidemark-jsonl';

interface ImportOptions {
  path: string;
  format: string;
  /** Questions whose benchmark ids the profile already has: left as they are (default), or updated. */
  existing?: 'skip' | 'update';
  /** Folder the file's video paths are relative to (default: the file's folder). */
  mediaDir?: string;
  skipInvalid?: boolean;
}

/** What an import did (or why it did nothing); the same shape the API returns. */
type ImportOutcome = ImportOutcomeView;

function requireReader(id: string): BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>> {
  const format = findFormat(id);
  if (!format?.read) {
    const readable = FORMATS.filter((f) => f.read)
      .map((f) => f.id)
      .join(', ');
    throw new ServiceError('invalid-request', `Cannot import format "${id}"; importable formats: ${readable}.`);
  }
  return format as BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>;
}

/** Reads and checks a file without touching any project (`tidemark validate`); warnings are what its format finds questionable in good records. */
export function validateFile(path: string, formatId: string): { records: number; items: number; problems: Problem[]; warnings: Problem[] } {
  const format = requireReader(formatId);
  const read = readAll(readBytes(format, readFileSync(path), basename(path)));
  return { records: read.records, items: read.items.length, problems: read.problems, warnings: read.warnings ?? [] };
}

function emptyOutcome(file: string, format: string): ImportOutcome {
  return {
    file,
    format,
    records: 0,
    importedQuestions: 0,
    importedMarks: 0,
    importedRows: 0,
    alreadyPresent: 0,
    updated: 0,
    missingMedia: [],
    problems: [],
    warnings: [],
    refused: false,
    reportPath: null,
  };
}

/** Reports a phase of an import and lets other work (a progress poll, a cancel) in; nothing is written before the last one. */
const phase = (control: JobControl, fraction: number, message: string): Promise<void> => jobPhase(control, fraction, message, IMPORT_CANCELLED);

/** The share of a file read between progress reports (and chances to cancel). */
const REPORT_EVERY = 0.05;
/** Records read between chances for other requests to run (a few milliseconds' work). */
const READ_SLICE = 250;

/** Items handed to the writer at a time (a few milliseconds to copy to its thread). */
const HANDOVER = 1000;

/** The reading phase's share of an import's progress (writing goes on meanwhile; its tail is the rest). */
const READ_SHARE = 0.7;

/** How often the writing phase reports how far it got. */
const WRITING_REPORT_MS = 200;

/**
 * Reads a benchmark file into a project as one edit (one undo step). The file is read and checked
 * here, a slice at a time; each checked item goes to the import's writer (import-edit-runner.ts) as
 * soon as its video is matched, which writes it while the rest is read. A file with problems, a
 * failure or a cancel (one that reaches the writer before its commit) rolls it back: nothing is written.
 */
export async function importBenchmarkFile(
  project: Project,
  caller: Caller,
  tools: MediaTools,
  options: ImportOptions,
  control: JobControl = UNWATCHED,
  /** Where the edit is written (tests compare the writer thread with this thread's). */
  writerFor: (project: Project) => Promise<ImportWriter> = importWriter,
): Promise<ImportOutcome> {
  const format = requireReader(options.format);
  const file = basename(options.path);
  if (!existsSync(options.path)) throw new ServiceError('not-found', `No file at ${options.path}.`);
  if (project.store.readOnly) throw new ServiceError('forbidden', READ_ONLY_PROJECT);
  await phase(control, 0, `Reading ${file}`);
  // bytes, not text: lines that are not UTF-8 are problems, never silently U+FFFD
  const reading = readBytes(format, readFileSync(options.path), file);
  // (its thread loads while the file is decoded)
  const loading = writerFor(project);
  try {
    return await readAndWrite(project, caller, tools, options, control, format, reading, loading);
  } finally {
    // refused, cancelled or failed: rolled back (after a commit, this does nothing)
    await (await loading).abort();
  }
}

async function readAndWrite(
  project: Project,
  caller: Caller,
  tools: MediaTools,
  options: ImportOptions,
  control: JobControl,
  format: BenchmarkFormat,
  reading: Reading,
  loading: Promise<ImportWriter>,
): Promise<ImportOutcome> {
  const file = basename(options.path);
  const mediaDir = resolve(options.mediaDir ?? resolve(options.path, '..'));
  let writer: ImportWriter | null = null;
  const media = await MediaMatcher.open(project, tools, mediaDir, file, control.signal, (plan) => writer!.videos(plan));
  const plan = (customProfile: ProfileDefinition | null): ImportPlan => ({
    person: caller.person,
    label: `Import ${file}`,
    existing: options.existing ?? 'skip',
    now: new Date().toISOString(),
    projectDir: project.dir,
    profile: format.profile,
    customProfile,
  });
  // a format with a custom profile makes it from all its items: its writer begins once all are read
  const custom: ExchangeItem[] | null = format.customProfile ? [] : null;
  let began = false;
  // questions the profile has already (the same identity), unless they are to be updated: left as
  // they are, before their videos are matched or checked (looked at again inside the edit, where
  // another import may have added some meanwhile)
  const present = format.customProfile || options.existing === 'update' ? null : await presentIdentities(project, format, file, control);
  let alreadyPresent = 0;
  // read items waiting for their video, in file order (the order they become questions in)
  const waiting: Array<{ located: LocatedItem; identity: string; video: string }> = [];
  let head = 0;
  let outgoing: ImportEntry[] = [];
  const late: Problem[] = [];
  const refusing = (): boolean => !options.skipInvalid && reading.problemCount + media.problems.length + late.length > 0;

  let handed = 0;
  /**
   * Hands over, from the front, up to a batch of the items whose video is matched (at the end, even
   * a part batch); true while more are ready (a slow probe lets many go at once: a batch a call).
   */
  const handOver = (to: ImportWriter, end: boolean): boolean => {
    for (const stop = Math.min(waiting.length, head + HANDOVER); head < stop; head++) {
      const { located, identity, video: path } = waiting[head]!;
      const video = media.video(path);
      if (!video) break;
      // a video whose length is not known yet (a placeholder) is checked once it is relinked
      const after = video.duration === null ? undefined : located.item.points.find((p) => p.time.seconds > video.duration! + 1e-6);
      if (after) late.push({ file, line: located.line, field: 'query time', reason: `${after.time.text || after.time.seconds} is after the end of ${located.item.videoPath} (${video.duration} s)` });
      else outgoing.push(entryOf(identity, located.item, located.rows, path));
    }
    if (head > HANDOVER) {
      waiting.splice(0, head);
      head = 0;
    }
    // a file that will be refused writes nothing more (it is still read to the end, for its problems)
    if (refusing()) outgoing = [];
    if (outgoing.length >= (end ? 1 : HANDOVER)) {
      to.items(outgoing);
      handed += outgoing.length;
      outgoing = [];
      if (!began && !custom) {
        to.begin(plan(null));
        began = true;
      }
    }
    return head < waiting.length && media.video(waiting[head]!.video) !== undefined;
  };

  const pacer = new Pacer();
  for (let reported = 0; ;) {
    const done = reading.step(READ_SLICE);
    const read = reading.drain();
    // the writer is wanted from the first item on (before it, the file was being decoded)
    if (read.length > 0 || done) writer ??= await loading;
    for (const located of read) {
      const identity = itemIdentity(located.item);
      if (present?.has(identity)) {
        alreadyPresent++;
        continue;
      }
      custom?.push(located.item);
      waiting.push({ located, identity, video: media.pathOf(located.item.videoPath) });
    }
    media.probeNew();
    if (writer) while (handOver(writer, false)) await pacer.pace();
    if (done) break;
    // (while the file is decoded, each step yields: the last one joins the whole text, a slice of its own)
    if (read.length === 0) await pacer.yield();
    else if (reading.fraction - reported < REPORT_EVERY) await pacer.pace();
    else {
      reported = reading.fraction;
      await phase(control, READ_SHARE * reported, `Reading ${file}: ${Math.round(100 * reported)}%`);
    }
  }
  const read = reading.result();
  await phase(control, READ_SHARE, `Read ${read.records.toLocaleString('en')} records of ${file}`);
  await media.settled();
  if (control.signal.aborted) throw new DOMException(IMPORT_CANCELLED, 'AbortError');
  const to = writer ?? (await loading);
  while (handOver(to, true)) await pacer.pace();

  const outcome: ImportOutcome = { ...emptyOutcome(file, format.id), records: read.records, alreadyPresent, problems: [...read.problems, ...media.problems, ...late], warnings: read.warnings ?? [] };
  if (refusing()) return { ...outcome, refused: true };
  // every question already there (and no custom profile to make or grow): nothing to write
  if (handed === 0 && !custom) return outcome;
  if (!began) to.begin(plan(custom ? format.customProfile!(custom) : null));
  const counts = await writing(to, control, `Writing ${handed.toLocaleString('en')} questions from ${file}`, handed);
  return { ...outcome, ...counts, alreadyPresent: alreadyPresent + counts.alreadyPresent, missingMedia: counts.onPlaceholders.map(([videoPath, questions]) => ({ videoPath, questions })) };
}

/** The identities of the questions the format's (built-in) profile has, read on a snapshot of their own. */
async function presentIdentities(project: Project, format: BenchmarkFormat, file: string, control: JobControl): Promise<Set<string>> {
  const profileId = builtinProfileId(format.profile);
  if (!(await project.stores.annotation.profileHasQuestions(profileId))) return new Set();
  // (a hundred thousand of them take a while: said, so the wait before reading has a name)
  await phase(control, 0, `Reading ${file}: first the questions the project has`);
  return new Set((await project.snapshot((stores) => presentQuestions(stores.annotation.scan, profileId, format.profile, new Pacer()))).keys());
}

/** Waits for the writer to commit, reporting how far it got; a cancel rolls it back. */
async function writing(writer: ImportWriter, control: JobControl, message: string, items: number): Promise<WrittenCounts> {
  const share = (): number => writer.written / Math.max(1, items);
  const committed = writer.commit();
  let cancelled: (() => void) | null = null;
  const cancel = new Promise<'cancel'>((resolve) => (cancelled = () => resolve('cancel')));
  control.signal.addEventListener('abort', cancelled!, { once: true });
  if (control.signal.aborted) cancelled!();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      control.progress(READ_SHARE + (1 - READ_SHARE) * share(), `${message}: ${Math.round(100 * share())}%`);
      const tick = new Promise<'tick'>((resolve) => (timer = setTimeout(() => resolve('tick'), WRITING_REPORT_MS)));
      const first = await Promise.race([committed, cancel, tick]);
      clearTimeout(timer);
      if (first === 'cancel') {
        await writer.abort();
        // (too late only if the writer had committed: then the import stands, and its outcome says so)
        const counts = await committed.catch(() => null);
        if (counts) return counts;
        throw new DOMException(IMPORT_CANCELLED, 'AbortError');
      }
      if (first !== 'tick') return first;
    }
  } finally {
    clearTimeout(timer);
    control.signal.removeEventListener('abort', cancelled!);
  }
}

/** Relative path of a project video as a file names it: under the media folder when given. */
function videoPathFor(project: Project, relPath: string, mediaDir: string | undefined): string {
  const absolute = fromStoredPath(project.dir, relPath);
  return (mediaDir ? relative(resolve(mediaDir), absolute) : relPath).split(sep).join('/');
}

/** A format that Tidemark writes, or a clear refusal. */
function exportFormat(formatId: string): BenchmarkFormat & Required<Pick<BenchmarkFormat, 'write'>> {
  const format = findFormat(formatId);
  if (!format?.write)
    throw new ServiceError(
      'invalid-request',
      `Cannot export format "${formatId}"; formats: ${FORMATS.filter((f) => f.write)
        .map((f) => f.id)
        .join(', ')}.`,
    );
  return format as BenchmarkFormat & Required<Pick<BenchmarkFormat, 'write'>>;
}

/**
 * Everything a format's export reads, read once (through the caller's policy): its profile's
 * questions, their points by question (sorted by time) and the marks by video and target (sorted).
 */
interface ProfileRows {
  format: BenchmarkFormat;
  profile: Profile;
  questions: Question[];
  pointsBy: Map<string, QueryPoint[]>;
  marksBy: Map<string, Mark[]>;
  /** The library as the snapshot saw it. */
  videos: Video[];
  undecidedMarks: Set<string>;
}

/** Adds each to its group, a slice at a time. */
async function groupInto<T>(groups: Map<string, T[]>, values: readonly T[], key: (value: T) => string, pacer: Pacer): Promise<void> {
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
    await pacer.pace();
  }
}

async function sortGroups<T>(groups: Map<string, T[]>, compare: (a: T, b: T) => number, pacer: Pacer): Promise<void> {
  for (const group of groups.values()) {
    group.sort(compare);
    await pacer.pace();
  }
}

/** Reads them on a snapshot of their own, a slice at a time (a hundred thousand questions never block other requests). */
function profileRows(project: Project, caller: Caller, format: BenchmarkFormat): Promise<ProfileRows> {
  const profileId = builtinProfileId(format.profile);
  return project.snapshot(async (stores) => {
    const pacer = new Pacer();
    const { scan } = stores.annotation;
    const all = await scan.questionsOfProfile(profileId, pacer);
    const pointsBy = new Map<string, QueryPoint[]>();
    const marksBy = new Map<string, Mark[]>();
    const blindness = await blindnessOf(stores, caller);
    const points = await scan.queryPointsOf(new Set(all.map((q) => q.id)), pacer);
    await groupInto(pointsBy, (await redactFor(blindness, { questions: [], queryPoints: points, marks: [] })).queryPoints, (p) => p.questionId, pacer);
    for (const [videoId, questions] of groupBy(all, (q) => q.videoId)) {
      const visible = await redactFor(blindness, { questions, queryPoints: [], marks: await scan.marksOfVideo(videoId, pacer) });
      await groupInto(marksBy, visible.marks, (m) => markKey(m.videoId, m.target), pacer);
    }
    await sortGroups(pointsBy, (a, b) => a.time - b.time || (a.id < b.id ? -1 : 1), pacer);
    await sortGroups(marksBy, compareMarks, pacer);
    const { questions } = await redactFor(blindness, { questions: all, queryPoints: [], marks: [] });
    return {
      format,
      profile: (await stores.profiles.get(profileId))!,
      questions,
      pointsBy,
      marksBy,
      videos: await listVideos(project, stores.videos),
      undecidedMarks: await stores.drafting.undecidedMarks(),
    };
  });
}

/** The readiness of a profile's questions, a slice at a time (a hundred thousand questions never block other requests). */
async function readinessOf(project: Project, rows: ProfileRows, control: JobControl, share = 1): Promise<ReadinessReport> {
  const context = readinessContextOf(rows.profile, rows.questions, rows.videos, rows.pointsBy, rows.marksBy, rows.undecidedMarks);
  const issues: ReadinessIssue[] = [];
  const pacer = new Pacer();
  for (const [i, question] of rows.questions.entries()) {
    issues.push(...questionIssues(context, question));
    if (i % 1000 === 0) {
      control.progress((share * i) / Math.max(1, rows.questions.length), `Checking ${i.toLocaleString('en')} of ${rows.questions.length.toLocaleString('en')} questions`);
      await pacer.pace();
      if (control.signal.aborted) throw new DOMException('Cancelled.', 'AbortError');
    }
  }
  return summarizeReadiness(rows.profile, rows.questions.length, issues);
}

/**
 * The profile's questions as exchange items, in the order they were made (file order for imports),
 * each made as the writer asks for it: a hundred thousand items never sit in memory at once.
 */
function* itemsOf(project: Project, rows: ProfileRows, mediaDir: string | undefined): Generator<{ question: Question; item: ExchangeItem }> {
  const { pointsBy, marksBy } = rows;
  const relPaths = new Map(rows.videos.map((v) => [v.id, v.relPath]));
  // a question with no id (made before ids were given) is written under a free one, never a kept one
  const ids = exportedBenchmarkIds(rows.format.profile, rows.questions);
  for (const [i, q] of rows.questions.entries()) {
    // the marks a question's answers live in: what it counts, or (dense captions) its own captions
    const target = q.counting?.target ?? (rows.profile.rules.denseCaptions ? q.id : null);
    const marks = target === null ? [] : (marksBy.get(markKey(q.videoId, target)) ?? []);
    // the path the imported file used, unless the export names a media folder to be relative to
    const imported = q.origin?.extra.videoPath;
    const path = typeof imported === 'string' && !mediaDir ? imported : videoPathFor(project, relPaths.get(q.videoId)!, mediaDir);
    yield { question: q, item: withExportedId(rowsToItem(q, pointsBy.get(q.id) ?? [], marks, path, rows.format.profile), ids[i] ?? null) };
  }
}

/** The readiness of the questions a format exports (its profile's). */
export async function readinessFor(project: Project, caller: Caller, formatId: string, control: JobControl = UNWATCHED): Promise<ReadinessReport> {
  return readinessOf(project, await profileRows(project, caller, exportFormat(formatId)), control);
}

interface ExportResult {
  /** The file's text in parts (see LineParts): `parts.join('')`. */
  parts: string[];
  items: number;
  readiness: ReadinessReport;
  leftOut: Array<{ questionId: string; reason: string }>;
}

/** Exports a format; refuses (with the readiness report) when the questions are not ready, unless forced. */
export async function exportBenchmark(
  project: Project,
  caller: Caller,
  formatId: string,
  options: { mediaDir?: string; force?: boolean } = {},
  control: JobControl = UNWATCHED,
): Promise<ExportResult> {
  const format = exportFormat(formatId);
  const rows = await profileRows(project, caller, format);
  const readiness = await readinessOf(project, rows, control, 0.5);
  if (!readiness.ready && !options.force) throw new NotReadyError(readiness);
  control.progress(0.5, `Writing ${rows.questions.length.toLocaleString('en')} questions`);
  // forced past lint errors: what the format cannot hold is left out and listed, never written broken
  const suspects = new Set(readiness.issues.filter((i) => i.kind === 'lint-error').map((i) => i.questionId));
  const leftOut: ExportResult['leftOut'] = [];
  let written = 0;
  function* writable(): Generator<ExchangeItem> {
    for (const { question, item } of itemsOf(project, rows, options.mediaDir)) {
      const reason = suspects.has(question.id) ? unwritable(format, item) : null;
      if (reason) leftOut.push({ questionId: question.id, reason });
      else {
        written++;
        yield item;
      }
    }
  }
  const parts = await writeItems(format, writable());
  return { parts, items: written, readiness, leftOut };
}

/**
 * The file's text in parts, the items made and (JSONL) their lines serialised a slice at a time, so
 * a long export never holds other requests.
 */
async function writeItems(format: BenchmarkFormat & Required<Pick<BenchmarkFormat, 'write'>>, items: Iterable<ExchangeItem>): Promise<string[]> {
  const pacer = new Pacer();
  if (!format.records) {
    const all: ExchangeItem[] = [];
    for (const item of items) {
      all.push(item);
      await pacer.pace();
    }
    return [format.write(all)];
  }
  const lines = new LineParts();
  for (const record of format.records(items)) {
    lines.push(jsonlLine(record));
    await pacer.pace();
  }
  return lines.done();
}

/** Why a format cannot hold an item (its own reader would refuse what it writes), or null. */
function unwritable(format: BenchmarkFormat & Required<Pick<BenchmarkFormat, 'write'>>, item: ExchangeItem): string | null {
  const text = format.write([item]);
  if (!text.trim() || text.trim() === '[]') return `a ${format.label} record needs what this question lacks (${item.question.counting ? 'see its lint errors' : 'counting settings'})`;
  if (!format.read) return null;
  const problem = readAll(format.read(text, 'export')).problems[0];
  return problem ? `${format.id} would not read it back: ${problem.field ? `${problem.field}: ` : ''}${problem.reason}` : null;
}

export class NotReadyError extends ServiceError {
  constructor(readonly report: ReadinessReport) {
    super('conflict', `${describeReadiness(report)} Fix the issues or export with --force.`);
  }
}

/** Statistics of every profile that has questions in the project (what the caller may see of them), read a slice at a time. */
export function projectStats(project: Project, caller: Caller): Promise<DatasetStats[]> {
  return project.snapshot(async (stores) => {
    const pacer = new Pacer();
    const videos = await listVideos(project, stores.videos);
    const out: DatasetStats[] = [];
    for (const profile of await stores.profiles.list()) {
      const questions = await stores.annotation.scan.questionsOfProfile(profile.id, pacer);
      if (questions.length === 0) continue;
      let queryPoints: QueryPoint[] = [];
      for (const videoId of new Set(questions.map((q) => q.videoId))) queryPoints = queryPoints.concat(await stores.annotation.scan.queryPointsOfVideo(videoId, pacer));
      const visible = await visibleAnnotations(stores, caller, { questions, queryPoints, marks: [] });
      out.push(datasetStats({ profile, questions: visible.questions, queryPoints: visible.queryPoints, videos }));
      await pacer.pace();
    }
    return out;
  });
}

/** The lossless format: stored rows rather than benchmark items. */
export const LOSSLESS_FORMAT = { id: 'tidemark', label: 'Tidemark JSONL (lossless: profiles, videos, marks, questions, query points, provenance, reviews)' } as const;

/** Every format, the lossless one first, with what Tidemark can do with it. */
export function listFormats(): FormatInfo[] {
  return [
    { id: LOSSLESS_FORMAT.id, label: LOSSLESS_FORMAT.label, profile: 'all', canImport: true, canExport: true },
    ...FORMATS.map((f) => ({ id: f.id, label: f.label, profile: f.profile, canImport: Boolean(f.read), canExport: Boolean(f.write) })),
  ];
}

/** Imports a file in any format; the lossless one reports its rows in the same outcome shape. */
export async function importFile(project: Project, caller: Caller, tools: MediaTools, options: ImportOptions, control?: JobControl): Promise<ImportOutcome> {
  if (!existsSync(options.path)) throw new ServiceError('not-found', `No file at ${options.path}.`);
  if (statSync(options.path).isDirectory()) throw new ServiceError('invalid-request', `${options.path} is a folder; name the file to import.`);
  if (options.format !== LOSSLESS_FORMAT.id) return importBenchmarkFile(project, caller, tools, options, control);
  const r = await importTidemarkJsonl(project, caller, options.path, { skipInvalid: options.skipInvalid ?? false });
  return {
    ...emptyOutcome(r.file, LOSSLESS_FORMAT.id),
    records: r.rows,
    importedQuestions: r.importedQuestions,
    importedMarks: r.importedMarks,
    importedRows: r.imported,
    alreadyPresent: r.alreadyPresent,
    problems: r.problems,
    refused: r.refused,
  };
}

interface ExportedText {
  /** The file's text in parts (see LineParts): `parts.join('')`. */
  parts: string[];
  count: number;
  readiness: ReadinessReport | null;
  /** Questions a forced export left out because its format could not hold them. */
  leftOut: Array<{ questionId: string; reason: string }>;
}

/**
 * Exports any format: the text, how many questions (rows, for the lossless format) it holds, and
 * the readiness report (none for the lossless format, which carries everything as it is). A
 * benchmark format that is not ready throws NotReadyError unless forced.
 */
export async function exportFile(project: Project, caller: Caller, formatId: string, options: { mediaDir?: string; force?: boolean } = {}, control?: JobControl): Promise<ExportedText> {
  if (formatId === LOSSLESS_FORMAT.id) {
    const { parts, rows } = await exportTidemarkJsonl(project, caller);
    return { parts, count: rows, readiness: null, leftOut: [] };
  }
  const { parts, items, readiness, leftOut } = await exportBenchmark(project, caller, formatId, options, control);
  return { parts, count: items, readiness, leftOut };
}
