import { describe, expect, it } from 'vitest';
import type { Question } from '../questions';
import { runItemIds } from './item-ids';
import { testQuestion } from '../questions.test-util';

const question = (over: Partial<Question>): Question => testQuestion({ id: '1efdfed8-0bea-4963-8510-5d549767b45a', text: 'How many?', answerKind: 'number', ...over });

describe('the ids a run file names a question by', () => {
  it('is its own id for a question made in Tidemark', () => {
    expect(runItemIds(question({}), 'ovo-s-bench')).toEqual({ id: '1efdfed8-0bea-4963-8510-5d549767b45a', benchmarkId: null });
  });
  it('adds the id its benchmark file gave it (kept from the import, the field the format names it by)', () => {
    expect(runItemIds(question({ origin: { format: 'ovo-s-bench', extra: { id: '0944' } } }), 'ovo-s-bench').benchmarkId).toBe('0944');
    expect(runItemIds(question({ origin: { format: 'vcbench', extra: { id: 17 } } }), 'vcbench').benchmarkId).toBe('17');
    expect(runItemIds(question({ origin: { format: 'rtv-bench', extra: { questionID: 'rtv-3' } } }), 'rtv-bench').benchmarkId).toBe('rtv-3');
    expect(runItemIds(question({ origin: { format: 'vsas-bench', extra: { task_id: 't9' } } }), 'vsas-bench').benchmarkId).toBe('t9');
    // RTV names its ids questionID: an "id" there is no benchmark id
    expect(runItemIds(question({ origin: { format: 'rtv-bench', extra: { id: 'x' } } }), 'rtv-bench').benchmarkId).toBeNull();
  });
});
