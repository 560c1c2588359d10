// Review packages, for reviewers without a shared server: a reviewer's assignment of one round as a
// project file of its own, blind by construction — the authors' answers, answer provenance,
// imported answer fields, the marks questions own (captions, counted occurrences), model-drafted
// marks, drafts, model runs and notes are never written into it (not hidden: absent). The reviewer opens it in Tidemark, reviews, and sends it back; importing it adds their
// reviews to the main project in one edit, and importing it again changes nothing.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { plural } from '../../../shared/plural';
import { reviewReasons, type Review } from '../../../shared/reviews';
import { answerProblems } from '../../../shared/review/validate';
import type { PackageImportOutcome } from '../../../shared/review/types';
import { redactFor } from '../annotation/policy';
import { ServiceError } from '../errors';
import { fromStoredPath, toStoredPath } from '../media/paths';
import { Project } from '../projects/project';
import type { StoredVideo } from '../videos/store';
import { blindExcept } from './blinding';
import { answerKeyReader } from './answer-keys';
import { afterReview, againstOf, PACKAGE_META } from './reviewing';
import { requireRound } from './rounds';

const packageMetaSchema = z.object({ project: z.string(), round: z.number().int(), roundId: z.string(), reviewer: z.string(), createdAt: z.string() });

export async function exportPackage(project: Project, caller: Caller, roundNumber: number, reviewer: string, path: string): Promise<{ path: string; questions: number; videos: number }> {
  const store = project.stores.review;
  const round = await requireRound(store, roundNumber);
  if (round.closed) throw new ServiceError('conflict', `Round ${roundNumber} is closed; its reviews could not be imported.`);
  const assignments = (await store.assignmentsOf(reviewer)).filter((a) => a.roundId === round.id);
  if (assignments.length === 0) throw new ServiceError('not-found', `${reviewer} has no items in round ${roundNumber}.`);
  const target = checkPackageTarget(path);

  const itemIds = new Set(assignments.map((a) => a.questionId));
  // the reviewer is blind to everything they did not write or review already
  const blindness = blindExcept(project.stores, new Set());
  const videoIds = new Set<string>();
  const videos: StoredVideo[] = [];
  const out = { marks: [] as Mark[], questions: [] as Question[], queryPoints: [] as QueryPoint[] };
  const annotation = project.stores.annotation;
  for (const q of await annotation.questionsIn([...itemIds])) videoIds.add(q.videoId);
  const usedProfiles = new Set<string>();
  for (const videoId of videoIds) {
    const video = (await project.stores.videos.get(videoId))!;
    // stored relative to the package's folder, so the reviewer relinks only if the media moved
    const absolute = fromStoredPath(project.dir, video.relPath);
    videos.push({ ...video, relPath: toStoredPath(resolve(target, '..'), absolute) });
    // redacted with every question of the video, so the marks the others own stay out too; only the items go in
    const visible = await redactFor(blindness, {
      questions: await annotation.questionsOfVideo(videoId),
      queryPoints: await annotation.queryPointsOfVideo(videoId),
      marks: await annotation.marksOfVideo(videoId),
    });
    out.marks.push(...visible.marks);
    for (const q of visible.questions.filter((x) => itemIds.has(x.id))) {
      usedProfiles.add(q.profileId);
      out.questions.push({ ...q, status: 'in-review' });
    }
    out.queryPoints.push(...visible.queryPoints.filter((x) => itemIds.has(x.questionId)));
  }
  const profiles = (await project.stores.profiles.list()).filter((p) => usedProfiles.has(p.id) && !p.builtin);
  // the reviewer, and the lead who made the package (so they can open it to check it)
  const people = [await store.person(reviewer), await store.person(caller.person)].filter((p, i, all): p is NonNullable<typeof p> => p !== null && all.findIndex((q) => q?.id === p.id) === i);

  const guidelines = await store.guidelines();
  const pkg = await Project.open(target, { create: true, name: `${project.name} — review package for ${reviewer}, round ${roundNumber}` });
  try {
    await pkg.edit(caller.person, `Review package for ${reviewer}`, async (w, tx) => {
      for (const p of people) await w.review.putPerson(p);
      for (const g of guidelines) await w.review.putGuideline(g);
      for (const p of profiles) await w.profiles.put(p);
      await w.videos.copy(videos);
      await tx.pace();
      // marks, questions, then their points (a point's question goes in first)
      await w.annotation.addMarks(out.marks);
      await tx.pace();
      // (made when it was last changed: a package's questions keep their order)
      for (const q of out.questions) await w.annotation.addQuestion(q, q.updatedAt);
      await tx.pace();
      await w.annotation.addQueryPoints(out.queryPoints);
      await tx.pace();
      await w.review.putRound(round);
      for (const a of assignments) await w.review.addAssignment(a);
    });
    await pkg.store.setMeta(PACKAGE_META, JSON.stringify({ project: project.name, round: round.number, roundId: round.id, reviewer, createdAt: new Date().toISOString() }));
  } finally {
    await pkg.close();
  }
  return { path: target, questions: itemIds.size, videos: videoIds.size };
}

/** A package is always a new file, at a full path (the server's own folder means nothing to a person), in a folder that exists. */
function checkPackageTarget(path: string): string {
  if (!isAbsolute(path)) throw new ServiceError('invalid-request', `${path}: give the package's full path (for example /home/me/rita-round-1.tidemark).`);
  const target = resolve(path);
  if (existsSync(target))
    throw new ServiceError(
      'conflict',
      statSync(target).isDirectory() ? `${path} is a folder; name the package file to write.` : `${path} already exists; a package is always a new file — choose another name.`,
    );
  if (!existsSync(dirname(target)) || !statSync(dirname(target)).isDirectory()) throw new ServiceError('invalid-request', `${dirname(target)} is not a folder that exists.`);
  return target;
}

/** A package's reviews, each checked as it is read (its file was made elsewhere); one that fails is a problem naming it and its field. */
async function packageReviews(pkg: Project, file: string, reviewer: string, problems: string[]): Promise<Review[]> {
  const reviews: Review[] = [];
  for (const checked of await pkg.stores.review.checkedReviews()) {
    if (!('review' in checked)) {
      problems.push(`${file}: ${checked.problem}`);
      continue;
    }
    const r = checked.review;
    if (r.reviewer !== reviewer) {
      problems.push(`${file}: review ${r.id}: made by ${r.reviewer}, but this package is ${reviewer}'s.`);
      continue;
    }
    reviews.push(r);
  }
  return reviews;
}

/** A review as comparable text, but for the key it was given against (a package's reviews are given theirs on import); key order does not matter. */
const withoutAgainst = (r: Review): string => canonicalJson({ ...r, against: null });

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Adds a returned package's reviews (those of its reviewer, on its round's items): all of them or, on any problem, none. */
export async function importPackage(project: Project, caller: Caller, path: string): Promise<PackageImportOutcome> {
  const store = project.stores.review;
  const file = basename(path);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  if (statSync(path).isDirectory()) throw new ServiceError('invalid-request', `${path} is a folder; name the returned package file.`);
  const pkg = await Project.open(path, { create: false, readOnly: true });
  const problems: string[] = [];
  let meta: z.infer<typeof packageMetaSchema>;
  let reviews: Review[];
  try {
    let stored: unknown = null;
    try {
      stored = JSON.parse((await pkg.store.getMeta(PACKAGE_META)) ?? 'null');
    } catch {
      // not JSON: not a package this version wrote
    }
    const parsed = packageMetaSchema.safeParse(stored);
    if (!parsed.success) throw new ServiceError('invalid-request', `${file} is a Tidemark project but not a review package.`);
    meta = parsed.data;
    reviews = await packageReviews(pkg, file, meta.reviewer, problems);
  } finally {
    await pkg.close();
  }
  const round = await requireRound(store, meta.round);
  if (round.id !== meta.roundId) throw new ServiceError('invalid-request', `${file} was made for round ${meta.round} of another project (“${meta.project}”).`);
  if (round.closed) throw new ServiceError('conflict', `Round ${round.number} is closed; reopen work in a new round.`);
  const assigned = new Set((await store.assignmentsOf(meta.reviewer)).filter((a) => a.roundId === round.id).map((a) => a.questionId));
  const fresh: Review[] = [];
  // the marks the answer keys need, read once per video
  const marks = new Map<string, Mark[]>();
  let alreadyPresent = 0;
  const reviewedHere = new Set((await store.reviewsBy(meta.reviewer)).filter((x) => x.round === round.number).map((x) => x.questionId));
  for (const r of reviews) {
    const where = `${file}: review ${r.id}`;
    const existing = await store.review(r.id);
    if (existing) {
      if (withoutAgainst(existing) === withoutAgainst(r)) alreadyPresent++;
      else problems.push(`${where}: the project has a different review with this id.`);
      continue;
    }
    if (r.round !== round.number) problems.push(`${where}: made for round ${r.round}, not ${round.number}.`);
    else if (!assigned.has(r.questionId)) problems.push(`${where}: question ${r.questionId} is not assigned to ${meta.reviewer} in round ${round.number}.`);
    else if (reviewedHere.has(r.questionId)) problems.push(`${where}: ${meta.reviewer} already has a review of question ${r.questionId} in this round.`);
    else {
      // checked as a review made here would be, and given against the author's answers it was blind to
      const question = (await project.stores.annotation.question(r.questionId))!;
      const points = await project.stores.annotation.queryPointsOfQuestion(r.questionId);
      const wrong = answerProblems(question, points, r.answers, (await project.stores.videos.get(question.videoId))?.duration ?? null);
      if (r.verdict === null) wrong.push('verdict: none given.');
      else if (r.verdict !== 'accept' && !(reviewReasons as readonly string[]).includes(r.reason)) wrong.push(`reason: ${JSON.stringify(r.reason)} is not one of ${reviewReasons.join(', ')}.`);
      if (wrong.length > 0) problems.push(`${where}: ${wrong.join(' ')}`);
      else fresh.push({ ...r, against: againstOf((await answerKeyReader(project.stores, [question], new Map([[question.id, points]]), marks))(question, points)) });
    }
  }
  if (problems.length === 0 && fresh.length > 0) {
    await project.edit(caller.person, `Import ${plural(fresh.length, 'review')} from ${file}`, async (w, tx) => {
      for (const r of fresh) {
        await w.review.addReview(r);
        await afterReview(w, round, r.questionId);
        await tx.pace();
      }
    });
  }
  return { file, reviews: problems.length === 0 ? fresh.length : 0, alreadyPresent, problems };
}
