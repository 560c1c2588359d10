// Loading a video's drafts: a caller the services keep drafts from (a reviewer, or anyone with items
// to review in an open round, whatever role they work in) sees none, and no error for it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../api/client';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';

const calls: string[] = [];
let answer: (method: string) => unknown = () => [];
vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  call: async (method: string) => {
    calls.push(method);
    const value = answer(method);
    if (value instanceof Error) throw value;
    return value;
  },
}));
const { acceptCurrentDraft, loadDrafts, rejectCurrentDraft } = await import('./actions');

const info = (role: 'annotator' | 'reviewer') => ({ caller: { person: 'Val', role } }) as unknown as NonNullable<ReturnType<typeof getState>['info']>;

describe('loading drafts', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('shows no drafts, and no error, to an annotator the services keep them from (items waiting for their blind review)', async () => {
    setState(state({ info: info('annotator'), modelDrafts: [{ id: 'old' }] as never, error: null }));
    answer = () => new ApiCallError('forbidden', 'Val cannot call drafts.list while 2 items assigned to them in an open round wait for their blind review');
    await loadDrafts();
    expect(calls).toEqual(['drafts.list']);
    expect(getState()).toMatchObject({ modelDrafts: [], error: null });
  });

  it('reports any other failure', async () => {
    setState(state({ info: info('annotator'), error: null }));
    answer = () => new ApiCallError('unavailable', 'The project is busy.');
    await loadDrafts();
    expect(getState().error).toBe('The project is busy.');
  });

  it('does not ask while working as a reviewer', async () => {
    setState(state({ info: info('reviewer'), modelDrafts: [{ id: 'old' }] as never }));
    await loadDrafts();
    expect(calls).toEqual([]);
    expect(getState().modelDrafts).toEqual([]);
  });
});

describe('the one key with nothing to decide', () => {
  const profiles = [
    {
      id: 'vsas',
      kind: 'custom',
      name: 'vsas',
      builtin: false,
      taxonomy: [],
      rules: { answerKinds: ['text'], temporalTypes: [], maxOptions: 4, groups: false, counting: false, denseCaptions: true, proactive: false, namedEntities: false, facets: {} },
    },
  ] as never;
  const questions = [{ id: 'task', videoId: 'v1', profileId: 'vsas' }] as never;
  const caption = (status: string) => ({ id: 'd1', videoId: 'v1', kind: 'caption', target: 'task', at: 3, madeId: 'm1', status, current: 'a caption', task: 'task', provenance: {} }) as never;
  beforeEach(() => {
    calls.length = 0;
    answer = () => ({ decided: 1 });
  });

  it('says there is no draft at the playhead or selected, and which key finds the next one', () => {
    setState(state({ info: info('annotator'), modelDrafts: [], status: null }));
    expect(acceptCurrentDraft()).toBe(false);
    expect(getState().status).toBe('No model draft at the playhead or selected — U goes to the next undecided draft');
    expect(rejectCurrentDraft()).toBe(false);
    expect(getState().status).toBe('No model draft at the playhead or selected to reject — U goes to the next undecided draft');
    // the key named is the one bound
    setState({ keymap: { 'next-draft': ['Alt+n'] } });
    acceptCurrentDraft();
    expect(getState().status).toBe('No model draft at the playhead or selected — Alt+N goes to the next undecided draft');
    expect(calls).toEqual([]);
  });

  it('says the draft here is decided already', () => {
    setState(state({ info: info('annotator'), keymap: {}, profiles, questions, selectedQuestionId: 'task', commanded: { time: 3.2, seq: 1 }, modelDrafts: [caption('accepted')] }));
    expect(acceptCurrentDraft()).toBe(false);
    expect(getState().status).toBe('The draft here is already accepted — U goes to the next undecided draft');
    expect(calls).toEqual([]);
  });

  it('decides an undecided draft', async () => {
    setState(state({ info: info('annotator'), keymap: {}, profiles, questions, selectedQuestionId: 'task', commanded: { time: 3.2, seq: 1 }, modelDrafts: [caption('draft')] }));
    expect(rejectCurrentDraft()).toBe(true);
    await vi.waitFor(() => expect(calls).toContain('drafts.decide'));
  });
});
