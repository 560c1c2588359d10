// The review store on both engines, through its interface (ReviewStore, and ReviewWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { questionFieldsSchema } from '../../../shared/questions';
import { reviewFieldsSchema, type Review } from '../../../shared/reviews';
import { adjudicationFieldsSchema, roundFieldsSchema, type Adjudication, type Person, type ReviewRound } from '../../../shared/review/types';
import { builtinProfileId } from '../profiles/builtin';
import type { Project } from '../projects/project';
import { ENGINES, insertTestVideo, newProjectEachTest, rawEdit } from '../test-support/project';
import type { Row } from './edit-log';
import { reviewToRow } from './rows/review';

let project: Project;
let videoId: string;

const person = (name: string, roles: Person['roles'], createdAt = '2026-01-01T00:00:00.000Z'): Person => ({ id: `id-${name}`, name, roles, createdAt, hasPassphrase: false });

const questionRow = (id: string): Row => ({
  id,
  video_id: videoId,
  profile_id: builtinProfileId('ovo-s-bench'),
  fields: JSON.stringify(questionFieldsSchema.parse({ profileId: builtinProfileId('ovo-s-bench'), text: id })),
  provenance: '{}',
  created_by: 'Ann',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const roundOf = (number: number, reviewers: string[], closed = false): ReviewRound => ({
  ...roundFieldsSchema.parse({ name: `R${number}`, selection: { profileId: null, taskCodes: [], statuses: [], authors: [], sample: null }, reviewers, closed }),
  id: `round-${number}`,
  number,
  createdBy: 'Lee',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const review = (id: string, questionId: string, reviewer: string, round: number, createdAt: string): Review => ({
  ...reviewFieldsSchema.parse({ round, verdict: 'accept', answers: [{ queryPointId: 'p', answer: 'A' }] }),
  id,
  questionId,
  reviewer,
  createdAt,
  updatedAt: createdAt,
});

const decision = (id: string, questionId: string, round: number, createdAt: string): Adjudication => ({
  ...adjudicationFieldsSchema.parse({ round, decision: 'keep-author' }),
  id,
  questionId,
  adjudicator: 'Ada',
  createdAt,
});

/** Two questions, two rounds (the first open, the second closed), Rita assigned both items of round 1 and reviewing one. */
async function populate(): Promise<void> {
  // the questions as rows: the annotation store is another feature's
  await rawEdit(project, 'Lee', 'Questions', async (tx) => {
    for (const id of ['q1', 'q2', 'q3']) await tx.put('questions', questionRow(id));
  });
  await project.edit('Lee', 'Set up', async (w) => {
    await w.review.putPerson(person('Rita', ['reviewer']));
    await w.review.putPerson(person('Ann', ['annotator', 'reviewer']));
    await w.review.putRound(roundOf(1, ['Rita', 'Ann']));
    await w.review.putRound(roundOf(2, ['Rita'], true));
    await w.review.addAssignment({ id: 'a2', roundId: 'round-1', questionId: 'q2', reviewer: 'Rita' });
    await w.review.addAssignment({ id: 'a1', roundId: 'round-1', questionId: 'q1', reviewer: 'Rita' });
    await w.review.addAssignment({ id: 'a3', roundId: 'round-1', questionId: 'q1', reviewer: 'Ann' });
    await w.review.addAssignment({ id: 'a4', roundId: 'round-2', questionId: 'q3', reviewer: 'Rita' });
    // made at one time: the order added breaks the tie
    await w.review.addReview(review('r2', 'q1', 'Rita', 1, '2026-01-02T00:00:00.000Z'));
    await w.review.putReview(review('r1', 'q1', 'Ann', 0, '2026-01-02T00:00:00.000Z'));
    await w.review.addReview(review('r0', 'q3', 'Ann', 0, '2026-01-01T00:00:00.000Z'));
    await w.review.putAdjudication(decision('d2', 'q1', 1, '2026-01-03T00:00:00.000Z'));
    await w.review.putAdjudication(decision('d1', 'q3', 2, '2026-01-02T00:00:00.000Z'));
  });
}

describe.each(ENGINES)('the review store (%s)', (engine) => {
  newProjectEachTest(async (p) => {
    project = p;
    videoId = await insertTestVideo(project);
  }, engine);

  it('finds people by exact name and in any case, keeps their passphrase apart and says whether anyone is listed', async () => {
    const reads = project.stores.review;
    expect(await reads.hasPeople()).toBe(false);
    await populate();
    expect(await reads.hasPeople()).toBe(true);
    expect((await reads.people()).map((p) => p.name)).toEqual(['Ann', 'Rita']);
    expect(await reads.person('Rita')).toEqual(person('Rita', ['reviewer']));
    expect(await reads.person('rita')).toBeNull();
    expect((await reads.personLike('rITA'))?.name).toBe('Rita');
    // in any case beyond ASCII too (SQLite's lower() folds only A–Z)
    await project.edit('Lee', 'Add', (w) => w.review.putPerson(person('Élodie', ['annotator'])));
    expect((await reads.personLike('éLODIE'))?.name).toBe('Élodie');
    expect(await reads.passphraseOf('Rita')).toBeNull();
    await project.edit('Rita', 'Set', (w) => w.review.setPassphrase(person('Rita', ['reviewer']), '{"hash":"x"}'));
    expect(await reads.passphraseOf('Rita')).toBe('{"hash":"x"}');
    expect(await reads.person('Rita')).toMatchObject({ hasPassphrase: true });
    // a put of the person (their roles) leaves the passphrase as it is
    await project.edit('Lee', 'Roles', (w) => w.review.putPerson(person('Rita', ['reviewer', 'annotator'])));
    expect(await reads.person('Rita')).toMatchObject({ roles: ['reviewer', 'annotator'], hasPassphrase: true });
    expect(await reads.passphraseOf('Nobody')).toBeNull();
    await project.edit('Lee', 'Remove', (w) => w.review.removePerson('id-Ann'));
    expect(await reads.person('Ann')).toBeNull();
    // undo brings her back: every write went through the edit log
    await project.store.undo('Lee');
    expect(await reads.person('Ann')).toEqual(person('Ann', ['annotator', 'reviewer']));
  });

  it('gives guidelines in the order recorded, the latest in force', async () => {
    const reads = project.stores.review;
    expect(await reads.currentGuideline()).toBeNull();
    await project.edit('Lee', 'Guidelines', async (w) => {
      await w.review.putGuideline({ id: 'g1', version: 'v1', changes: 'first', why: '', createdBy: 'Lee', createdAt: '2026-01-01T00:00:00.000Z' });
      await w.review.putGuideline({ id: 'g3', version: 'v3', changes: '', why: 'same time, added later', createdBy: 'Lee', createdAt: '2026-01-02T00:00:00.000Z' });
      await w.review.putGuideline({ id: 'g2', version: 'v2', changes: '', why: '', createdBy: 'Lee', createdAt: '2026-01-02T00:00:00.000Z' });
    });
    expect((await reads.guidelines()).map((g) => g.version)).toEqual(['v1', 'v3', 'v2']);
    expect(await reads.currentGuideline()).toBe('v2');
    expect((await reads.guidelines())[0]).toEqual({ id: 'g1', version: 'v1', changes: 'first', why: '', createdBy: 'Lee', createdAt: '2026-01-01T00:00:00.000Z' });
  });

  it('reads rounds by number and assignments in the order added', async () => {
    const reads = project.stores.review;
    expect(await reads.nextRoundNumber()).toBe(1);
    await populate();
    expect(await reads.nextRoundNumber()).toBe(3);
    expect((await reads.rounds()).map((r) => r.number)).toEqual([1, 2]);
    expect(await reads.round(2)).toEqual(roundOf(2, ['Rita'], true));
    expect(await reads.round(9)).toBeNull();
    expect((await reads.assignmentsOfRound('round-1')).map((a) => a.id)).toEqual(['a2', 'a1', 'a3']);
    expect((await reads.assignmentsOfQuestion('round-1', 'q1')).map((a) => a.id)).toEqual(['a1', 'a3']);
    expect(await reads.assignmentsOf('Rita')).toEqual([
      { id: 'a2', roundId: 'round-1', questionId: 'q2', reviewer: 'Rita' },
      { id: 'a1', roundId: 'round-1', questionId: 'q1', reviewer: 'Rita' },
      { id: 'a4', roundId: 'round-2', questionId: 'q3', reviewer: 'Rita' },
    ]);
    expect(await reads.isAssigned('round-1', 'q1', 'Ann')).toBe(true);
    expect(await reads.isAssigned('round-1', 'q2', 'Ann')).toBe(false);
  });

  it('gives the items a person has in open rounds and has not reviewed there: not a closed round’s, nor one reviewed in another round only', async () => {
    await populate();
    const reads = project.stores.review;
    // Rita reviewed q1 in round 1; q2 waits; q3 is in the closed round 2
    expect(await reads.pendingItems('Rita')).toEqual(new Set(['q2']));
    // Ann's review of q1 was made in round 0, not in round 1
    expect(await reads.pendingItems('Ann')).toEqual(new Set(['q1']));
    expect(await reads.pendingItems('Nobody')).toEqual(new Set());
  });

  it('reads reviews and decisions in the order made (ties in the order added), by question, reviewer and round', async () => {
    await populate();
    const reads = project.stores.review;
    expect(await reads.review('r2')).toEqual(review('r2', 'q1', 'Rita', 1, '2026-01-02T00:00:00.000Z'));
    expect(await reads.review('none')).toBeNull();
    expect((await reads.reviewsOfQuestion('q1')).map((r) => r.id)).toEqual(['r2', 'r1']);
    expect((await reads.reviewsBy('Ann')).map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(await reads.questionsReviewedBy('Ann')).toEqual(new Set(['q1', 'q3']));
    expect((await reads.reviewsOfItemsIn('round-1')).map((r) => r.id)).toEqual(['r2', 'r1']);
    expect((await reads.reviewsOfItemsIn('round-2')).map((r) => r.id)).toEqual(['r0']);
    expect((await reads.allReviews()).map((r) => r.id)).toEqual(['r0', 'r2', 'r1']);
    expect(await reads.adjudicationsOfQuestion('q1')).toEqual([decision('d2', 'q1', 1, '2026-01-03T00:00:00.000Z')]);
    expect((await reads.adjudicationsOfItemsIn('round-2')).map((d) => d.id)).toEqual(['d1']);
    expect(await reads.adjudicationsOfItemsIn('round-1')).toHaveLength(1);
  });

  it('checks the reviews of a file made elsewhere one by one, in the order added, naming the review and field at fault', async () => {
    await populate();
    await rawEdit(project, 'Lee', 'Spoil', async (tx) => {
      const r1 = reviewToRow(review('r1', 'q1', 'Ann', 0, '2026-01-02T00:00:00.000Z'));
      await tx.put('reviews', { ...r1, fields: JSON.stringify({ ...JSON.parse(String(r1.fields)), verdict: 'maybe' }) });
      await tx.put('reviews', { ...reviewToRow(review('r0', 'q3', 'Ann', 0, '2026-01-01T00:00:00.000Z')), fields: 'not json' });
    });
    const checked = await project.stores.review.checkedReviews();
    expect(checked[0]).toEqual({ review: review('r2', 'q1', 'Rita', 1, '2026-01-02T00:00:00.000Z') });
    expect(checked[1]).toEqual({ id: 'r1', problem: expect.stringMatching(/^review r1: verdict: /) });
    expect(checked[2]).toEqual({ id: 'r0', problem: 'review r0: fields: not valid JSON.' });
  });

  it('reads what an edit has written so far inside it', async () => {
    await project.edit('Lee', 'Round', async (w) => {
      await w.review.putRound(roundOf(1, ['Rita']));
      expect(await w.review.nextRoundNumber()).toBe(2);
      expect(await project.stores.review.round(1)).toBeNull();
    });
    expect(await project.stores.review.round(1)).not.toBeNull();
  });

  it('orders names by their bytes, as SQLite does (capitals before small letters, accented letters last), whatever the locale', async () => {
    await project.edit('Lee', 'People', async (w) => {
      for (const name of ['adam', 'Émile', 'Zoe', 'bea']) await w.review.putPerson(person(name, ['annotator']));
    });
    expect((await project.stores.review.people()).map((p) => p.name)).toEqual(['Zoe', 'adam', 'bea', 'Émile']);
  });

  it('keeps a replaced review in its place among those made at the same time', async () => {
    await populate();
    await project.edit('Rita', 'Change', (w) => w.review.putReview({ ...review('r2', 'q1', 'Rita', 1, '2026-01-02T00:00:00.000Z'), verdict: 'reject' }));
    expect((await project.stores.review.reviewsOfQuestion('q1')).map((r) => [r.id, r.verdict])).toEqual([
      ['r2', 'reject'],
      ['r1', 'accept'],
    ]);
    // every review: read in storage order, where the replaced row now comes last
    expect((await project.stores.review.allReviews()).map((r) => r.id)).toEqual(['r0', 'r2', 'r1']);
  });

  it('reads thousands of reviews added in one edit in the order added, inside the edit and once committed', async () => {
    await populate();
    // ids that do not sort as they were added, all made at one time: only the order added orders them
    const ids = Array.from({ length: 2500 }, (_, i) => `x${(i * 7919) % 2500}`);
    const added = await project.edit('Rita', 'Many', async (w) => {
      for (const id of ids) await w.review.addReview(review(id, 'q2', 'Rita', 1, '2026-02-01T00:00:00.000Z'));
      return (await w.review.reviewsOfQuestion('q2')).map((r) => r.id);
    });
    expect(added).toEqual(ids);
    expect((await project.stores.review.reviewsOfItemsIn('round-1')).map((r) => r.id)).toEqual(['r2', 'r1', ...ids]);
    expect(await project.stores.review.pendingItems('Rita')).toEqual(new Set());
    expect((await project.stores.review.checkedReviews()).slice(-3)).toEqual(ids.slice(-3).map((id) => ({ review: review(id, 'q2', 'Rita', 1, '2026-02-01T00:00:00.000Z') })));
  });
});
