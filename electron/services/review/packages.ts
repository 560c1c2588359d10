// Review packages, for reviewers without a shared server: a reviewer's assignment of one round as a
// project file of its own, blind by construction — the authors' answers, answer provenance,
// imported answer fields, answer-bearing marks and notes are never written into it (not hidden:
// absent). The reviewer opens it in Tidemark, reviews, and sends it back; importing it adds their
// reviews to the main project in one edit, and importing it again changes nothing.
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { reviewFieldsSchema, type Review } from '../../../shared/reviews';
import type { PackageImportOutcome } from '../../../shared/review/types';
import { listMarks, listQueryPoints, listQuestions, markToRow, queryPointToRow, questionToRow } from '../annotation/rows';
import { redactFor } from '../annotation/policy';
import type { Row } from '../db/edit-log';
import { ServiceError } from '../errors';
import { fromStoredPath, toStoredPath } from '../media/paths';
import { listProfiles, profileToRow } from '../profiles/rows';
import { Project } from '../projects/project';
import { blindExcept } from './blinding';
import { requireRole } from './policy';
import { afterReview } from './reviewing';
import { requireRound } from './rounds';
import { assignmentToRow, assignmentsOf, getReview, listGuidelines, guidelineToRow, personNamed, personToRow, reviewsBy, reviewToRow, roundToRow } from './rows';

const PACKAGE_META = 'review-package';
const packageMetaSchema = z.object({ project: z.string(), round: z.number().int(), roundId: z.string(), reviewer: z.string(), createdAt: z.string() });

export async function exportPackage(project: Project, caller: Caller, roundNumber: number, reviewer: string, path: string): Promise<{ path: string; questions: number; videos: number }> {
  const db = project.store.db;
  requireRole(db, caller, ['lead'], 'export review packages');
  const round = requireRound(db, roundNumber);
  const assignments = assignmentsOf(db, reviewer).filter((a) => a.roundId === round.id);
  if (assignments.length === 0) throw new ServiceError('not-found', `${reviewer} has no items in round ${roundNumber}.`);
  const target = resolve(path);
  if (existsSync(target)) throw new ServiceError('conflict', `${path} already exists; a package is always a new file — choose another name.`);

  const itemIds = new Set(assignments.map((a) => a.questionId));
  // the reviewer is blind to everything they did not write or review already
  const blindness = blindExcept(new Set());
  const videoIds = new Set<string>();
  const out: Array<{ table: (typeof tablesOrder)[number]; row: Row }> = [];
  for (const q of listQuestionsOf(project, itemIds)) videoIds.add(q.videoId);
  const usedProfiles = new Set<string>();
  for (const videoId of videoIds) {
    const row = project.videos.rowOf(videoId)!;
    // stored relative to the package's folder, so the reviewer relinks only if the media moved
    const absolute = fromStoredPath(project.dir, String(row.rel_path));
    out.push({ table: 'videos', row: { ...row, rel_path: toStoredPath(resolve(target, '..'), absolute) } });
    const questions = listQuestions(db, videoId).filter((q) => itemIds.has(q.id));
    const visible = redactFor(blindness, { questions, queryPoints: listQueryPoints(db, videoId).filter((p) => itemIds.has(p.questionId)), marks: listMarks(db, videoId) });
    for (const m of visible.marks) out.push({ table: 'marks', row: markToRow(m) });
    for (const q of visible.questions) {
      usedProfiles.add(q.profileId);
      out.push({ table: 'questions', row: questionToRow({ ...q, status: 'in-review' }, q.updatedAt) });
    }
    for (const p of visible.queryPoints) out.push({ table: 'query_points', row: queryPointToRow(p) });
  }
  const profiles = listProfiles(db).filter((p) => usedProfiles.has(p.id) && !p.builtin);
  const person = personNamed(db, reviewer);

  const pkg = await Project.open(target, { create: true, name: `${project.name} — review package for ${reviewer}, round ${roundNumber}` });
  try {
    await pkg.store.edit(caller.person, `Review package for ${reviewer}`, async (tx) => {
      if (person) tx.put('people', personToRow(person));
      for (const g of listGuidelines(db)) tx.put('guidelines', guidelineToRow(g));
      for (const p of profiles) tx.put('profiles', profileToRow(p));
      for (const table of tablesOrder) {
        for (const item of out) if (item.table === table) tx.insert(table, item.row);
        await tx.pace();
      }
      tx.put('review_rounds', roundToRow(round));
      for (const a of assignments) tx.insert('review_assignments', assignmentToRow(a));
    });
    await pkg.store.setMeta(PACKAGE_META, JSON.stringify({ project: project.name, round: round.number, roundId: round.id, reviewer, createdAt: new Date().toISOString() }));
  } finally {
    await pkg.close();
  }
  return { path: target, questions: itemIds.size, videos: videoIds.size };
}

const tablesOrder = ['videos', 'marks', 'questions', 'query_points'] as const;

function listQuestionsOf(project: Project, ids: ReadonlySet<string>) {
  const db = project.store.db;
  const videoIds = new Set<string>();
  for (const id of ids) {
    const row = db.query<{ video_id: string }>('SELECT video_id FROM questions WHERE id = ?').get(id);
    if (row) videoIds.add(row.video_id);
  }
  return [...videoIds].flatMap((v) => listQuestions(db, v).filter((q) => ids.has(q.id)));
}

/** Adds a returned package's reviews (those of its reviewer, on its round's items): all of them or, on any problem, none. */
export async function importPackage(project: Project, caller: Caller, path: string): Promise<PackageImportOutcome> {
  const db = project.store.db;
  requireRole(db, caller, ['lead'], 'import review packages');
  const file = basename(path);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  const pkg = await Project.open(path, { create: false, readOnly: true });
  let meta: z.infer<typeof packageMetaSchema>;
  let reviews: Review[];
  try {
    const parsed = packageMetaSchema.safeParse(JSON.parse(pkg.store.getMeta(PACKAGE_META) ?? 'null'));
    if (!parsed.success) throw new ServiceError('invalid-request', `${file} is a Tidemark project but not a review package.`);
    meta = parsed.data;
    reviews = reviewsBy(pkg.store.db, meta.reviewer).map((r) => ({ ...r, ...reviewFieldsSchema.parse(r) }));
  } finally {
    await pkg.close();
  }
  const round = requireRound(db, meta.round);
  if (round.id !== meta.roundId) throw new ServiceError('invalid-request', `${file} was made for round ${meta.round} of another project (“${meta.project}”).`);
  const assigned = new Set(assignmentsOf(db, meta.reviewer).filter((a) => a.roundId === round.id).map((a) => a.questionId));
  const problems: string[] = [];
  const fresh: Review[] = [];
  let alreadyPresent = 0;
  for (const r of reviews) {
    const where = `${file}: review ${r.id}`;
    const existing = getReview(db, r.id);
    if (existing) {
      if (JSON.stringify(reviewToRow(existing)) === JSON.stringify(reviewToRow(r))) alreadyPresent++;
      else problems.push(`${where}: the project has a different review with this id.`);
    } else if (r.round !== round.number) problems.push(`${where}: made for round ${r.round}, not ${round.number}.`);
    else if (!assigned.has(r.questionId)) problems.push(`${where}: question ${r.questionId} is not assigned to ${meta.reviewer} in round ${round.number}.`);
    else if (reviewsBy(db, meta.reviewer).some((x) => x.questionId === r.questionId && x.round === r.round)) problems.push(`${where}: ${meta.reviewer} already has a review of question ${r.questionId} in this round.`);
    else fresh.push(r);
  }
  if (problems.length === 0 && fresh.length > 0) {
    await project.store.edit(caller.person, `Import ${fresh.length} reviews from ${file}`, async (tx) => {
      for (const r of fresh) {
        tx.insert('reviews', reviewToRow(r));
        afterReview(tx, round, r.questionId);
        await tx.pace();
      }
    });
  }
  return { file, reviews: problems.length === 0 ? fresh.length : 0, alreadyPresent, problems };
}
