// The import's edit — what a benchmark import writes: the checked items, as the reading half hands
// them over, inserted (or updated) inside its one edit, with the videos and the profile they need. The
// code runs wherever the edit is written: on the import's own thread (import-edit-thread.worker.ts)
// while the reading half goes on reading the file, or in the server's (import-edit-runner.ts).
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { ExchangeItem } from '../../../shared/formats/items';
import { benchmarkIdOf } from '../../../shared/formats/items';
import type { ProjectRows } from '../../../shared/formats/project-items';
import { OWN_QUESTION_TARGET } from '../../../shared/formats/vsas';
import type { Mark, MarkInput } from '../../../shared/marks';
import { taxonomyLeaves, type Profile, type ProfileDefinition, type ProfileKind } from '../../../shared/profiles';
import { questionFieldsSchema, type Question } from '../../../shared/questions';
import type { EditPace } from '../db/project-data';
import type { EditWrites } from '../db/stores';
import { Pacer } from '../pacer';
import { encodeQueryPointFields, encodeQuestionFields, type AnnotationScans, type AnnotationWrites } from '../annotation/store';
import { fromStoredPath, toStoredPath } from '../media/paths';
import { builtinProfileId } from '../profiles/builtin';
import type { NewVideo } from '../videos/store';

/** What the edit needs to know besides the items (sent when the writer may begin). */
export interface ImportPlan {
  person: string;
  label: string;
  /** Questions the profile already has (the same identity): left as they are, or updated. */
  existing: 'skip' | 'update';
  /** The time the import stamps on what it writes. */
  now: string;
  projectDir: string;
  profile: ProfileKind;
  /** For formats no built-in profile fits: the custom profile the items land in. */
  customProfile: ProfileDefinition | null;
}

/**
 * One checked item as the writer receives it: its identity, its rows with their JSON columns made
 * already (flat strings cost little to copy to the writer's thread, where the inserts are the
 * bottleneck), and the file's name for its video.
 */
export interface ImportEntry {
  identity: string;
  /** The question's fields as JSON text (encodeQuestionFields). */
  fields: string;
  points: Array<[time: number, fields: string]>;
  /** Its own marks (dense captions); most formats bring none. */
  marks: MarkInput[];
  /** The video's absolute path (see VideoPlan). */
  video: string;
  /** The path as the file names it (for the report of missing media). */
  videoPath: string;
}

/** A read item (of that identity: itemIdentity), ready for the writer (see ImportEntry). */
export function entryOf(identity: string, item: ExchangeItem, rows: ProjectRows, video: string): ImportEntry {
  // a published benchmark's items were accepted by its authors; set them back to draft to review them here
  const status = rows.fields.status === 'draft' ? 'accepted' : rows.fields.status;
  return {
    identity,
    fields: encodeQuestionFields({ ...rows.fields, status }),
    points: rows.points.map((p) => [p.time, encodeQueryPointFields(p)]),
    marks: rows.marks,
    video,
    videoPath: item.videoPath,
  };
}

/**
 * How the file's videos became project videos, by absolute path, as the reading half learns it: a
 * video the project had, a probed new file, or a placeholder for a file not found.
 */
export interface VideoPlan {
  known: Array<[path: string, id: string]>;
  probed: NewVideo[];
  placeholders: Array<[path: string, id: string]>;
}

export interface WrittenCounts {
  importedQuestions: number;
  importedMarks: number;
  alreadyPresent: number;
  updated: number;
  /** Questions written onto placeholder videos, by the path their file names. */
  onPlaceholders: Array<[videoPath: string, questions: number]>;
}

/**
 * What makes an imported question the same question again: the benchmark's own id where its format
 * has ids, else (PhoStream, StreamingBench) its video, its text and its first query time.
 */
function identityOf(item: Pick<ExchangeItem, 'profile' | 'extra' | 'videoPath' | 'question'>, firstTime: number | null): string {
  return benchmarkIdOf(item) ?? `${item.videoPath}\u0000${item.question.text}\u0000${firstTime ?? ''}`;
}

const firstTimeOf = (item: ExchangeItem): number | null => (item.points.length ? Math.min(...item.points.map((p) => p.time.seconds)) : null);
export const itemIdentity = (item: ExchangeItem): string => identityOf(item, firstTimeOf(item));

/** The videos the reading half has planned so far (VideoPlan), merged as more arrive. */
export class PlannedVideos {
  readonly known = new Map<string, string>();
  readonly probedByPath = new Map<string, NewVideo>();
  readonly placeholders = new Map<string, string>();

  constructor(private readonly projectDir: string) {}

  add(plan: VideoPlan): void {
    for (const [path, id] of plan.known) this.known.set(path, id);
    for (const video of plan.probed) this.probedByPath.set(fromStoredPath(this.projectDir, video.relPath), video);
    for (const [path, id] of plan.placeholders) this.placeholders.set(path, id);
  }
}

/**
 * The custom profile a format's items land in: the one of that name when the project has it (its
 * taxonomy and facet values grown by what the file brings), else a new one — inside the import's edit.
 */
async function customProfileFor(w: EditWrites, wanted: ProfileDefinition): Promise<string> {
  const existing = (await w.profiles.list()).find((p) => !p.builtin && p.name === wanted.name);
  if (!existing) {
    const profile: Profile = { ...wanted, id: randomUUID(), builtin: false };
    await w.profiles.add(profile);
    return profile.id;
  }
  const codes = new Set([...taxonomyLeaves(existing.taxonomy).map((l) => l.node.code), ...existing.taxonomy.map((n) => n.code)]);
  const facets = { ...existing.rules.facets };
  for (const [name, values] of Object.entries(wanted.rules.facets)) facets[name] = [...new Set([...(facets[name] ?? []), ...values])].sort();
  await w.profiles.put({ ...existing, taxonomy: [...existing.taxonomy, ...wanted.taxonomy.filter((n) => !codes.has(n.code))], rules: { ...existing.rules, facets } });
  return existing.id;
}

/** The profile's questions that came from a file of this kind, by their identity (see identityOf), read a slice at a time. */
export async function presentQuestions(scan: AnnotationScans, profileId: string, profile: ProfileKind, pacer: Pacer): Promise<Map<string, Question>> {
  const present = new Map<string, Question>();
  const questions = await scan.questionsOfProfile(profileId, pacer);
  if (questions.length === 0) return present;
  const firstTimes = await scan.firstQueryTimes(pacer);
  for (const question of questions) {
    if (!question.origin) continue;
    const extra = question.origin.extra;
    const videoPath = typeof extra.videoPath === 'string' ? extra.videoPath : '';
    present.set(identityOf({ profile, extra, videoPath, question }, firstTimes.get(question.id) ?? null), question);
    await pacer.pace();
  }
  return present;
}

/**
 * What an imported question brought with it — its query points and the marks of its target (what it
 * counts, or its own captions) — removed before its file brings them again. The file is the source
 * of that target's marks: another question counting the same target reads the file's marks after.
 */
async function removeImportedParts(w: AnnotationWrites, question: Question): Promise<void> {
  await w.removeQueryPointsOf(question.id);
  await w.removeMarksOfTarget(question.videoId, question.counting?.target ?? question.id);
}

/**
 * Inside the import's edit: the video id for each path the file names — a video the project has
 * (still), a probed file (or the video it turned out to be, if another import brought it
 * meanwhile), or a placeholder (reused when one for that path exists by now). Videos are added the
 * first time a path is asked for; a path asked again is answered at once (`resolved`, no await:
 * a file names few videos many times over).
 */
function videoResolver(w: EditWrites, projectDir: string, videos: PlannedVideos, now: string): { resolved: Map<string, string>; resolve: (path: string) => Promise<string> } {
  const resolved = new Map<string, string>();
  const placeholder = async (path: string, id: string): Promise<string> => {
    const relPath = toStoredPath(projectDir, path);
    const existing = await w.videos.atPath(relPath);
    if (existing) return existing.id;
    await w.videos.addPlaceholder({ id, name: basename(path), relPath }, now);
    return id;
  };
  const probedPath = (id: string): string | undefined => {
    for (const [path, video] of videos.probedByPath) if (video.id === id) return path;
    return undefined;
  };
  const resolve = async (path: string): Promise<string> => {
    let id = resolved.get(path);
    if (id) return id;
    const video = videos.probedByPath.get(path);
    const planned = videos.known.get(path);
    // a second name of a file probed in this import: the id of what that file became
    const firstName = !video && planned ? probedPath(planned) : undefined;
    if (firstName) return resolve(firstName);
    if (video) {
      id = (await w.videos.byFingerprint(video.fingerprint))?.id;
      if (!id) {
        await w.videos.add([video], new Date().toISOString());
        id = video.id;
      }
    } else if (videos.placeholders.has(path)) id = await placeholder(path, videos.placeholders.get(path)!);
    else if (planned && (await w.videos.get(planned))) id = planned;
    else id = await placeholder(path, randomUUID()); // removed meanwhile: its questions wait on a placeholder
    resolved.set(path, id);
    return id;
  };
  return { resolved, resolve };
}

/**
 * The import's edit: the profile (a custom one made or grown), then every entry as it arrives —
 * inserted, or (the same identity already there) left alone or updated in place.
 */
export async function writeImport(
  w: EditWrites,
  tx: EditPace,
  plan: ImportPlan,
  videos: PlannedVideos,
  batches: AsyncIterable<readonly ImportEntry[]> | Iterable<readonly ImportEntry[]>,
  written: (count: number) => void = () => undefined,
  /** Paces the look at the questions already there (one that stops the edit when it is cancelled). */
  pacer = new Pacer(),
): Promise<WrittenCounts> {
  const counts: WrittenCounts = { importedQuestions: 0, importedMarks: 0, alreadyPresent: 0, updated: 0, onPlaceholders: [] };
  const profileId = plan.customProfile ? await customProfileFor(w, plan.customProfile) : builtinProfileId(plan.profile);
  // the project as it is now: looked at inside the edit, where no other import can add to it meanwhile
  const present = await presentQuestions(w.annotation.scan, profileId, plan.profile, pacer);
  const videoIds = videoResolver(w, plan.projectDir, videos, plan.now);
  const onPlaceholders = new Map<string, number>();
  // every field of an imported question was written by a person
  const provenance = Object.freeze(
    Object.fromEntries(
      Object.keys(questionFieldsSchema.shape)
        .filter((k) => k !== 'profileId')
        .map((k) => [k, 'human' as const]),
    ),
  );
  let seen = 0;
  for await (const batch of batches) {
    for (const { identity, fields, points, marks, video, videoPath } of batch) {
      const replaces = present.size === 0 ? undefined : present.get(identity);
      if (replaces) counts.alreadyPresent++;
      if (replaces && plan.existing !== 'update') continue;
      const videoId = videoIds.resolved.get(video) ?? (await videoIds.resolve(video));
      if (videos.placeholders.has(video)) onPlaceholders.set(videoPath, (onPlaceholders.get(videoPath) ?? 0) + 1);
      const question = { profileId, id: replaces?.id ?? randomUUID(), videoId, provenance, createdBy: replaces?.createdBy ?? plan.person, updatedAt: plan.now };
      if (replaces) {
        // updated in place (same id, same place in the profile, reviews kept); its points and own marks anew
        await removeImportedParts(w.annotation, replaces);
        await w.annotation.replaceEncodedQuestion(question, fields);
        counts.updated++;
      } else await w.annotation.addEncodedQuestion(question, fields, plan.now);
      if (points.length > 0) await w.annotation.addEncodedQueryPoints(question.id, points);
      // dense captions belong to their own task: the placeholder target becomes the question's id
      if (marks.length > 0) await w.annotation.addMarks(marks.map((m) => ({ ...m, target: m.target === OWN_QUESTION_TARGET ? question.id : m.target, id: randomUUID(), videoId }) as Mark));
      counts.importedQuestions++;
      counts.importedMarks += marks.length;
      await tx.pace();
    }
    written((seen += batch.length));
  }
  counts.onPlaceholders = [...onPlaceholders];
  return counts;
}
