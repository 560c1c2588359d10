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
const { loadDrafts } = await import('./actions');

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
