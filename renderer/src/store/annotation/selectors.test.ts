import { describe, expect, it } from 'vitest';
import type { Mark } from '../../../../shared/marks';
import { point, profile, question, span, state } from '../test-support/fixtures';
import type { Lint } from '../../../../shared/lints';
import { captionTask, currentOpenMark, currentTarget, openMarks, pointsOf, prefixLimit, questionReadOnly, selectedQueryPoint, selectedQuestion, shownLints, untouchedNewQuestion } from './selectors';

describe('annotation selectors', () => {
  const profiles = [profile('vsas', { denseCaptions: true }), profile('other')];
  const questions = [question('t1', 'vsas'), question('t2', 'other'), question('f', 'other', { temporalType: 'forward' })];

  it('finds the selected question and query point', () => {
    const s = state({ questions, queryPoints: [point('p', 't2', 4)], selectedQuestionId: 't2', selectedQueryPointId: 'p' });
    expect(selectedQuestion(s)?.id).toBe('t2');
    expect(selectedQueryPoint(s)?.time).toBe(4);
    expect(selectedQuestion(state({ questions }))).toBeNull();
  });
  it('captions belong to the selected task only when its profile has dense captions', () => {
    expect(captionTask(state({ profiles, questions, selectedQuestionId: 't1' }))).toBe('t1');
    expect(captionTask(state({ profiles, questions, selectedQuestionId: 't2' }))).toBeNull();
    expect(captionTask(state({ profiles, questions }))).toBeNull();
  });
  it('lists a question’s query points in time order', () => {
    const queryPoints = [3, 1, 2].map((time, i) => point(`p${i}`, 'q', time));
    expect(pointsOf(state({ queryPoints }), 'q').map((p) => p.time)).toEqual([1, 2, 3]);
  });
  it('new marks count the selected counting question’s target, else the Target box', () => {
    const counting = question('c', 'other', { counting: { subcategory: 'E1-Action', target: 'cuts', windowSeconds: null } });
    expect(currentTarget(state({ markTarget: 'chairs' }))).toBe('chairs');
    expect(currentTarget(state({ markTarget: 'chairs', questions: [counting], selectedQuestionId: 'c' }))).toBe('cuts');
  });
  it('limits the view to the prefix a model sees: t_q, or T_p for forward questions', () => {
    const queryPoints = [point('p', 't2', 5), point('fp', 'f', 5, { proactiveTime: 8 }), point('tp', 't1', 0)];
    const base = { profiles, questions, queryPoints };
    expect(prefixLimit(state({ ...base, selectedQuestionId: 't2', selectedQueryPointId: 'p' }))).toBe(5);
    expect(prefixLimit(state({ ...base, selectedQuestionId: 'f', selectedQueryPointId: 'fp' }))).toBe(8);
    expect(prefixLimit(state({ ...base, selectedQuestionId: 't2', selectedQueryPointId: 'p', prefixOnly: false }))).toBeNull();
    // a dense-caption task is answered every second: its whole video is in play
    expect(prefixLimit(state({ ...base, selectedQuestionId: 't1', selectedQueryPointId: 'tp' }))).toBeNull();
  });

  it('a question just made counts as untouched until it or its query points change', () => {
    const made = question('n', 'other');
    const at = point('np', 'n', 2);
    const fresh = { questions: [made], queryPoints: [at], selectedQuestionId: 'n', newQuestion: { question: made, points: [at] } };
    expect(untouchedNewQuestion(state(fresh))?.id).toBe('n');
    expect(untouchedNewQuestion(state({ ...fresh, questions: [{ ...made, text: 'Which?' }] }))).toBeNull();
    expect(untouchedNewQuestion(state({ ...fresh, questions: [{ ...made }] }))).toBeNull(); // edited, even back to empty
    expect(untouchedNewQuestion(state({ ...fresh, queryPoints: [{ ...at, time: 3 }] }))).toBeNull();
    expect(untouchedNewQuestion(state({ ...fresh, queryPoints: [at, point('np2', 'n', 4)] }))).toBeNull();
    expect(untouchedNewQuestion(state({ ...fresh, selectedQuestionId: null }))).toBeNull();
    expect(untouchedNewQuestion(state({ ...fresh, newQuestion: null }))).toBeNull();
  });

  it('lists the intervals still open, and picks the one a key closes: the selected one, else the last opened', () => {
    const cycle: Mark = { id: 'c', videoId: 'v1', type: 'cycle', start: 6, end: null, target: '', data: { splits: [] } };
    const event: Mark = { id: 'e', videoId: 'v1', type: 'event', start: 7, end: null, target: '', data: {} };
    const marks = [span('closed', 1, 2), span('a', 2, null), span('b', 4, null), cycle, event];
    const s = state({ marks });
    expect(openMarks(s).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(openMarks(s)).toBe(openMarks(state({ marks }))); // worked out once per marks array
    expect(currentOpenMark(s)?.id).toBe('c');
    expect(currentOpenMark(s, 'span')?.id).toBe('b');
    expect(currentOpenMark(state({ marks, selectedMarkId: 'a' }), 'span')?.id).toBe('a');
    expect(currentOpenMark(s, 'entity')).toBeNull();
  });

  it('does not call the field being typed into empty; every other lint stays', () => {
    const lint = (code: string, questionId: string, field?: string): Lint => ({ severity: 'error', code, message: code, questionId, ...(field ? { field } : {}) });
    const lints = [lint('empty-text', 'q', 'text'), lint('empty-option', 'q', 'options.A'), lint('empty-option', 'q', 'options.B'), lint('no-answer', 'q'), lint('empty-text', 'other', 'text')];
    const codes = (s: Parameters<typeof shownLints>[1]) => shownLints(lints, s).map((l) => `${l.questionId}:${l.field ?? l.code}`);
    expect(codes({ selectedQuestionId: 'q', typingIn: null })).toEqual(['q:text', 'q:options.A', 'q:options.B', 'q:no-answer', 'other:text']);
    expect(codes({ selectedQuestionId: 'q', typingIn: { questionId: 'q', field: 'text' } })).toEqual(['q:options.A', 'q:options.B', 'q:no-answer', 'other:text']);
    expect(codes({ selectedQuestionId: 'q', typingIn: { questionId: 'q', field: 'options.A' } })).toEqual(['q:text', 'q:options.B', 'q:no-answer', 'other:text']);
    // a field of a question no longer shown is typed into no more
    expect(codes({ selectedQuestionId: 'other', typingIn: { questionId: 'q', field: 'text' } })).toEqual(['q:text', 'q:options.A', 'q:options.B', 'q:no-answer', 'other:text']);
  });
});

describe('questionReadOnly', () => {
  const info = (role: string) => ({ caller: { person: 'p', role } }) as never;
  it('a reviewer, and anyone the question is withheld from, only read it; an annotator edits it', () => {
    const q = question('q', 'p');
    expect(questionReadOnly(state({ info: info('annotator'), questions: [q], selectedQuestionId: 'q' }))).toBeNull();
    expect(questionReadOnly(state({ info: info('reviewer'), questions: [q], selectedQuestionId: 'q' }))).toMatch(/^Read only: reviewers answer in the review form/);
    expect(questionReadOnly(state({ info: info('lead'), questions: [q], selectedQuestionId: 'q', withheld: ['q'] }))).toMatch(/^Read only: you review this question blind/);
    expect(questionReadOnly(state({ info: info('reviewer'), questions: [q], selectedQuestionId: null }))).toBeNull();
  });
});
