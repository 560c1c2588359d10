// Importing a benchmark file into a project and exporting a profile's questions to one. An import
// is one transaction (and one undo step): a file with bad records imports nothing and reports every
// problem as file:line:field, unless the caller chose to skip the invalid ones.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import type { FormatInfo, ImportOutcomeView } from '../../../shared/exchange';
import type { Problem } from '../../../shared/formats/json-text';
import type { Caller, Video } from '../../../shared/domain';
import { rowsToItem } from '../../../shared/formats/project-items';
import { OWN_QUESTION_TARGET } from '../../../shared/formats/vsas';
import { taxonomyLeaves, type Profile, type ProfileDefinition } from '../../../shared/profiles';
import { findFormat, FORMATS, jsonlLine, readAll, readBytes, type BenchmarkFormat, type LocatedItem } from '../../../shared/formats/registry';
import { benchmarkIdOf } from '../../../shared/formats/items';
import type { ExchangeItem } from '../../../shared/formats/items';
import { groupBy } from '../../../shared/collections';
import { compareMarks, type Mark } from '../../../shared/marks';
import { questionFieldsSchema, type QueryPoint, type Question } from '../../../shared/questions';
import type { EditTransaction } from '../db/edit-log';
import { Pacer } from '../pacer';
import type { ReadableDb } from '../db/readable';
import { LineParts } from '../files/text-parts';
import { markToRow, pacedReads, queryPointToRow, questionToRow, sliced } from '../annotation/rows';
import { blindnessOf, redactFor, visibleAnnotations } from '../annotation/policy';
import { builtinProfileId, getProfile, listProfiles, profileToRow } from '../profiles/rows';
import { describeReadiness, markKey, questionIssues, readinessContextOf, summarizeReadiness, type ReadinessIssue, type ReadinessReport } from '../../../shared/readiness';
import { datasetStats, type DatasetStats } from '../../../shared/stats';
import { ServiceError } from '../errors';
import { undecidedDraftMarks } from '../drafting/rows';
import { phase as jobPhase, UNWATCHED, type JobControl } from '../jobs/registry';
import { fromStoredPath, toStoredPath } from '../media/paths';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { probeNewVideos } from '../videos/import';
import { placeholderVideoRow, type NewVideo } from '../videos/repo';
import { insertVideos } from '../videos/service';
import { exportTidemarkJsonl, importTidemarkJsonl } from './tidemark-jsonl';

export interface ImportOptions {
  path: string;
  format: string;
  /** Questions whose benchmark ids the profile already has: left as they are (default), or updated. */
  existing?: 'skip' | 'update';
  /** Folder the file's video paths are relative to (default: the file's folder). */
  mediaDir?: string;
  skipInvalid?: boolean;
}

/** What an import did (or why it did nothing); the same shape the API returns. */
export type ImportOutcome = ImportOutcomeView;

function requireReader(id: string): BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>> {
  const format = findFormat(id);
  if (!format?.read) {
    const readable = FORMATS.filter((f) => f.read).map((f) => f.id).join(', ');
    throw new ServiceError('invalid-request', `Cannot import format "${id}"; importable formats: ${readable}.`);
  }
  return format as BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>;
}

/**
 * The custom profile a format's items land in: the one of that name when the project has it (its
 * taxonomy and facet values grown by what the file brings), else a new one — inside the import's edit.
 */
function customProfileFor(tx: EditTransaction, wanted: ProfileDefinition): string {
  const existing = listProfiles(tx.db).find((p) => !p.builtin && p.name === wanted.name);
  if (!existing) {
    const profile: Profile = { ...wanted, id: randomUUID(), builtin: false };
    tx.insert('profiles', profileToRow(profile));
    return profile.id;
  }
  const codes = new Set([...taxonomyLeaves(existing.taxonomy).map((l) => l.node.code), ...existing.taxonomy.map((n) => n.code)]);
  const facets = { ...existing.rules.facets };
  for (const [name, values] of Object.entries(wanted.rules.facets)) facets[name] = [...new Set([...(facets[name] ?? []), ...values])].sort();
  tx.put('profiles', profileToRow({ ...existing, taxonomy: [...existing.taxonomy, ...wanted.taxonomy.filter((n) => !codes.has(n.code))], rules: { ...existing.rules, facets } }));
  return existing.id;
}

/** Reads and checks a file without touching any project (`tidemark validate`). */
export function validateFile(path: string, formatId: string): { records: number; items: number; problems: Problem[] } {
  const format = requireReader(formatId);
  const read = readAll(readBytes(format, readFileSync(path), basename(path)));
  return { records: read.records, items: read.items.length, problems: read.problems };
}

function emptyOutcome(file: string, format: string): ImportOutcome {
  return { file, format, records: 0, importedQuestions: 0, importedMarks: 0, importedRows: 0, alreadyPresent: 0, updated: 0, missingMedia: [], problems: [], refused: false, reportPath: null };
}

/** Reports a phase of an import and lets other work (a progress poll, a cancel) in; nothing is written before the last one. */
const phase = (control: JobControl, fraction: number, message: string): Promise<void> => jobPhase(control, fraction, message, 'Import cancelled; nothing was written.');

/** The share of a file read between progress reports (and chances to cancel). */
const REPORT_EVERY = 0.05;
/** Records read between chances for other requests to run (a few milliseconds' work). */
const READ_SLICE = 250;


export async function importBenchmarkFile(project: Project, caller: Caller, tools: MediaTools, options: ImportOptions, control: JobControl = UNWATCHED): Promise<ImportOutcome> {
  const format = requireReader(options.format);
  const file = basename(options.path);
  if (!existsSync(options.path)) throw new ServiceError('not-found', `No file at ${options.path}.`);
  await phase(control, 0, `Reading ${file}`);
  // bytes, not text: lines that are not UTF-8 are problems, never silently U+FFFD
  const reading = readBytes(format, readFileSync(options.path), file);
  const pacer = new Pacer();
  for (let reported = 0; !reading.step(READ_SLICE); ) {
    if (reading.fraction - reported < REPORT_EVERY) await pacer.pace();
    else {
      reported = reading.fraction;
      await phase(control, 0.4 * reported, `Reading ${file}: ${Math.round(100 * reported)}%`);
    }
  }
  const read = reading.result();
  await phase(control, 0.4, `Read ${read.records.toLocaleString('en')} records of ${file}`);
  const outcome: ImportOutcome = { ...emptyOutcome(file, format.id), records: read.records, problems: [...read.problems] };
  if (outcome.problems.length > 0 && !options.skipInvalid) return { ...outcome, refused: true };

  // questions the profile already has (the same benchmark ids): skipped, or replaced from the file
  // (looked at again inside the edit, where another import may have added some meanwhile)
  const present = await project.store.snapshot((db) => presentQuestions(db, format, read.items, pacer));
  const items = present.size === 0 ? read.items : read.items.filter((located) => {
    if (!present.has(itemIdentity(located.item)) || options.existing === 'update') return true;
    outcome.alreadyPresent++;
    return false;
  });

  // media: by path relative to the media folder; files not yet in the project are probed now and
  // inserted with the questions, in the same edit — a refused import writes nothing at all
  const mediaDir = resolve(options.mediaDir ?? resolve(options.path, '..'));
  const known = new Map<string, { id: string; duration: number | null }>(project.videos.list().map((v) => [project.videos.absolutePath(v), v]));
  // a file names few videos many times over: resolve each name once
  const absolute = new Map<string, string>();
  for (const { item } of items) {
    if (!absolute.has(item.videoPath)) absolute.set(item.videoPath, resolve(mediaDir, item.videoPath));
    await pacer.pace();
  }
  const toProbe = [...new Set(absolute.values())].filter((p) => !known.has(p) && existsSync(p));
  const probed = toProbe.length > 0 ? await probeNewVideos(project, tools, toProbe, { signal: control.signal, progress: (fraction, message) => control.progress(0.4 + 0.3 * (fraction ?? 0), message) }) : null;
  if (probed) {
    for (const failure of probed.report.failed) outcome.problems.push({ file, line: 0, field: 'video', reason: `${failure.path}: ${failure.reason}` });
    const byFingerprint = new Map<string, { id: string; duration: number | null }>(project.videos.list().flatMap((v) => (v.fingerprint ? [[v.fingerprint, v] as const] : [])));
    for (const v of probed.videos) {
      known.set(project.videos.absolutePath(v), v);
      byFingerprint.set(v.fingerprint, v);
    }
    // one video under two names: both names map to the one video
    for (const [path, fingerprint] of probed.sameAs) {
      const same = byFingerprint.get(fingerprint);
      if (same) known.set(path, same);
    }
  }

  // media not found: their questions come in on placeholder videos (one per path), relinked later
  const placeholders = new Map<string, string>();
  const missing = new Map<string, number>();
  for (const { item } of items) {
    await pacer.pace();
    const path = absolute.get(item.videoPath)!;
    if (known.has(path) && !placeholders.has(path)) continue;
    if (!placeholders.has(path)) {
      const id = randomUUID();
      placeholders.set(path, id);
      known.set(path, { id, duration: null });
    }
    missing.set(item.videoPath, (missing.get(item.videoPath) ?? 0) + 1);
  }

  const ready: Array<LocatedItem & { video: string }> = [];
  for (const located of items) {
    const video = known.get(absolute.get(located.item.videoPath)!)!;
    // a video whose length is not known yet (a placeholder) is checked once it is relinked
    const late = video.duration === null ? undefined : located.item.points.find((p) => p.time.seconds > video.duration! + 1e-6);
    if (late) {
      outcome.problems.push({ file, line: located.line, field: 'query time', reason: `${late.time.text || late.time.seconds} is after the end of ${located.item.videoPath} (${video.duration} s)` });
      continue;
    }
    await pacer.pace();
    ready.push({ ...located, video: absolute.get(located.item.videoPath)! });
  }
  outcome.missingMedia = [...missing].map(([videoPath, questions]) => ({ videoPath, questions }));
  if (outcome.problems.length > 0 && !options.skipInvalid) return { ...outcome, refused: true };

  await phase(control, 0.7, `Writing ${ready.length.toLocaleString('en')} questions from ${file}`);
  const now = new Date().toISOString();
  await project.store.edit(caller.person, `Import ${file}`, async (tx) => {
    // the project as it is now (probing took a while; another import may have run meanwhile)
    const videoOf = videoResolver(tx, project, known, probed?.videos ?? [], placeholders, now);
    const presentNow = await presentQuestions(tx.db, format, ready, new Pacer());
    const profileId = format.customProfile ? customProfileFor(tx, format.customProfile(ready.map((r) => r.item))) : builtinProfileId(format.profile);
    // every field of an imported question was written by a person
    const provenance = Object.freeze(Object.fromEntries(Object.keys(questionFieldsSchema.shape).filter((k) => k !== 'profileId').map((k) => [k, 'human' as const])));
    for (const located of ready) {
      const { item, rows } = located;
      const replaces = presentNow.size === 0 ? undefined : presentNow.get(itemIdentity(item));
      if (replaces) outcome.alreadyPresent++;
      if (replaces && options.existing !== 'update') continue;
      const videoId = videoOf(located.video);
      // a published benchmark's items were accepted by its authors; set them back to draft to review them here
      const status = rows.fields.status === 'draft' ? 'accepted' : rows.fields.status;
      const question: Question = { ...rows.fields, status, profileId, id: replaces?.id ?? randomUUID(), videoId, provenance, createdBy: replaces?.createdBy ?? caller.person, updatedAt: now };
      if (replaces) {
        // updated in place (same id, same place in the profile, reviews kept); its points and own marks anew
        const createdAt = tx.db.query<{ created_at: string }>('SELECT created_at FROM questions WHERE id = ?').get(replaces.id)!.created_at;
        removeImportedParts(tx, replaces);
        tx.put('questions', questionToRow(question, createdAt));
        outcome.updated++;
      } else tx.insert('questions', questionToRow(question, now));
      for (const p of rows.points) tx.insert('query_points', queryPointToRow({ ...p, id: randomUUID(), questionId: question.id } as QueryPoint));
      // dense captions belong to their own task: the placeholder target becomes the question's id
      for (const m of rows.marks) tx.insert('marks', markToRow({ ...m, target: m.target === OWN_QUESTION_TARGET ? question.id : m.target, id: randomUUID(), videoId } as Mark));
      outcome.importedQuestions++;
      outcome.importedMarks += rows.marks.length;
      await tx.pace();
    }
  });
  return outcome;
}

/**
 * What makes an imported question the same question again: the benchmark's own id where its format
 * has ids, else (PhoStream, StreamingBench) its video, its text and its first query time.
 */
function identityOf(item: Pick<ExchangeItem, 'profile' | 'extra' | 'videoPath' | 'question'>, firstTime: number | null): string {
  return benchmarkIdOf(item) ?? `${item.videoPath}\u0000${item.question.text}\u0000${firstTime ?? ''}`;
}

const firstTimeOf = (item: ExchangeItem): number | null => (item.points.length ? Math.min(...item.points.map((p) => p.time.seconds)) : null);
const itemIdentity = (item: ExchangeItem): string => identityOf(item, firstTimeOf(item));

/**
 * The profile's questions that came from this format, by their identity (see identityOf), read a
 * slice at a time (a project may hold a hundred thousand of them): on a snapshot before an import's
 * edit, on the writer inside it (sliced reads leave no statement open across a pause).
 */
async function presentQuestions(db: ReadableDb, format: BenchmarkFormat, items: readonly LocatedItem[], pacer: Pacer): Promise<Map<string, Question>> {
  const profileId = format.customProfile
    ? listProfiles(db).find((p) => !p.builtin && p.name === format.customProfile!(items.map((l) => l.item)).name)?.id
    : builtinProfileId(format.profile);
  const present = new Map<string, Question>();
  if (!profileId || items.length === 0) return present;
  const questions = await pacedReads.questionsOfProfile(db, profileId, pacer);
  // every question's first query time, along the points' (question, time) index a slice at a time
  const firstTimes = new Map<string, number>();
  const firstTimeStatement = db.query<{ id: string; t: number }>('SELECT question_id AS id, min(time) AS t FROM query_points WHERE question_id > ? GROUP BY question_id ORDER BY question_id LIMIT ?');
  await sliced((after, limit) => firstTimeStatement.all(after ?? '', limit), (row) => row.id, (row) => firstTimes.set(row.id, row.t), pacer);
  for (const question of questions) {
    if (!question.origin) continue;
    const extra = question.origin.extra;
    const videoPath = typeof extra.videoPath === 'string' ? extra.videoPath : '';
    present.set(identityOf({ profile: format.profile, extra, videoPath, question }, firstTimes.get(question.id) ?? null), question);
    await pacer.pace();
  }
  return present;
}

/**
 * What an imported question brought with it — its query points and the marks of its target (what it
 * counts, or its own captions) — removed before its file brings them again. The file is the source
 * of that target's marks: another question counting the same target reads the file's marks after.
 */
function removeImportedParts(tx: EditTransaction, question: Question): void {
  const ownTarget = question.counting?.target ?? question.id;
  tx.removeWhere('query_points', 'question_id', question.id);
  for (const { id } of tx.db.query<{ id: string }>('SELECT id FROM marks WHERE video_id = ? AND target = ?').all(question.videoId, ownTarget)) tx.remove('marks', id);
}

/**
 * Inside the import's edit: the video id for each path the file names — a video the project has
 * (still), a probed file (or the video it turned out to be, if another import brought it
 * meanwhile), or a placeholder (reused when one for that path exists by now). Rows are inserted the
 * first time a path is asked for.
 */
function videoResolver(tx: EditTransaction, project: Project, known: ReadonlyMap<string, { id: string }>, probed: readonly NewVideo[], placeholders: ReadonlyMap<string, string>, now: string): (path: string) => string {
  const probedByPath = new Map(probed.map((v) => [project.videos.absolutePath(v), v]));
  const resolved = new Map<string, string>();
  const byFingerprint = (fingerprint: string) => tx.db.query<{ id: string }>('SELECT id FROM videos WHERE fingerprint = ?').get(fingerprint)?.id;
  const byPath = (relPath: string) => tx.db.query<{ id: string }>('SELECT id FROM videos WHERE rel_path = ?').get(relPath)?.id;
  const placeholder = (path: string, id: string): string => {
    const relPath = toStoredPath(project.dir, path);
    const existing = byPath(relPath);
    if (existing) return existing;
    tx.insert('videos', placeholderVideoRow(id, basename(path), relPath, now));
    return id;
  };
  const probedPaths = new Map(probed.map((v) => [v.id, project.videos.absolutePath(v)]));
  const resolve = (path: string): string => {
    let id = resolved.get(path);
    if (id) return id;
    const video = probedByPath.get(path);
    const planned = known.get(path);
    // a second name of a file probed in this import: the id of what that file became
    if (!video && planned && probedPaths.has(planned.id)) return resolve(probedPaths.get(planned.id)!);
    if (video) {
      id = byFingerprint(video.fingerprint);
      if (!id) {
        insertVideos(tx, [video]);
        id = video.id;
      }
    } else if (placeholders.has(path)) id = placeholder(path, placeholders.get(path)!);
    else if (planned && tx.get('videos', planned.id)) id = planned.id;
    else id = placeholder(path, randomUUID()); // removed meanwhile: its questions wait on a placeholder
    resolved.set(path, id);
    return id;
  };
  return resolve;
}

/** Relative path of a project video as a file names it: under the media folder when given. */
function videoPathFor(project: Project, relPath: string, mediaDir: string | undefined): string {
  const absolute = fromStoredPath(project.dir, relPath);
  return (mediaDir ? relative(resolve(mediaDir), absolute) : relPath).split(sep).join('/');
}

/** A format that Tidemark writes, or a clear refusal. */
function exportFormat(formatId: string): BenchmarkFormat & Required<Pick<BenchmarkFormat, 'write'>> {
  const format = findFormat(formatId);
  if (!format?.write) throw new ServiceError('invalid-request', `Cannot export format "${formatId}"; formats: ${FORMATS.filter((f) => f.write).map((f) => f.id).join(', ')}.`);
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
  return project.store.snapshot(async (db) => {
    const pacer = new Pacer();
    const all = await pacedReads.questionsOfProfile(db, profileId, pacer);
    const pointsBy = new Map<string, QueryPoint[]>();
    const marksBy = new Map<string, Mark[]>();
    const blindness = blindnessOf(db, caller);
    const points = await pacedReads.queryPointsOf(db, new Set(all.map((q) => q.id)), pacer);
    await groupInto(pointsBy, redactFor(blindness, { questions: [], queryPoints: points, marks: [] }).queryPoints, (p) => p.questionId, pacer);
    for (const [videoId, questions] of groupBy(all, (q) => q.videoId)) {
      const visible = redactFor(blindness, { questions, queryPoints: [], marks: await pacedReads.marks(db, videoId, pacer) });
      await groupInto(marksBy, visible.marks, (m) => markKey(m.videoId, m.target), pacer);
    }
    await sortGroups(pointsBy, (a, b) => a.time - b.time || (a.id < b.id ? -1 : 1), pacer);
    await sortGroups(marksBy, compareMarks, pacer);
    const { questions } = redactFor(blindness, { questions: all, queryPoints: [], marks: [] });
    return { format, profile: getProfile(db, profileId)!, questions, pointsBy, marksBy, videos: project.videos.listFrom(db), undecidedMarks: undecidedDraftMarks(db) };
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
  for (const q of rows.questions) {
    // the marks a question's answers live in: what it counts, or (dense captions) its own captions
    const target = q.counting?.target ?? (rows.format.profile === 'vsas-bench' ? q.id : null);
    const marks = target === null ? [] : (marksBy.get(markKey(q.videoId, target)) ?? []);
    // the path the imported file used, unless the export names a media folder to be relative to
    const imported = q.origin?.extra.videoPath;
    const path = typeof imported === 'string' && !mediaDir ? imported : videoPathFor(project, relPaths.get(q.videoId)!, mediaDir);
    yield { question: q, item: rowsToItem(q, pointsBy.get(q.id) ?? [], marks, path, rows.format.profile) };
  }
}

/** The readiness of the questions a format exports (its profile's). */
export async function readinessFor(project: Project, caller: Caller, formatId: string, control: JobControl = UNWATCHED): Promise<ReadinessReport> {
  return readinessOf(project, await profileRows(project, caller, exportFormat(formatId)), control);
}

export interface ExportResult {
  /** The file's text in parts (see LineParts): `parts.join('')`. */
  parts: string[];
  items: number;
  readiness: ReadinessReport;
  leftOut: Array<{ questionId: string; reason: string }>;
}

/** Exports a format; refuses (with the readiness report) when the questions are not ready, unless forced. */
export async function exportBenchmark(project: Project, caller: Caller, formatId: string, options: { mediaDir?: string; force?: boolean } = {}, control: JobControl = UNWATCHED): Promise<ExportResult> {
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
  return project.store.snapshot(async (db) => {
    const pacer = new Pacer();
    const videos = project.videos.listFrom(db);
    const out: DatasetStats[] = [];
    for (const profile of listProfiles(db)) {
      const questions = await pacedReads.questionsOfProfile(db, profile.id, pacer);
      if (questions.length === 0) continue;
      let queryPoints: QueryPoint[] = [];
      for (const videoId of new Set(questions.map((q) => q.videoId))) queryPoints = queryPoints.concat(await pacedReads.queryPoints(db, videoId, pacer));
      const visible = visibleAnnotations(db, caller, { questions, queryPoints, marks: [] });
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
  return { ...emptyOutcome(r.file, LOSSLESS_FORMAT.id), records: r.rows, importedQuestions: r.importedQuestions, importedMarks: r.importedMarks, importedRows: r.imported, alreadyPresent: r.alreadyPresent, problems: r.problems, refused: r.refused };
}

export interface ExportedText {
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
