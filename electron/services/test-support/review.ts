// A project with work to review: Ann's questions (a choice, a text answer carrying a sentinel, a
// counting question whose occurrence marks carry it in their notes), the people of a review, and
// the helpers the review tests share.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { requestSchemas } from '../../../shared/api';
import { openRound } from '../review/rounds';
import type { Caller } from '../../../shared/domain';
import { draftProvenanceSchema, type Draft } from '../../../shared/drafting/drafts';
import type { Mark } from '../../../shared/marks';
import { queryPointFieldsSchema, questionFieldsSchema, type QuestionFields } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { importRunFile } from '../runs/import';
import { builtinProfileId } from '../profiles/builtin';
import type { Project } from '../projects/project';
import { savePerson } from '../review/people';
import { insertTestVideo } from './project';

export const SENTINEL = 'SENTINEL-7f3a-answer';
export const lead: Caller = { person: 'Lee', role: 'lead' };
export const ann: Caller = { person: 'Ann', role: 'annotator' };
export const rita: Caller = { person: 'Rita', role: 'reviewer' };
export const rob: Caller = { person: 'Rob', role: 'reviewer' };
export const ada: Caller = { person: 'Ada', role: 'adjudicator' };

const question = (input: Partial<QuestionFields> & { profileId: string }): QuestionFields => questionFieldsSchema.parse(input);
const points = (list: unknown[]) => list.map((p) => queryPointFieldsSchema.parse(p));

export interface ReviewFixture {
  videoId: string;
  choiceId: string;
  textId: string;
  countId: string;
  /** Holds no sentinel: the item a blind reviewer may submit without seeing one afterwards. */
  plainId: string;
}

export async function populateForReview(project: Project): Promise<ReviewFixture> {
  const videoId = await insertTestVideo(project);
  await savePerson(project, lead, 'Lee', ['lead']);
  await savePerson(project, lead, 'Ann', ['annotator']);
  await savePerson(project, lead, 'Rita', ['reviewer']);
  await savePerson(project, lead, 'Rob', ['reviewer']);
  await savePerson(project, lead, 'Ada', ['adjudicator']);
  const ovo = builtinProfileId('ovo-s-bench');
  const choice = await annotation.createQuestion(
    project,
    ann,
    videoId,
    question({
      profileId: ovo,
      taskCode: '1.1.1',
      text: 'Which is nearer?',
      options: { A: 'chair', B: 'table' },
      origin: { format: 'ovo-s', extra: { answer: SENTINEL } },
      modelChecks: { cutoff: { cutoff: 5, supported: false, reason: `needs the ${SENTINEL}`, model: 'm', at: '' }, textOnly: { correct: 1, repeats: 1, answers: [SENTINEL], model: 'm', at: '' } },
    }),
    points([{ time: 5, answer: 'B', evidence: [[1, 4]] }]),
  );
  const text = await annotation.createQuestion(
    project,
    ann,
    videoId,
    question({ profileId: builtinProfileId('phostream'), text: 'What is written on the sign?', answerKind: 'text', temporalType: 'backward' }),
    points([{ time: 12, answer: SENTINEL, evidence: [[8, 11]] }]),
  );
  const vc = builtinProfileId('vcbench');
  const count = await annotation.createQuestion(
    project,
    ann,
    videoId,
    question({ profileId: vc, taskCode: 'E1-Action', text: 'How many jumps?', answerKind: 'number', counting: { subcategory: 'E1-Action', target: 'jumps', windowSeconds: null } }),
    points([{ time: 20 }]),
  );
  await annotation.createMarks(project, ann, videoId, [
    { type: 'event', start: 3, end: null, target: 'jumps', data: { note: SENTINEL } },
    { type: 'event', start: 9, end: null, target: 'jumps', data: {} },
    { type: 'span', start: 30, end: 32, target: 'door', data: { note: `author note ${SENTINEL}` } },
  ]);
  const plain = await annotation.createQuestion(
    project,
    ann,
    videoId,
    question({ profileId: ovo, taskCode: '2.1.1', text: 'Was this room seen before?', options: { A: 'yes', B: 'no' } }),
    points([{ time: 40, answer: 'A' }]),
  );
  return { videoId, choiceId: choice.question.id, textId: text.question.id, countId: count.question.id, plainId: plain.question.id };
}

export interface DraftedFixture {
  /** A VSAS caption task made as the N key makes it: no temporal type, no task code. */
  captionTaskId: string;
  /** A model-drafted event whose target no question counts: its id is a sentinel of its own (an event has no text a blind caller keeps). */
  draftedEventId: string;
  runId: string;
}

/**
 * Ann's dense-caption task as the renderer's N key creates it (renderer/src/store/annotation/
 * question-actions.ts: the profile, its first answer kind, one query point at t = 0), its captions
 * drafted by a model, a drafted event, the drafts themselves, and a model run answering the
 * sentinel items — each carrying the sentinel where its kind of thing can.
 */
export async function addDraftsAndRun(project: Project, fx: ReviewFixture, runFile: string): Promise<DraftedFixture> {
  const { videoId } = fx;
  const request = requestSchemas['questions.create'].parse({ videoId, fields: { profileId: builtinProfileId('vsas-bench'), answerKind: 'text' }, queryPoints: [{ time: 0 }] });
  const task = (await annotation.createQuestion(project, ann, videoId, request.fields, request.queryPoints)).question;
  const captions = await annotation.createMarks(
    project,
    ann,
    videoId,
    [0, 1, 2].map((s) => ({ type: 'caption' as const, start: s, end: s + 1, target: task.id, data: { text: `The cook slices (${SENTINEL}) at ${s} s` } })),
  );
  const [event] = await annotation.createMarks(project, ann, videoId, [{ type: 'event', start: 50, end: null, target: 'knocks', data: { note: `model note ${SENTINEL}` } }]);
  const draftOf = (kind: Draft['kind'], mark: Mark): Draft => ({
    id: randomUUID(),
    videoId,
    kind,
    target: mark.target,
    at: mark.start,
    madeId: mark.id,
    status: 'draft',
    provenance: draftProvenanceSchema.parse({
      model: 'm',
      host: 'h',
      promptTemplate: `describe ${SENTINEL}`,
      promptVersion: 1,
      policy: 'sw',
      k: 1,
      frameTimes: [mark.start],
      inputTokens: 1,
      outputTokens: 1,
      costUsd: 0,
      latencyMs: 1,
      raw: `{"text":"${SENTINEL}"}`,
      error: null,
      drafted: SENTINEL,
    }),
    createdAt: new Date().toISOString(),
    decidedBy: null,
    decidedAt: null,
  });
  await project.edit('Ann', 'Draft captions and an event', async (w) => {
    for (const c of captions) await w.drafting.add(draftOf('caption', c));
    await w.drafting.add(draftOf('event', event!));
  });
  // a model answering the sentinel items with the sentinel: its responses and their scores give the answers away
  writeFileSync(runFile, [fx.textId, fx.choiceId].map((item) => JSON.stringify({ model: 'leaky-model', item, response: SENTINEL })).join('\n'));
  const outcome = await importRunFile(project, lead, { path: runFile });
  if (outcome.refused || outcome.runs.length !== 1) throw new Error(`The fixture's run was not imported: ${JSON.stringify(outcome)}`);
  const runId = (await project.stores.runs.list())[0]!.id;
  return { captionTaskId: task.id, draftedEventId: event!.id, runId };
}

/** A review round of every item of Ann's, each reviewed once by one of `reviewers`. */
export function openRoundOfAnns(project: Project, name: string, reviewers: string[]): ReturnType<typeof openRound> {
  return openRound(project, lead, {
    name,
    purpose: 'review',
    selection: { profileId: null, taskCodes: [], statuses: [], authors: ['Ann'], sample: null },
    reviewers,
    reviewsPerItem: 1,
    threshold: 0.8,
    numericTolerance: 0,
    eventTolerance: 1,
  });
}
