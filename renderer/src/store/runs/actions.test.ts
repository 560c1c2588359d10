import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import type { ModelRun, RunImportOutcome } from '../../../../shared/runs/types';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';

let answers: Record<string, unknown> = {};
vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  call: async (method: string) => {
    const value = answers[method];
    if (value instanceof Error) throw value;
    return value;
  },
}));
const { ApiCallError } = await import('../../api/client');
const { loadRunResponses, onRunImportFinished, toggleRunLane } = await import('./actions');

const run = (id: string): ModelRun => ({ id, label: id }) as unknown as ModelRun;
const finished = (): Extract<Job, { kind: 'run-import' }> =>
  ({ id: 'j', kind: 'run-import', label: 'Run', state: 'done', progress: 1, message: '', startedAt: 'now', result: {} as RunImportOutcome }) as Extract<Job, { kind: 'run-import' }>;

describe('run lanes after an import', () => {
  beforeEach(() => {
    answers = { 'runs.responses': [], 'runs.replay': [] };
    setState(state({ info: { caller: { person: 'r', role: 'researcher' } } as never }));
  });

  it('the first run imported into a project is shown once', async () => {
    answers['runs.list'] = [run('a')];
    await onRunImportFinished(finished());
    expect(getState().runsShown).toEqual(['a']);
    await toggleRunLane('a');
    expect(getState().runsShown).toEqual([]);
  });

  it('a run imported beside shown ones is added once, after them', async () => {
    setState({ runs: [run('a')], runsShown: ['a'] });
    answers['runs.list'] = [run('a'), run('b')];
    await onRunImportFinished(finished());
    expect(getState().runsShown).toEqual(['a', 'b']);
  });
});

describe('run lanes while blind', () => {
  it('are empty, without an error, when the services refuse a blind caller the responses (items waiting for their review, in any role)', async () => {
    const refused = new ApiCallError('forbidden', 'Val cannot call runs.responses while 2 items assigned to them in an open round wait for their blind review');
    answers = { 'runs.responses': refused, 'runs.replay': refused };
    setState(state({ info: { caller: { person: 'Val', role: 'annotator' } } as never, runs: [run('a')], runsShown: ['a'], error: null }));
    await loadRunResponses();
    expect(getState()).toMatchObject({ runResponses: { a: [] }, runReplay: { a: [] }, error: null });
  });

  it('still report any other failure', async () => {
    answers = { 'runs.responses': new ApiCallError('unavailable', 'The project is busy.'), 'runs.replay': [] };
    setState(state({ runs: [run('a')], runsShown: ['a'], error: null }));
    await loadRunResponses();
    expect(getState().error).toBe('The project is busy.');
  });
});
