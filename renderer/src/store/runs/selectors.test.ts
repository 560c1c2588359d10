import { describe, expect, it } from 'vitest';
import type { ReplayResponse } from '../../../../shared/runs/replay';
import type { ModelResponse, ModelRun } from '../../../../shared/runs/types';
import { state } from '../test-support/fixtures';
import { question } from '../test-support/fixtures';
import { modelCounts, runLanes, selectedResponse, VERDICT_COLOURS } from './selectors';

const run: ModelRun = { id: 'r', model: 'qwen', label: 'async', source: 'x.jsonl', protocol: 'asynchronous', settings: { cameraBuffer: 2 }, createdBy: 'a', createdAt: '', responses: 2 };
const response = (id: string, t: number, latency: number | null): ModelResponse => ({ id, runId: 'r', questionId: 'q', query: 0, t, text: id, latency });
const replay = (id: string, t: number, verdict: ReplayResponse['verdict']): ReplayResponse => ({
  id,
  questionId: 'q',
  query: 0,
  t,
  offline: false,
  verdict,
  extracted: null,
  rule: null,
  knowableAt: null,
  early: null,
  judgment: null,
});

describe('run lanes', () => {
  it('colours each response by what the scorer made of it, and replays Alg. 1 when latencies are known', () => {
    const s = state({ runs: [run], runsShown: ['r'], runResponses: { r: [response('a', 0, 4.5), response('b', 4.6, 0.1)] }, runReplay: { r: [replay('b', 4.6, 'correct'), replay('a', 0, 'early')] } });
    const [lane, alg1] = runLanes(s);
    expect(lane!.ticks).toEqual([
      { t: 0, id: 'a', colour: VERDICT_COLOURS.early },
      { t: 4.6, id: 'b', colour: VERDICT_COLOURS.correct },
    ]);
    expect(alg1!.label).toBe('qwen · Alg. 1 (B = 2)');
    expect(alg1!.intervals[0]).toEqual([0, 4.5]);
    expect(alg1!.ticks!.slice(0, 2).map((t) => t.t)).toEqual([1, 2]); // dropped while the model was busy
    expect(runLanes(s)).toBe(runLanes(s)); // the same lanes while nothing changes
  });
  it('finds the picked response with its verdict, the same object each time', () => {
    const s = state({ runs: [run], runResponses: { r: [response('a', 0, null)] }, runReplay: { r: [replay('a', 0, 'wrong')] }, selectedResponseId: 'a' });
    expect(selectedResponse(s)).toMatchObject({ response: { id: 'a' }, replay: { verdict: 'wrong' }, run: { id: 'r' } });
    expect(selectedResponse(s)).toBe(selectedResponse(s));
  });
});

describe('a run’s counts', () => {
  it('draws the numbers a run gave for the selected counting question', () => {
    const counting = question('q', 'vcb', { counting: { subcategory: 'O1-Snap', target: 'chair', windowSeconds: null } });
    const replayed = [
      { ...replay('a', 30, 'correct'), extracted: 2 },
      { ...replay('b', 60, 'wrong'), extracted: 4 },
      { ...replay('c', 70, 'other'), questionId: 'other', extracted: 9 },
    ];
    const s = state({ runs: [run], runsShown: ['r'], runReplay: { r: replayed }, questions: [counting], selectedQuestionId: 'q' });
    expect(modelCounts(s)).toEqual([
      {
        label: 'qwen · async',
        colour: '#79c0ff',
        points: [
          { t: 30, value: 2 },
          { t: 60, value: 4 },
        ],
      },
    ]);
    expect(modelCounts({ ...s, selectedQuestionId: null })).toEqual([]);
  });
});
