// A counting question authored by marking stores no count: its answer key is what its marks give
// (shared/answer-key.ts). Review's comparison, its escalation, the adjudication queue, the agreement
// report and the VCBench export all read that one key.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { annotationsFor } from '../annotation/service';
import { exportBenchmark, readinessFor } from '../exchange/service';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { ada, ann, lead, populateForReview, rita, rob } from '../test-support/review';
import { adjudicationQueue } from './adjudication';
import { agreementReport } from './report';
import { contextOf, submitReview } from './reviewing';
import { openRound, roundSummaries } from './rounds';

const dir = tempDir();
afterAll(() => dir.remove());
let n = 0;
const round = (reviewers: string[], taskCodes: string[], reviewsPerItem = 1) => ({
  name: 'R',
  purpose: 'review' as const,
  selection: { profileId: null, taskCodes, statuses: [], authors: [], sample: null },
  reviewers,
  reviewsPerItem,
  threshold: 0.8,
  numericTolerance: 0,
  eventTolerance: 1,
});

/** Ann's E1-Transit question counting "cuts", asked at 1, 5 and 10 s with no count stored; cuts at 3 and 7 s make its key 0, 1, 2. */
async function countedByMarks(project: Project, videoId: string): Promise<{ questionId: string; points: QueryPoint[] }> {
  const fields = questionFieldsSchema.parse({
    profileId: builtinProfileId('vcbench'),
    taskCode: 'E1-Transit',
    text: 'How many hard cuts so far?',
    answerKind: 'number',
    status: 'ready',
    counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null },
  });
  const made = await annotation.createQuestion(
    project,
    ann,
    videoId,
    fields,
    [1, 5, 10].map((time) => queryPointFieldsSchema.parse({ time })),
  );
  await annotation.createMarks(
    project,
    ann,
    videoId,
    [3, 7].map((start) => ({ type: 'event' as const, start, end: null, target: 'cuts', data: {} })),
  );
  const points = (await project.stores.annotation.queryPointsOfQuestion(made.question.id)).sort((a, b) => a.time - b.time);
  expect(points.map((p) => p.answer)).toEqual([null, null, null]);
  return { questionId: made.question.id, points };
}

const answering = (points: readonly QueryPoint[], counts: number[]) => points.map((p, i) => ({ queryPointId: p.id, answer: counts[i]! }));
const fromMarks = (points: readonly QueryPoint[], counts: number[]) => points.map((p, i) => ({ queryPointId: p.id, answer: counts[i]!, fromMarks: true }));

describe.each(ENGINES)('answer keys (%s)', (engine) => {
  const fresh = () => openTestProject(join(dir.path, `k${n++}.tidemark`), engine, { name: 'Keys' });

  describe('the answer key of a counting question authored by marking', () => {
    it('is the count its marks give: a reviewer giving 0, 1, 2 agrees at every point, nothing is escalated, the report agrees, the export writes it', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      const { questionId, points } = await countedByMarks(project, fx.videoId);
      await openRound(project, lead, round(['Rita'], ['E1-Transit']));

      const review = await submitReview(project, rita, { questionId, round: 1, answers: answering(points, [0, 1, 2]), verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
      // what the review was given against: the key, said to come from the marks
      expect(review.against).toEqual(fromMarks(points, [0, 1, 2]));
      expect((await contextOf(project, rita, questionId)).authorAnswers).toEqual(fromMarks(points, [0, 1, 2]));
      // every review agrees: the candidate pool, not adjudication
      expect((await project.stores.annotation.question(questionId))!.status).toBe('accepted');
      expect((await roundSummaries(project))[0]!.funnel).toMatchObject({ items: 1, reviewed: 1, agreed: 1, escalated: 0 });
      expect(await adjudicationQueue(project, ada, 1)).toEqual([]);
      // the report compares the same key: Ann and Rita agree on all three points
      const report = await agreementReport(project, lead, 1, 'none');
      expect(report.pairs.find((p) => p.on === 'answers' && p.a === 'Ann' && p.b === 'Rita')).toMatchObject({ units: 3, percent: 1 });

      // readiness and the VCBench export read it too
      const readiness = await readinessFor(project, lead, 'vcbench');
      expect(readiness.issues.filter((i) => i.questionId === questionId && i.kind !== 'missing-media')).toEqual([]);
      const exported = (await exportBenchmark(project, lead, 'vcbench', { force: true })).parts
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { question: string; query_points: { count: number[] } });
      expect(exported.find((r) => r.question === 'How many hard cuts so far?')!.query_points.count).toEqual([0, 1, 2]);
      await project.close();
    });

    it('shows the adjudicator the key when a review differs, and marks only the point that differs', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      const { questionId, points } = await countedByMarks(project, fx.videoId);
      await openRound(project, lead, round(['Rita', 'Rob'], ['E1-Transit'], 2));
      await submitReview(project, rita, { questionId, round: 1, answers: answering(points, [0, 1, 2]), verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
      const robs = await submitReview(project, rob, { questionId, round: 1, answers: answering(points, [0, 1, 3]), verdict: 'revise', reason: 'wrong answer', notes: '', secondsSpent: 30 });
      const [item] = await adjudicationQueue(project, ada, 1);
      expect(item!.authorAnswers).toEqual(fromMarks(points, [0, 1, 2]));
      const robAgrees = item!.agreement.filter((a) => a.reviewId === robs.id).map((a) => [points.findIndex((p) => p.id === a.queryPointId), a.agrees]);
      expect(robAgrees.sort()).toEqual([
        [0, true],
        [1, true],
        [2, false],
      ]);
      expect(item!.agreement.filter((a) => a.reviewId !== robs.id).every((a) => a.agrees)).toBe(true);
      await project.close();
    });

    it('reads the key for a review that recorded nothing against (given before keys were recorded)', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      const { questionId, points } = await countedByMarks(project, fx.videoId);
      await openRound(project, lead, round(['Rita'], ['E1-Transit']));
      const review = await submitReview(project, rita, { questionId, round: 1, answers: answering(points, [0, 1, 2]), verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
      // as such a review was stored: no answers recorded, since no count was stored
      await project.edit('Lee', 'old review', (w) => w.review.putReview({ ...review, against: null }));
      expect((await project.stores.review.reviewsOfQuestion(questionId))[0]!.against).toBeNull();
      expect((await roundSummaries(project))[0]!.funnel).toMatchObject({ agreed: 1, escalated: 0 });
      expect((await contextOf(project, rita, questionId)).authorAnswers).toEqual(fromMarks(points, [0, 1, 2]));
      const report = await agreementReport(project, lead, null, 'none');
      expect(report.pairs.find((p) => p.on === 'answers' && p.a === 'Ann' && p.b === 'Rita')).toMatchObject({ units: 3, percent: 1 });
      await project.close();
    });

    it('is the stored answer where one is stored (an imported count stays the key, whatever the marks give)', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      const { questionId, points } = await countedByMarks(project, fx.videoId);
      await annotation.updateQueryPoint(project, ann, points[2]!.id, { answer: 5 });
      await openRound(project, lead, round(['Rita'], ['E1-Transit']));
      const review = await submitReview(project, rita, { questionId, round: 1, answers: answering(points, [0, 1, 2]), verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
      expect(review.against).toEqual([...fromMarks(points.slice(0, 2), [0, 1]), { queryPointId: points[2]!.id, answer: 5 }]);
      expect((await adjudicationQueue(project, ada, 1))[0]!.agreement.map((a) => a.agrees)).toEqual([true, true, false]);
      await project.close();
    });
  });

  describe('a key withheld from a blind reviewer', () => {
    it('is said to be withheld, not sent as an empty answer and no marks to count', async () => {
      const project = await fresh();
      const fx = await populateForReview(project);
      const { questionId, points } = await countedByMarks(project, fx.videoId);
      await openRound(project, lead, round(['Rita'], ['E1-Transit']));
      const blind = await annotationsFor(project, rita, fx.videoId);
      expect(blind.withheld).toContain(questionId);
      expect(blind.marks.filter((m) => m.target === 'cuts')).toEqual([]);
      expect((await annotationsFor(project, lead, fx.videoId)).withheld).toEqual([]);
      // her review given, she sees the answer and its marks again
      await submitReview(project, rita, { questionId, round: 1, answers: answering(points, [0, 1, 2]), verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
      const after = await annotationsFor(project, rita, fx.videoId);
      expect(after.withheld).not.toContain(questionId);
      expect(after.marks.filter((m) => m.target === 'cuts')).toHaveLength(2);
      await project.close();
    });
  });
});
