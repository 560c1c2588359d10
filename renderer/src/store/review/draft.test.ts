import { describe, expect, it } from 'vitest';
import { point, question } from '../test-support/fixtures';
import { answerForKey, answerText, decisionSubmission, emptyDecisionDraft, emptyReviewDraft, parseAnswer, reviewSubmission, secondsSpent } from './draft';

const choice = question('q', 'p', { answerKind: 'choice', options: { A: 'one', B: 'two', C: 'three' } });
const open = { questionId: 'q', videoId: 'v1', round: 3, openedAt: 0 };

describe('review drafts', () => {
  it('start with an empty answer at each query point', () => {
    expect(emptyReviewDraft([{ id: 'p1' }, { id: 'p2' }])).toEqual({ answers: { p1: { answer: '', evidence: [] }, p2: { answer: '', evidence: [] } }, verdict: null, reason: null, notes: '' });
  });
  it('letter keys A–G (either case) and 1–7 pick an option the question has; Y / N answer yes / no', () => {
    expect(answerForKey('b', choice)).toBe('B');
    expect(answerForKey('C', choice)).toBe('C');
    expect(answerForKey('2', choice)).toBe('B');
    expect(answerForKey('d', choice)).toBeNull(); // no option D
    expect(answerForKey('7', choice)).toBeNull();
    expect(answerForKey('x', choice)).toBeNull();
    const yesno = question('y', 'p', { answerKind: 'yesno' });
    expect(answerForKey('y', yesno)).toBe('yes');
    expect(answerForKey('N', yesno)).toBe('no');
    expect(answerForKey('a', yesno)).toBeNull();
    expect(answerForKey('a', question('t', 'p', { answerKind: 'text' }))).toBeNull();
  });
  it('parse typed answers by kind: numbers as numbers (a decimal comma too), letters upper case, empty as none', () => {
    expect(parseAnswer(' 12 ', 'number')).toEqual({ ok: true, answer: 12 });
    expect(parseAnswer('2,5', 'number')).toEqual({ ok: true, answer: 2.5 });
    expect(parseAnswer('many', 'number')).toEqual({ ok: false, error: '“many” is not a number' });
    expect(parseAnswer('b', 'choice')).toEqual({ ok: true, answer: 'B' });
    expect(parseAnswer(' Red car ', 'text')).toEqual({ ok: true, answer: 'Red car' });
    expect(parseAnswer('  ', 'text')).toEqual({ ok: true, answer: null });
  });
  it('count the seconds spent from opening to submit', () => {
    expect(secondsSpent(1_000, 62_400)).toBe(61);
    expect(secondsSpent(5_000, 1_000)).toBe(0);
  });
  it('need an answer at every query point, a verdict, and a reason to revise or reject', () => {
    const points = [point('p1', 'q', 4), point('p2', 'q', 9)];
    const draft = emptyReviewDraft(points);
    expect(reviewSubmission(draft, open, choice, points, 0)).toEqual({ ok: false, error: 'Give your answer at 4.00 s.' });
    const answered = { ...draft, answers: { p1: { answer: 'A', evidence: [] }, p2: { answer: 'C', evidence: [] } } };
    expect(reviewSubmission(answered, open, choice, points, 0)).toEqual({ ok: false, error: 'Choose a verdict: accept, revise or reject.' });
    expect(reviewSubmission({ ...answered, verdict: 'reject' }, open, choice, points, 0)).toMatchObject({ ok: false, error: expect.stringContaining('reason') });
    const accepted = reviewSubmission({ ...answered, verdict: 'accept' }, open, choice, points, 30_000);
    expect(accepted).toMatchObject({ ok: true, request: { round: 3, verdict: 'accept', reason: null, secondsSpent: 30 } });
    const number = question('n', 'p', { answerKind: 'number' });
    expect(reviewSubmission({ ...answered, verdict: 'accept' }, open, number, points, 0)).toEqual({ ok: false, error: 'At 4.00 s: “A” is not a number.' });
  });
});

describe('decision drafts', () => {
  const points = [point('p1', 'q', 4, { answer: 'A' })];
  const item = { round: 2, question: choice, queryPoints: points, reviews: [] };
  it('need a decision; a kept review must be chosen; an edit needs every answer; a rejection its reason', () => {
    expect(decisionSubmission(emptyDecisionDraft(), item).ok).toBe(false);
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'keep-author' }, item)).toEqual({
      ok: true,
      request: { questionId: 'q', round: 2, decision: 'keep-author', reason: '', notes: '' },
    });
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'keep-reviewer', reviewId: 'gone' }, item)).toEqual({ ok: false, error: 'Choose whose review to keep.' });
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'edit' }, item)).toEqual({ ok: false, error: 'Give the answer that stands at 4.00 s.' });
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'edit', answers: { p1: 'c' } }, item)).toMatchObject({
      ok: true,
      request: { decision: 'edit', answers: [{ queryPointId: 'p1', answer: 'C' }] },
    });
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'reject' }, item).ok).toBe(false);
    expect(decisionSubmission({ ...emptyDecisionDraft(), decision: 'reject', reason: 'ambiguous' }, item)).toMatchObject({ ok: true, request: { decision: 'reject', reason: 'ambiguous' } });
  });
});

describe('answers shown', () => {
  it('read as a person reads them', () => {
    expect(answerText(null)).toBe('—');
    expect(answerText('B')).toBe('B');
    expect(answerText(4)).toBe('4');
  });
});
