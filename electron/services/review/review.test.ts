import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { annotationsFor } from '../annotation/service';
import { exportTidemarkJsonl, importTidemarkJsonl } from '../exchange/tidemark-jsonl';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { ada, ann, lead, populateForReview, rita, rob, SENTINEL } from '../test-support/review';
import { undo } from '../edits/service';
import { updateQueryPoint } from '../annotation/service';
import { adjudicationQueue, decide } from './adjudication';
import { exportPackage, importPackage } from './packages';
import { addGuideline, removePerson, savePerson } from './people';
import { agreementReport } from './report';
import { contextOf, queueOf, submitReview } from './reviewing';
import { checkCaller } from './policy';
import { openRound, previewRound, roundSummaries } from './rounds';

const dir = tempDir();
afterAll(() => dir.remove());
let n = 0;
const everything = { profileId: null, taskCodes: [], statuses: [], authors: [], sample: null };
const round = (reviewers: string[], extra: Partial<Parameters<typeof openRound>[2]> = {}) => ({
  name: 'R',
  purpose: 'review' as const,
  selection: everything,
  reviewers,
  reviewsPerItem: 1,
  threshold: 0.8,
  numericTolerance: 0,
  eventTolerance: 1,
  ...extra,
});
const pointOf = async (project: Project, videoId: string, questionId: string) => (await project.stores.annotation.queryPointsOfVideo(videoId)).find((p) => p.questionId === questionId)!;

describe.each(ENGINES)('review over a project (%s)', (engine) => {
  const fresh = () => openTestProject(join(dir.path, `p${n++}.tidemark`), engine, { name: 'Review' });

  describe('people and roles', () => {
    it('lets only a lead add people, and holds a listed person to their roles', async () => {
      const project = await fresh();
      await populateForReview(project);
      await expect(checkCaller('people.save', project.stores, ann)).rejects.toThrow(/Only a lead/);
      // Rita is listed as a reviewer: calling herself lead does not make her one
      const pretender: Caller = { person: 'Rita', role: 'lead' };
      await expect(checkCaller('rounds.open', project.stores, pretender)).rejects.toThrow(/listed in this project as reviewer/);
      await project.close();
    });
  });

  describe('a review round from start to report', () => {
    it('assigns balanced, never to the author, and a reviewer sees the queue blind', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      // Ann reviews too: she must never get her own items
      await savePerson(project, lead, 'Ann', ['annotator', 'reviewer']);
      const preview = await previewRound(project, lead, everything, ['Rita', 'Rob', 'Ann'], 2);
      expect(preview).toMatchObject({ questions: 4, shortOfReviewers: 0 });
      const r = await openRound(project, lead, round(['Rita', 'Rob', 'Ann'], { reviewsPerItem: 2 }));
      expect(r.number).toBe(1);
      const [summary] = await roundSummaries(project);
      expect(summary!.progress.find((p) => p.reviewer === 'Ann')?.assigned ?? 0).toBe(0);
      expect(summary!.progress.map((p) => p.assigned).filter((x) => x > 0)).toEqual([4, 4]);
      expect((await project.stores.annotation.question(fx.choiceId))!.status).toBe('in-review');
      const queue = await queueOf(project, rita, null);
      expect(queue).toHaveLength(4);
      expect(JSON.stringify(queue)).not.toContain(SENTINEL);
      expect(JSON.stringify(await annotationsFor(project, rita, fx.videoId))).not.toContain(SENTINEL);
      expect((await contextOf(project, rita, fx.textId)).authorAnswers).toBeNull();
      await project.close();
    });

    it('shows the author answer after submitting, pools agreeing items, escalates the rest, adjudicates and reports', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await addGuideline(project, lead, { version: 'v1', changes: 'first', why: 'start' });
      await openRound(project, lead, round(['Rita', 'Rob'], { reviewsPerItem: 2, selection: { ...everything, taskCodes: ['1', '2'] } }));
      const choice = await pointOf(project, fx.videoId, fx.choiceId);
      const plain = await pointOf(project, fx.videoId, fx.plainId);
      // both agree on the plain item → candidate pool
      for (const who of [rita, rob])
        await submitReview(project, who, { questionId: fx.plainId, round: 1, answers: [{ queryPointId: plain.id, answer: 'a' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 10 });
      expect((await project.stores.annotation.question(fx.plainId))!.status).toBe('accepted');
      // Rita disagrees on the choice item → escalated
      const mine = await submitReview(project, rita, {
        questionId: fx.choiceId,
        round: 1,
        answers: [{ queryPointId: choice.id, answer: 'A' }],
        verdict: 'revise',
        reason: 'wrong answer',
        notes: 'the chair is nearer',
        secondsSpent: 42,
      });
      expect(mine.guidelineVersion).toBe('v1');
      await expect(submitReview(project, rita, { questionId: fx.choiceId, round: 1, answers: [], verdict: 'accept', reason: null, notes: '', secondsSpent: 1 })).rejects.toThrow(/already submitted/);
      expect((await contextOf(project, rita, fx.choiceId)).authorAnswers).toEqual([{ queryPointId: choice.id, answer: 'B' }]);
      // having seen the author's answer, she cannot take her review back and answer again
      await expect(undo(project, rita)).rejects.toThrow(/a submitted review stands/);
      expect((await contextOf(project, rita, fx.choiceId)).otherReviews).toEqual([]);
      expect((await annotationsFor(project, rita, fx.videoId)).queryPoints.find((p) => p.id === choice.id)!.answer).toBe('B');
      await submitReview(project, rob, { questionId: fx.choiceId, round: 1, answers: [{ queryPointId: choice.id, answer: 'B' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 20 });
      await expect(checkCaller('adjudication.queue', project.stores, rita)).rejects.toThrow(/A reviewer cannot call adjudication.queue/);
      const queue = await adjudicationQueue(project, ada, 1);
      expect(queue.map((i) => i.question.id)).toEqual([fx.choiceId]);
      expect(queue[0]!.agreement.map((a) => a.agrees).sort()).toEqual([false, true]);
      let funnel = (await roundSummaries(project))[0]!.funnel;
      expect(funnel).toMatchObject({ items: 2, reviewed: 2, agreed: 1, escalated: 1, awaitingDecision: 1, accepted: 1 });
      // the adjudicator keeps Rita's answer: revised, and the answer now stands
      const ritaReview = queue[0]!.reviews.find((r) => r.reviewer === 'Rita')!;
      const decision = await decide(project, ada, { questionId: fx.choiceId, round: 1, decision: 'keep-reviewer', reviewId: ritaReview.id, answers: [], reason: 'wrong answer', notes: '' });
      expect(decision.answers).toEqual([{ queryPointId: choice.id, answer: 'A' }]);
      expect((await pointOf(project, fx.videoId, fx.choiceId)).answer).toBe('A');
      expect((await project.stores.annotation.question(fx.choiceId))!.status).toBe('accepted');
      funnel = (await roundSummaries(project))[0]!.funnel;
      expect(funnel).toMatchObject({ items: 2, agreed: 1, escalated: 1, revised: 1, accepted: 1, rejected: 0, awaitingDecision: 0 });
      // agreement is about what was reviewed: Ann's B against Rita's A, whatever stands now
      const afterDecision = await agreementReport(project, lead, 1, 'none');
      expect(afterDecision.pairs.find((p) => p.on === 'answers' && p.a === 'Ann' && p.b === 'Rita')!.percent).toBe(0.5);
      expect((await adjudicationQueue(project, ada, 1))[0]!.authorAnswers).toEqual([{ queryPointId: choice.id, answer: 'B' }]);
      await expect(decide(project, ada, { questionId: fx.choiceId, round: 1, decision: 'keep-author', reviewId: null, answers: [], reason: '', notes: '' })).rejects.toThrow(/decided already/);
      // undo takes the decision back, answer and status included
      await undo(project, ada);
      expect((await pointOf(project, fx.videoId, fx.choiceId)).answer).toBe('B');
      expect((await roundSummaries(project))[0]!.funnel.awaitingDecision).toBe(1);

      const report = await agreementReport(project, lead, 1, 'level');
      expect(report.funnel?.items).toBe(2);
      const annRita = report.pairs.find((p) => p.on === 'answers' && p.stratum === 'all' && p.a === 'Ann' && p.b === 'Rita')!;
      expect(annRita.units).toBe(2);
      expect(annRita.percent).toBe(0.5);
      expect(report.pairs.some((p) => p.on === 'verdicts' && p.a === 'Rita' && p.b === 'Rob')).toBe(true);
      await expect(checkCaller('agreement.report', project.stores, rita)).rejects.toThrow(/A reviewer cannot call agreement.report/);
      await project.close();
    });

    it('qualifies a person on a gold set at κ > 0.8, leaving the gold items as they are', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await openRound(project, lead, round(['Rita'], { purpose: 'qualification', selection: { ...everything, taskCodes: ['1', '2'] } }));
      expect((await project.stores.annotation.question(fx.choiceId))!.status).toBe('draft');
      await submitReview(project, rita, {
        questionId: fx.choiceId,
        round: 1,
        answers: [{ queryPointId: (await pointOf(project, fx.videoId, fx.choiceId)).id, answer: 'B' }],
        verdict: 'accept',
        reason: null,
        notes: '',
        secondsSpent: 5,
      });
      await submitReview(project, rita, {
        questionId: fx.plainId,
        round: 1,
        answers: [{ queryPointId: (await pointOf(project, fx.videoId, fx.plainId)).id, answer: 'A' }],
        verdict: 'accept',
        reason: null,
        notes: '',
        secondsSpent: 5,
      });
      const report = await agreementReport(project, lead, 1, 'none');
      expect(report.qualification).toEqual([expect.objectContaining({ person: 'Rita', units: 2, kappa: 1, qualified: true })]);
      await project.close();
    });
  });

  describe('what a review, a decision and a round must be', () => {
    it('refuses answers that are not answers, decisions without grounds, and reviewers who are not reviewers', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await expect(openRound(project, lead, round(['Nobody']))).rejects.toThrow(/Nobody is not one of this project's people/);
      await expect(openRound(project, lead, round(['Ada']))).rejects.toThrow(/Ada is listed as adjudicator, not as a reviewer/);
      await expect(openRound(project, lead, round(['Rita', 'Rita']))).rejects.toThrow(/named twice/);
      await expect(openRound(project, lead, round(['Rita'], { reviewsPerItem: 2 }))).rejects.toThrow(/at least 2 reviewers/);
      await openRound(project, lead, round(['Rita', 'Rob'], { reviewsPerItem: 2, selection: { ...everything, taskCodes: ['1'] } }));
      const choice = await pointOf(project, fx.videoId, fx.choiceId);
      const submit = (answers: Parameters<typeof submitReview>[2]['answers'], verdict: 'accept' | 'reject' = 'accept', who = rita) =>
        submitReview(project, who, { questionId: fx.choiceId, round: 1, answers, verdict, reason: null, notes: '', secondsSpent: 1 });
      await expect(submit([{ queryPointId: choice.id, answer: 'Z' }])).rejects.toThrow(/"Z" is not one of the options \(A, B\)/);
      await expect(submit([])).rejects.toThrow(/no answer at the query point at 5 s/);
      await expect(
        submit([
          { queryPointId: choice.id, answer: 'A' },
          { queryPointId: choice.id, answer: 'B' },
        ]),
      ).rejects.toThrow(/second answer for the same query point/);
      await expect(submit([{ queryPointId: choice.id, answer: 'A', evidence: [[4, 2]] }])).rejects.toThrow(/ends \(2 s\) before it starts/);
      await expect(submit([{ queryPointId: choice.id, answer: 'A' }], 'reject')).rejects.toThrow(/reason: say why you reject/);
      expect((await queueOf(project, rita, 1)).every((i) => !i.done)).toBe(true);
      await submit([{ queryPointId: choice.id, answer: 'a' }], 'accept');
      await submit([{ queryPointId: choice.id, answer: 'B' }], 'accept', rob);
      const decideAs = (fields: Partial<Parameters<typeof decide>[2]>) =>
        decide(project, ada, { questionId: fx.choiceId, round: 1, decision: 'edit', reviewId: null, answers: [], reason: 'wrong answer', notes: '', ...fields });
      await expect(decideAs({ answers: [{ queryPointId: choice.id, answer: 'Z' }] })).rejects.toThrow(/not one of the options/);
      await expect(decideAs({ decision: 'reject', reason: '' })).rejects.toThrow(/reason: say why you reject/);
      // the author's answer changed after the reviews: the record keeps what was reviewed
      await updateQueryPoint(project, ann, choice.id, { answer: 'A' });
      expect((await adjudicationQueue(project, ada, 1))[0]!.agreement.map((a) => a.agrees).sort()).toEqual([false, true]);
      await project.close();
    });

    it('keeps the list of people sound: one name per person, a lead always, nobody dropped mid-round, outsiders refused', async () => {
      const project = await fresh();
      await populateForReview(project);
      await expect(savePerson(project, lead, 'rita', ['reviewer'])).rejects.toThrow(/Rita is already listed/);
      await expect(savePerson(project, lead, 'Lee', ['reviewer'])).rejects.toThrow(/only lead/);
      await openRound(project, lead, round(['Rita']));
      await expect(removePerson(project, lead, 'Rita')).rejects.toThrow(/assignments in open rounds/);
      await expect(checkCaller('rounds.open', project.stores, { person: 'Zoe', role: 'lead' })).rejects.toThrow(/Zoe is not one of this project's people/);
      await project.close();
    });

    it('lists the first lead who starts listing people, so they keep working', async () => {
      const project = await fresh();
      await savePerson(project, { person: 'Mo', role: 'lead' }, 'Rita', ['reviewer']);
      expect((await (await import('./people')).peopleOf(project)).map((p) => [p.name, p.roles])).toEqual([
        ['Mo', ['lead']],
        ['Rita', ['reviewer']],
      ]);
      await project.close();
    });
  });

  // a package is a project file by design; the project it is made from and returns to is on either engine
  describe('review packages', () => {
    it('are blind by construction, and their reviews import once', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await openRound(project, lead, round(['Rita']));
      const path = join(dir.path, `rita-${engine}.tidemark`);
      const made = await exportPackage(project, lead, 1, 'Rita', path);
      expect(made).toMatchObject({ questions: 4, videos: 1 });
      // not hidden but absent: the file's bytes never held the sentinel
      expect(readFileSync(path).includes(SENTINEL)).toBe(false);
      await expect(exportPackage(project, lead, 1, 'Rita', path)).rejects.toThrow(/already exists/);

      // Rita reviews in her package, as the app would
      const pkg = await Project.open(path, { create: false });
      const point = (await pkg.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!;
      expect(point.answer).toBeNull();
      await submitReview(pkg, rita, {
        questionId: fx.textId,
        round: 1,
        answers: [{ queryPointId: point.id, answer: 'EXIT' }],
        verdict: 'revise',
        reason: 'ambiguous',
        notes: 'sign unreadable',
        secondsSpent: 60,
      });
      await pkg.close();

      const first = await importPackage(project, lead, path);
      expect(first).toMatchObject({ reviews: 1, alreadyPresent: 0, problems: [] });
      const before = (await exportTidemarkJsonl(project, lead)).parts.join('');
      const again = await importPackage(project, lead, path);
      expect(again).toMatchObject({ reviews: 0, alreadyPresent: 1, problems: [] });
      expect((await exportTidemarkJsonl(project, lead)).parts.join('')).toBe(before);
      expect((await contextOf(project, ada, fx.textId)).otherReviews.map((r) => r.notes)).toEqual(['sign unreadable']);
      // given against the author's answer it was blind to, recorded on import
      expect((await contextOf(project, ada, fx.textId)).otherReviews[0]!.against).toEqual([{ queryPointId: point.id, answer: SENTINEL }]);
      await project.close();
    });

    it('refuses a relative path, and a tampered package imports nothing', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await openRound(project, lead, round(['Rita']));
      await expect(exportPackage(project, lead, 1, 'Rita', 'rita.tidemark')).rejects.toThrow(/full path/);
      await expect(exportPackage(project, lead, 1, 'Rita', join(dir.path, 'no-such-folder', 'r.tidemark'))).rejects.toThrow(/not a folder that exists/);
      const path = join(dir.path, `tampered-${n}.tidemark`);
      await exportPackage(project, lead, 1, 'Rita', path);
      const pkg = await Project.open(path, { create: false });
      const choice = (await pkg.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.choiceId)!;
      await submitReview(pkg, rita, { questionId: fx.choiceId, round: 1, answers: [{ queryPointId: choice.id, answer: 'A' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 1 });
      await pkg.close();
      const raw = new Database(path);
      raw.prepare("UPDATE reviews SET fields = json_set(fields, '$.answers[0].answer', 'Z')").run();
      raw.prepare("INSERT INTO reviews SELECT 'forged', question_id, 'Rob', fields, created_at, updated_at FROM reviews").run();
      raw.close();
      const outcome = await importPackage(project, lead, path);
      expect(outcome.reviews).toBe(0);
      expect(outcome.problems.join('\n')).toMatch(/"Z" is not one of the options/);
      expect(outcome.problems.join('\n')).toMatch(/review forged: made by Rob, but this package is Rita's/);
      expect((await contextOf(project, lead, fx.choiceId)).otherReviews).toEqual([]);
      await project.close();
    });
  });

  describe('the lossless format', () => {
    it('carries people, guidelines, rounds, assignments, reviews and decisions byte for byte', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      await addGuideline(project, lead, { version: 'v1', changes: 'a', why: 'b' });
      await openRound(project, lead, round(['Rita']));
      const choice = await pointOf(project, fx.videoId, fx.choiceId);
      await submitReview(project, rita, { questionId: fx.choiceId, round: 1, answers: [{ queryPointId: choice.id, answer: 'A' }], verdict: 'reject', reason: 'shortcut', notes: '', secondsSpent: 3 });
      await decide(project, ada, { questionId: fx.choiceId, round: 1, decision: 'reject', reviewId: null, answers: [], reason: 'shortcut', notes: '' });
      const text = (await exportTidemarkJsonl(project, lead)).parts.join('');
      for (const table of ['people', 'guidelines', 'review_rounds', 'review_assignments', 'reviews', 'adjudications']) expect(text).toContain(`"table":"${table}"`);
      const file = join(dir.path, `copy-${engine}.jsonl`);
      (await import('node:fs')).writeFileSync(file, text);
      const copy = await fresh();
      const outcome = await importTidemarkJsonl(copy, lead, file);
      expect(outcome.problems).toEqual([]);
      expect((await exportTidemarkJsonl(copy, lead)).parts.join('').split('\n').slice(1)).toEqual(text.split('\n').slice(1));
      await project.close();
      await copy.close();
    });
  });
});
