import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../../shared/questions';
import { question, state } from '../test-support/fixtures';
import { getState, setState } from '../store';

// the service, answering each call when the test says so
const answers: Array<{ method: string; request: unknown; resolve: (value: unknown) => void }> = [];
vi.mock('../../api/client', () => ({
  call: (method: string, request: unknown) => new Promise((resolve) => answers.push({ method, request, resolve })),
}));
const { createQuestion, updateQuestion } = await import('./question-actions');
const { leftField, selectQuestion, typingInto } = await import('./actions');

const stored = (over: Partial<Question>): Question => ({ ...question('q', 'p'), updatedAt: 'stored', ...over });

describe('updateQuestion', () => {
  beforeEach(() => {
    answers.length = 0;
    setState(state({ questions: [question('q', 'p')], selectedQuestionId: 'q' }));
  });

  it('shows an edit at once and then what the service stored', async () => {
    const done = updateQuestion('q', { text: 'How many?' });
    expect(getState().questions[0]?.text).toBe('How many?');
    answers[0]!.resolve(stored({ text: 'How many?' }));
    await done;
    expect(getState().questions[0]?.updatedAt).toBe('stored');
  });

  it('never lets the answer to an older edit take a newer one back', async () => {
    const first = updateQuestion('q', { text: 'How many?' });
    const second = updateQuestion('q', { options: { A: '' } });
    expect(getState().questions[0]).toMatchObject({ text: 'How many?', options: { A: '' } });
    // the service stored the text first: its answer has no option A yet
    answers[0]!.resolve(stored({ text: 'How many?' }));
    await first;
    expect(getState().questions[0]?.options).toEqual({ A: '' });
    answers[1]!.resolve(stored({ text: 'How many?', options: { A: '' }, updatedAt: 'second' }));
    await second;
    expect(getState().questions[0]).toMatchObject({ options: { A: '' }, updatedAt: 'second' });
  });

  it('says what each changed field was as shown, so that another person’s change of it since is a conflict, not overwritten', async () => {
    const first = updateQuestion('q', { text: 'How many?' });
    const second = updateQuestion('q', { text: 'How many now?', status: 'in-review' });
    expect(answers.map((a) => a.request)).toEqual([
      { id: 'q', fields: { text: 'How many?' }, expected: { text: question('q', 'p').text } },
      { id: 'q', fields: { text: 'How many now?', status: 'in-review' }, expected: { text: 'How many?', status: question('q', 'p').status } },
    ]);
    answers[0]!.resolve(stored({ text: 'How many?' }));
    answers[1]!.resolve(stored({ text: 'How many now?', status: 'in-review' }));
    await Promise.all([first, second]);
  });
});

describe('the field being typed into', () => {
  beforeEach(() => {
    answers.length = 0;
    setState(state({ questions: [question('q', 'p')], selectedQuestionId: 'q', typingIn: null }));
  });

  it('is the text of a question just made, until that field is left', async () => {
    const made = createQuestion({ profileId: 'p' });
    answers[0]!.resolve({ question: question('new', 'p'), queryPoints: [] });
    await made;
    expect(getState()).toMatchObject({ selectedQuestionId: 'new', typingIn: { questionId: 'new', field: 'text' } });
    typingInto('new', 'text');
    leftField('new', 'options.A'); // another field left: not this one
    expect(getState().typingIn).toEqual({ questionId: 'new', field: 'text' });
    leftField('new', 'text');
    expect(getState().typingIn).toBeNull();
  });

  it('follows the focus, and is forgotten when another question is chosen', () => {
    typingInto('q', 'options.B');
    expect(getState().typingIn).toEqual({ questionId: 'q', field: 'options.B' });
    selectQuestion('q');
    expect(getState().typingIn).toEqual({ questionId: 'q', field: 'options.B' });
    selectQuestion(null);
    expect(getState().typingIn).toBeNull();
  });
});
