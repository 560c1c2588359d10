// The SQLite runs store, through its interface (RunStore, and RunWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { questionFieldsSchema, type Question } from '../../../../shared/questions';
import type { ModelResponse } from '../../../../shared/runs/types';
import { Pacer } from '../../pacer';
import { builtinProfileId } from '../../profiles/builtin';
import type { Project } from '../../projects/project';
import { judgmentFieldsSchema } from '../../runs/store';
import { insertTestVideo, newProjectEachTest } from '../../test-support/project';

let project: Project;
let videoId: string;
let otherVideo: string;

const ovo = builtinProfileId('ovo-s-bench');
const question = (id: string, video: string): Question => ({
  ...questionFieldsSchema.parse({ profileId: ovo, text: id }),
  id,
  videoId: video,
  provenance: { text: 'human' },
  createdBy: 'ann',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const response = (id: string, runId: string, questionId: string, t: number | null, extra: Partial<ModelResponse> = {}): ModelResponse => ({
  id,
  runId,
  questionId,
  query: 0,
  t,
  text: `answer ${id}`,
  latency: null,
  ...extra,
});
const run = (id: string, model: string, label: string, createdAt: string) => ({
  id,
  model,
  label,
  source: `${label}.jsonl`,
  protocol: null,
  settings: { temperature: 0 },
  createdBy: 'Lee',
  createdAt,
});
const fields = (reason: string, model = 'judge-1') => judgmentFieldsSchema.parse({ reason, model, template: 't', version: 1, raw: null, inputTokens: 1, outputTokens: 2, costUsd: 0.5 });
const store = () => project.stores.runs;

newProjectEachTest(async (p) => {
  project = p;
  videoId = await insertTestVideo(project);
  otherVideo = await insertTestVideo(project);
  await project.edit('ann', 'Questions', async (w) => {
    await w.annotation.addQuestion(question('q1', videoId), '2026-01-01');
    await w.annotation.addQuestion(question('q2', otherVideo), '2026-01-02');
  });
});

describe('the SQLite runs store', () => {
  it('adds runs and responses in one undoable edit, lists them with their counts, and reads them back typed', async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('rb', 'gpt', 'second', '2026-02-02'));
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addResponse(response('s2', 'ra', 'q2', 3));
      await w.runs.addResponse(response('s1', 'ra', 'q1', null, { frames: [0, 1], meta: { temperature: 0 } }));
      // what the edit has written so far is read inside it
      expect(await w.runs.hasRunNamed('gemini', 'first')).toBe(true);
    });
    expect((await store().list()).map((r) => [r.id, r.responses])).toEqual([
      ['ra', 2],
      ['rb', 0],
    ]);
    expect(await store().get('ra')).toEqual({ ...run('ra', 'gemini', 'first', '2026-02-01'), responses: 2 });
    expect(await store().get('nope')).toBeNull();
    expect(await store().hasRunNamed('gemini', 'first')).toBe(true);
    expect(await store().hasRunNamed('gemini', 'second')).toBe(false);
    expect(await store().responsesOfRun('ra')).toEqual([response('s1', 'ra', 'q1', null, { frames: [0, 1], meta: { temperature: 0 } }), response('s2', 'ra', 'q2', 3)]);
    await project.store.undo('Lee');
    expect(await store().list()).toEqual([]);
  });

  it("reads a run's responses paced, all of them or one video's, on a snapshot", async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      for (const [i, q] of ['q1', 'q2', 'q1'].entries()) await w.runs.addResponse(response(`s${i}`, 'ra', q, i));
    });
    const [all, ofVideo] = await project.snapshot(async (stores) => {
      const { scan } = stores.runs;
      return [await scan.responsesOfRun('ra', new Pacer()), await scan.responsesOfVideo('ra', videoId, new Pacer())];
    });
    expect(all.map((r) => r.id).sort()).toEqual(['s0', 's1', 's2']);
    expect(ofVideo.map((r) => r.id).sort()).toEqual(['s0', 's2']);
  });

  it('removes a run with its responses, undone as one step', async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addResponse(response('s1', 'ra', 'q1', 1));
    });
    await project.edit('Lee', 'Remove', (w) => w.runs.removeRun('ra'));
    expect(await store().list()).toEqual([]);
    expect(await store().responsesOfRun('ra')).toEqual([]);
    await project.store.undo('Lee');
    expect((await store().responsesOfRun('ra')).map((r) => r.id)).toEqual(['s1']);
  });

  it("stores judgments by key and repeat, replaces a person's, and finds them by key prefix", async () => {
    await project.edit('Lee', 'Judgments', async (w) => {
      await w.runs.addJudgment('k1', 1, { score: 2, reason: 'second', verdict: 'no' }, fields('second'));
      await w.runs.addJudgment('k1', 0, { score: 4, reason: 'first', verdict: 'yes' }, fields('first'));
      await w.runs.addJudgment('person:Ann\u0000k1', 0, { score: 1, reason: 'mine' }, fields('mine', 'person:Ann'));
    });
    expect(await store().judgments(['k1', 'k1', 'missing'])).toEqual(
      new Map([
        [
          'k1',
          [
            { score: 4, reason: 'first', verdict: 'yes' },
            { score: 2, reason: 'second', verdict: 'no' },
          ],
        ],
      ]),
    );
    expect([await store().isJudged('k1'), await store().isJudged('k1', 1), await store().isJudged('k1', 2), await store().isJudged('k2')]).toEqual([true, true, false, false]);
    await project.edit('Ann', 'Again', (w) => w.runs.replaceJudgment('person:Ann\u0000k1', { score: 5, reason: 'changed' }, fields('changed', 'person:Ann')));
    const people = await store().judgmentsKeyedFrom('person:');
    expect(people).toEqual([{ key: 'person:Ann\u0000k1', repeat: 0, judgment: { score: 5, reason: 'changed' }, fields: fields('changed', 'person:Ann') }]);
    // a prefix is matched as written: a judge's key is not a person's
    expect(await store().judgmentsKeyedFrom('Person:')).toEqual([]);
  });
});
