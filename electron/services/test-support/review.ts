// A project with work to review: Ann's questions (a choice, a text answer carrying a sentinel, a
// counting question whose occurrence marks carry it in their notes), the people of a review, and
// the helpers the review tests share.
import type { Caller } from '../../../shared/domain';
import { queryPointFieldsSchema, questionFieldsSchema, type QuestionFields } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { builtinProfileId } from '../profiles/rows';
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
  const choice = await annotation.createQuestion(project, ann, videoId, question({ profileId: ovo, taskCode: '1.1.1', text: 'Which is nearer?', options: { A: 'chair', B: 'table' }, origin: { format: 'ovo-s', extra: { answer: SENTINEL } }, modelChecks: { cutoff: { cutoff: 5, supported: false, reason: `needs the ${SENTINEL}`, model: 'm', at: '' }, textOnly: { correct: 1, repeats: 1, answers: [SENTINEL], model: 'm', at: '' } } }), points([{ time: 5, answer: 'B', evidence: [[1, 4]] }]));
  const text = await annotation.createQuestion(project, ann, videoId, question({ profileId: builtinProfileId('phostream'), text: 'What is written on the sign?', answerKind: 'text', temporalType: 'backward' }), points([{ time: 12, answer: SENTINEL, evidence: [[8, 11]] }]));
  const vc = builtinProfileId('vcbench');
  const count = await annotation.createQuestion(project, ann, videoId, question({ profileId: vc, taskCode: 'E1-Action', text: 'How many jumps?', answerKind: 'number', counting: { subcategory: 'E1-Action', target: 'jumps', windowSeconds: null } }), points([{ time: 20 }]));
  await annotation.createMarks(project, ann, videoId, [
    { type: 'event', start: 3, end: null, target: 'jumps', data: { note: SENTINEL } },
    { type: 'event', start: 9, end: null, target: 'jumps', data: {} },
    { type: 'span', start: 30, end: 32, target: 'door', data: { note: `author note ${SENTINEL}` } },
  ]);
  const plain = await annotation.createQuestion(project, ann, videoId, question({ profileId: ovo, taskCode: '2.1.1', text: 'Was this room seen before?', options: { A: 'yes', B: 'no' } }), points([{ time: 40, answer: 'A' }]));
  return { videoId, choiceId: choice.question.id, textId: text.question.id, countId: count.question.id, plainId: plain.question.id };
}
