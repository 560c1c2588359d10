// Importing model runs: each line checked and matched to a question and query point by the ids the
// benchmark formats export; unmatched lines reported with the reason; all or nothing; a run the
// project has is refused; removal and undo; runs carried by the lossless format.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { exportTidemarkJsonl } from '../exchange/tidemark-jsonl';
import { builtinProfileId } from '../profiles/rows';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { insertTestVideo } from '../test-support/project';
import { importRunFile } from './import';
import { responsesOfRun } from './rows';
import { removeRun, runsOf, videoResponses } from './service';

const dir = tempDir();
const lee = { person: 'Lee', role: 'lead' as const };
let project: Project;
let videoId: string;
const ids: Record<string, string> = {};

const write = (name: string, lines: unknown[]): string => {
  const path = join(dir.path, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return path;
};

beforeAll(async () => {
  project = await Project.open(join(dir.path, 'p.tidemark'), { create: true });
  videoId = await insertTestVideo(project, { relPath: 'clips/a.mp4' });
  const make = async (profile: string, extra: Record<string, unknown> | null, points: number[]) =>
    (await annotation.createQuestion(project, lee, videoId, questionFieldsSchema.parse({ profileId: builtinProfileId(profile), text: 'Q?', origin: extra ? { format: profile, extra } : null }), points.map((time) => ({ time, answer: 'A', evidence: [], proactiveTime: null, windowStart: null })))).question.id;
  ids.ovo = await make('ovo-s-bench', { id: 7 }, [5]);
  ids.vcb = await make('vcbench', { id: '0944' }, [10, 20, 30]);
  ids.pho0 = await make('phostream', null, [3]);
  ids.pho1 = await make('phostream', null, [8]);
});
afterAll(async () => {
  await project.close();
  dir.remove();
});

describe('importing a run', () => {
  it('matches benchmark ids, Tidemark ids and PhoStream path#index; reports what matches nothing', async () => {
    const path = write('gemini-run.jsonl', [
      { model: 'gemini', item: '7', t: 5.2, response: 'B', latency: 0.8, frames: [0, 1, 2] },
      { model: 'gemini', item: 7, t: 6, response: 'The answer is B', meta: { temperature: 0 } },
      { model: 'gemini', item: '0944', query: 2, t: 31, response: 'three' },
      { model: 'gemini', item: 'clips/a.mp4#1', response: 'a phone' },
      { model: 'gemini', item: ids.pho0, t: 3, response: 'on time' },
      { model: 'gpt', item: '7', t: 5, response: 'C', run: 'sync' },
      { model: 'gemini', item: 'nope', response: 'x' },
      { model: 'gemini', item: '0944', query: 3, response: 'x' },
    ]);
    const outcome = await importRunFile(project, lee, { path });
    expect(outcome).toMatchObject({ lines: 8, refused: false, problems: [] });
    expect(outcome.runs).toEqual([{ model: 'gemini', label: 'gemini-run', responses: 5 }, { model: 'gpt', label: 'sync', responses: 1 }]);
    expect(outcome.unmatched.map((p) => `${p.line}:${p.field}: ${p.reason}`)).toEqual([
      '7:item: no question with id "nope" (a Tidemark question id, or the id its benchmark format exports)',
      '8:query: question "0944" has 3 query points (query counts from 0)',
    ]);
    const gemini = runsOf(project).find((r) => r.model === 'gemini')!;
    expect(gemini).toMatchObject({ label: 'gemini-run', source: 'gemini-run.jsonl', responses: 5, createdBy: 'Lee' });
    const responses = responsesOfRun(project.store.db, gemini.id);
    expect(responses.find((r) => r.questionId === ids.pho1)).toMatchObject({ query: 0, t: null, text: 'a phone' });
    expect(responses.find((r) => r.text === 'B')).toMatchObject({ questionId: ids.ovo, t: 5.2, latency: 0.8, frames: [0, 1, 2] });
    expect(responses.find((r) => r.text === 'The answer is B')).toMatchObject({ meta: { temperature: 0 } });
    expect(responses.find((r) => r.questionId === ids.vcb)).toMatchObject({ query: 2, t: 31 });
    expect(videoResponses(project, gemini.id, videoId)).toHaveLength(5);
    // the lossless format carries runs and their responses
    const text = (await exportTidemarkJsonl(project, lee)).text;
    expect(text).toContain('"table":"runs"');
    expect(text.match(/"table":"responses"/g)).toHaveLength(6);
  });

  it('is all or nothing: a bad line refuses the file (naming line and field) unless skipping is asked for', async () => {
    const path = write('bad.jsonl', [{ model: 'm', item: '7', response: 'A' }, { model: 'm', item: '7', t: -1, response: 'A' }, '{not json', { model: 'm', item: '7', response: 'A', colour: 'red' }]);
    const before = runsOf(project).length;
    const refused = await importRunFile(project, lee, { path });
    expect(refused.refused).toBe(true);
    expect(refused.problems.map((p) => `${p.file}:${p.line}:${p.field}`)).toEqual(['bad.jsonl:2:t', 'bad.jsonl:3:', 'bad.jsonl:4:']);
    expect(refused.problems[2]!.reason).toContain('put other fields in "meta"');
    expect(runsOf(project)).toHaveLength(before);
    const skipped = await importRunFile(project, lee, { path, skipInvalid: true });
    expect(skipped.runs).toEqual([{ model: 'm', label: 'bad', responses: 1 }]);
  });

  it('refuses a run the project already has, writing nothing', async () => {
    const path = write('again.jsonl', [{ model: 'x', item: '7', response: 'A', run: 'one' }, { model: 'gemini', item: '7', response: 'A', run: 'gemini-run' }]);
    const before = runsOf(project).length;
    await expect(importRunFile(project, lee, { path })).rejects.toThrow(/already has the run "gemini-run" of gemini/);
    expect(runsOf(project)).toHaveLength(before);
  });

  it('removes a run in one undoable edit; a question removed takes its responses, undoably', async () => {
    const gemini = runsOf(project).find((r) => r.model === 'gemini')!;
    await removeRun(project, lee, gemini.id);
    expect(runsOf(project).find((r) => r.id === gemini.id)).toBeUndefined();
    await project.store.undo('Lee');
    expect(runsOf(project).find((r) => r.id === gemini.id)?.responses).toBe(5);
    await annotation.removeQuestion(project, lee, ids.vcb!);
    expect(runsOf(project).find((r) => r.id === gemini.id)?.responses).toBe(4);
    await project.store.undo('Lee');
    expect(runsOf(project).find((r) => r.id === gemini.id)?.responses).toBe(5);
  });
});
