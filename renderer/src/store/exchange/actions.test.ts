import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportOutcome } from '../../../../shared/exchange';
import type { Job } from '../../../../shared/jobs';
import { emit } from '../effects';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';

const calls: Array<{ method: string; request: unknown }> = [];
let answer: (method: string) => unknown = () => ({ jobId: 'job-1' });
vi.mock('../../api/client', () => ({
  call: async (method: string, request: unknown) => {
    calls.push({ method, request });
    const value = answer(method);
    if (value instanceof Error) throw value;
    return value;
  },
}));
const { registerExchange, startExport, startImport } = await import('./actions');
registerExchange();

const outcome: ExportOutcome = { written: true, path: '/tmp/out.jsonl', items: 3, readiness: null, leftOut: [] };
const exportJob = (over: Partial<Extract<Job, { kind: 'export' }>>): Job => ({
  id: 'job-1',
  kind: 'export',
  format: 'ovo-s',
  label: 'Export',
  state: 'done',
  progress: 1,
  message: 'Done',
  startedAt: 'now',
  ...over,
});

describe('exchange actions', () => {
  beforeEach(() => {
    calls.length = 0;
    answer = () => ({ jobId: 'job-1' });
    setState(state({ overlay: 'exchange' }));
  });

  it('an export runs as a job: its outcome arrives as the finished job’s result', async () => {
    await startExport({ path: '/tmp/out.jsonl', format: 'ovo-s', force: false });
    expect(getState().exportJobId).toBe('job-1');
    expect(calls.map((c) => c.method)).toContain('exchange.export');
    await emit('jobFinished', exportJob({ id: 'other', result: { ...outcome, items: 99 } }));
    expect(getState().exported).toBeNull(); // not this dialog's job
    await emit('jobFinished', exportJob({ result: outcome }));
    expect(getState()).toMatchObject({ exportJobId: null, exported: outcome, exchangeError: null });
  });

  it('a failed job says why in the dialog, not in the page banner; closing the dialog clears it', async () => {
    await startExport({ path: '/nope/out.jsonl', format: 'ovo-s', force: false });
    await emit('jobFinished', exportJob({ state: 'failed', message: 'Cannot write /nope/out.jsonl' }));
    expect(getState()).toMatchObject({ exchangeError: 'Cannot write /nope/out.jsonl', error: null, exported: null });
    await emit('overlayClosed', 'exchange');
    expect(getState().exchangeError).toBeNull();
  });

  it('a refused request is shown in the dialog too', async () => {
    answer = () => new Error('Cannot import format "nope"');
    await startImport({ path: '/tmp/in.jsonl', format: 'nope' });
    expect(getState()).toMatchObject({ exchangeError: 'Cannot import format "nope"', error: null, importJobId: null });
  });

  it('shown statistics are read again after an undo or redo of what they count, not of anything else', async () => {
    const figures = (questions: number) => [{ profile: 'OVO-S', questions }] as unknown as ReturnType<typeof getState>['stats'];
    answer = () => figures(2);
    setState({ stats: figures(3) });
    await emit('editApplied', { label: 'Add event', videoIds: ['v'], tables: ['marks'] });
    expect(calls.map((c) => c.method)).not.toContain('exchange.stats');
    await emit('editApplied', { label: 'Import ovo.jsonl', videoIds: [], tables: ['questions', 'query_points'] });
    expect(calls.map((c) => c.method)).toContain('exchange.stats');
    expect(getState().stats).toEqual(figures(2));
  });

  it('passes the choice for questions the profile already has', async () => {
    await startImport({ path: '/tmp/in.jsonl', format: 'ovo-s', existing: 'update' });
    expect(calls.find((c) => c.method === 'exchange.import')?.request).toMatchObject({ existing: 'update' });
  });
});
