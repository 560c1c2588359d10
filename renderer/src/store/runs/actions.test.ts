import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import type { ModelRun, RunImportOutcome } from '../../../../shared/runs/types';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';

let answers: Record<string, unknown> = {};
vi.mock('../../api/client', () => ({ call: async (method: string) => answers[method] }));
const { onRunImportFinished, toggleRunLane } = await import('./actions');

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
