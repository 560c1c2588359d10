// Is a profile's part of the project ready to export? Lint errors, items not accepted in review and
// model drafts no person edited each hold an export back. Videos whose files are missing are listed
// but do not: the exported file names its videos, it does not carry them — a researcher converts or
// counts a benchmark without downloading its media — though their times wait to be checked against
// the videos' ends until they are relinked.
import type { Video } from './domain';
import { lintQuestion } from './lints';
import { groupBy } from './collections';
import { plural } from './plural';
import type { Mark } from './marks';
import type { Profile } from './profiles';
import type { QueryPoint, Question } from './questions';

type ReadinessKind = 'lint-error' | 'not-accepted' | 'unedited-draft' | 'missing-media';

/** The kinds that hold an export back (missing media is reported, not blocking). */
export const BLOCKING_KINDS: ReadonlySet<ReadinessKind> = new Set(['lint-error', 'not-accepted', 'unedited-draft']);

export interface ReadinessIssue {
  kind: ReadinessKind;
  questionId: string;
  /** The question's text (shortened), so a person can tell which it is. */
  question: string;
  videoId: string;
  video: string;
  message: string;
}

export interface ReadinessReport {
  profile: string;
  questions: number;
  ready: boolean;
  counts: Record<ReadinessKind, number>;
  issues: ReadinessIssue[];
}

interface ReadinessInput {
  profile: Profile;
  questions: readonly Question[];
  queryPoints: readonly QueryPoint[];
  marks: readonly Mark[];
  videos: readonly Video[];
  undecidedMarks?: ReadonlySet<string>;
}

/** What checking one question needs, indexed once for the whole profile (so the check is linear). */
interface ReadinessContext {
  profile: Profile;
  videos: Map<string, Video>;
  pointsBy: Map<string, QueryPoint[]>;
  /** Marks by video and target: a question reads only the marks it counts (or its own captions). */
  marksBy: Map<string, Mark[]>;
  groups: Map<string, Question[]>;
  /** Marks model drafts made that no person has decided yet (DraftStore.undecidedMarks, drafting/store.ts). */
  undecidedMarks: ReadonlySet<string>;
}

/** The key marks are grouped by: a video and a target (what a counting question counts, a task's own captions). */
export const markKey = (videoId: string, target: string): string => `${videoId}\u0000${target}`;
const noMarks: Mark[] = [];

function readinessContext(input: ReadinessInput): ReadinessContext {
  return readinessContextOf(
    input.profile,
    input.questions,
    input.videos,
    groupBy(input.queryPoints, (p) => p.questionId),
    groupBy(input.marks, (m) => markKey(m.videoId, m.target)),
    input.undecidedMarks,
  );
}

/** The same from points and marks already grouped (by question, and by markKey). */
export function readinessContextOf(
  profile: Profile,
  questions: readonly Question[],
  videos: readonly Video[],
  pointsBy: Map<string, QueryPoint[]>,
  marksBy: Map<string, Mark[]>,
  undecidedMarks: ReadonlySet<string> = new Set(),
): ReadinessContext {
  return {
    profile,
    videos: new Map(videos.map((v) => [v.id, v])),
    pointsBy,
    marksBy,
    groups: groupBy(
      questions.filter((q) => q.group),
      (q) => q.group!.id,
    ),
    undecidedMarks,
  };
}

/** Everything that holds one question back from export. */
export function questionIssues(ctx: ReadinessContext, q: Question): ReadinessIssue[] {
  const issues: ReadinessIssue[] = [];
  const video = ctx.videos.get(q.videoId);
  const name = video?.name ?? q.videoId;
  const add = (kind: ReadinessKind, message: string): void => void issues.push({ kind, questionId: q.id, question: questionLabel(q.text), videoId: q.videoId, video: name, message });
  // a counting question reads the marks of its target; a dense-caption task its own captions
  const marks = ctx.marksBy.get(markKey(q.videoId, q.counting?.target ?? q.id)) ?? noMarks;
  const lints = lintQuestion(q, ctx.pointsBy.get(q.id) ?? [], {
    profile: ctx.profile,
    videoDuration: video?.duration ?? Infinity,
    marks,
    groupMembers: q.group ? (ctx.groups.get(q.group.id) ?? []).filter((o) => o.id !== q.id) : [],
  });
  for (const lint of lints) if (lint.severity === 'error') add('lint-error', lint.message);
  if (q.status !== 'accepted') add('not-accepted', `Not accepted in review (status: ${q.status}).`);
  const untouched = modelDrafted(q.provenance);
  if (untouched.length > 0) add('unedited-draft', `Model-drafted ${untouched.join(', ')} not checked by a person.`);
  // nothing drafted enters an export silently: a drafted caption or event candidate waits for a person too
  const drafted = ctx.undecidedMarks.size === 0 ? 0 : marks.filter((m) => ctx.undecidedMarks.has(m.id)).length;
  if (drafted > 0) add('unedited-draft', `${plural(drafted, 'model-drafted mark')} (${marks.find((m) => ctx.undecidedMarks.has(m.id))!.type}s) not accepted, edited or rejected by a person yet.`);
  if (!video || video.status === 'missing' || video.status === 'changed') add('missing-media', video?.statusMessage ?? 'The video is not in the project.');
  return issues;
}

/** Provenances read from a project are shared and frozen (an import's questions share one): each is looked through once. */
const draftedFields = new WeakMap<object, string[]>();

/** The fields a model drafted and no person has checked yet. */
function modelDrafted(provenance: Question['provenance']): string[] {
  const known = draftedFields.get(provenance);
  if (known) return known;
  const fields: string[] = [];
  for (const field in provenance) if (provenance[field] === 'model') fields.push(field);
  if (Object.isFrozen(provenance)) draftedFields.set(provenance, fields);
  return fields;
}

export function summarizeReadiness(profile: Profile, questions: number, issues: ReadinessIssue[]): ReadinessReport {
  const counts: Record<ReadinessKind, number> = { 'lint-error': 0, 'not-accepted': 0, 'unedited-draft': 0, 'missing-media': 0 };
  for (const issue of issues) counts[issue.kind]++;
  // what holds the export back first; missing media (listed, not blocking) after
  const ordered = [...issues.filter((i) => BLOCKING_KINDS.has(i.kind)), ...issues.filter((i) => !BLOCKING_KINDS.has(i.kind))];
  return { profile: profile.name, questions, ready: issues.every((i) => !BLOCKING_KINDS.has(i.kind)), counts, issues: ordered };
}

export function readinessReport(input: ReadinessInput): ReadinessReport {
  const ctx = readinessContext(input);
  return summarizeReadiness(
    input.profile,
    input.questions.length,
    input.questions.flatMap((q) => questionIssues(ctx, q)),
  );
}

/** A question as a readiness problem names it: its text, shortened, or a placeholder. */
function questionLabel(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  if (!line) return '(no text yet)';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** One problem as a line: which question (text and id), on which video, and what is wrong. */
export function describeIssue(issue: ReadinessIssue): string {
  return `"${issue.question}" (${issue.questionId}, ${issue.video}): ${issue.kind}: ${issue.message}`;
}

export function describeReadiness(report: ReadinessReport): string {
  const missing = report.counts['missing-media'];
  const note = missing > 0 ? ` ${plural(missing, 'question is', 'questions are')} on videos whose files are missing (their times are checked once relinked).` : '';
  if (report.ready) return `${report.profile}: ${plural(report.questions, 'question')}, ready to export.${note}`;
  const parts = Object.entries(report.counts)
    .filter(([kind, n]) => n > 0 && BLOCKING_KINDS.has(kind as ReadinessKind))
    .map(([kind, n]) => `${n} ${kind.replace('-', ' ')}`);
  return `${report.profile}: ${plural(report.questions, 'question')}, not ready — ${parts.join(', ')}.${note}`;
}
