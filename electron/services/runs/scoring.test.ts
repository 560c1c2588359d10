// Runs scored through the services: a project's questions become scoring items (a counting
// question's answers derived from its marks), a run's responses are scored as the paper does, the
// replay says what the scorer made of each response, and early responses are found.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { runCli } from '../../cli/cli';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { Pacer } from '../pacer';
import { ENGINES, insertTestVideo, openTestProject, type Engine } from '../test-support/project';
import { importRunFile } from './import';
import { earlyResponses, replayRun } from './replay';
import { scoreRuns } from './scoring';
import { runsOf } from './service';

const dir = tempDir();
afterAll(() => dir.remove());
const lee = { person: 'Lee', role: 'lead' as const };

/** A project in a new `folder` with two OVO-S questions and a counted VCBench one, and a run of model m imported into it. */
async function scoredProject(folder: string, engine: Engine) {
  mkdirSync(folder);
  const projectPath = join(folder, 'p.tidemark');
  const project = await openTestProject(projectPath, engine);
  const ids: Record<string, string> = {};
  const videoId = await insertTestVideo(project, { relPath: 'a.mp4', duration: 120 });
  const ask = async (
    key: string,
    profile: string,
    fields: Record<string, unknown>,
    points: Array<{ time: number; answer?: string | null; evidence?: Array<[number, number]>; proactiveTime?: number | null }>,
  ) => {
    ids[key] = (
      await annotation.createQuestion(
        project,
        lee,
        videoId,
        questionFieldsSchema.parse({ profileId: builtinProfileId(profile), ...fields }),
        points.map((p) => ({ answer: null, evidence: [], proactiveTime: null, windowStart: null, ...p })),
      )
    ).question.id;
  };
  const choice = { answerKind: 'choice', options: { A: 'a', B: 'b', C: 'c', D: 'd' } };
  await ask('q1', 'ovo-s-bench', { ...choice, taskCode: '1.1.1', text: 'Which is nearer?', origin: { format: 'ovo-s', extra: { id: 1 } } }, [{ time: 10, answer: 'B', evidence: [[4, 8]] }]);
  await ask('q2', 'ovo-s-bench', { ...choice, taskCode: '1.1.1', text: 'Which is taller?', origin: { format: 'ovo-s', extra: { id: 2 } } }, [{ time: 20, answer: 'C', evidence: [[12, 18]] }]);
  // a counting question: its answers come from its marks (two chairs by 30 s, three by 60 s)
  await ask('count', 'vcbench', { answerKind: 'number', taskCode: 'O1-Snap', text: 'How many chairs?', counting: { subcategory: 'O1-Snap', target: 'chair', windowSeconds: null } }, [
    { time: 30 },
    { time: 60 },
  ]);
  await annotation.createMarks(project, lee, videoId, [
    { type: 'count', start: 25, end: null, target: 'chair', data: { value: 2 } },
    { type: 'count', start: 55, end: null, target: 'chair', data: { value: 3 } },
  ]);
  const runPath = join(folder, 'run.jsonl');
  writeFileSync(
    runPath,
    [
      { model: 'm', item: '1', t: 10, response: 'B. the chair' },
      { model: 'm', item: '1', t: 5, response: 'A' }, // before the question is asked (and its evidence ends): early
      { model: 'm', item: '2', t: 20, response: 'the answer is C' },
      // read as the VCBench release reads them: int() of the text
      { model: 'm', item: ids.count, query: 0, t: 30, response: ' 2' },
      { model: 'm', item: ids.count, query: 1, t: 60, response: '3' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n'),
  );
  await importRunFile(project, lee, { path: runPath });
  return { project, projectPath, videoId, runPath };
}

describe.each(ENGINES)('scoring runs (%s)', (engine) => {
  let project: Project;
  let videoId: string;
  beforeAll(async () => ({ project, videoId } = await scoredProject(join(dir.path, engine), engine)));
  afterAll(() => project.close());

  it('scores OVO-S accuracy and VCBench counts from the project (counts derived from the marks)', async () => {
    const run = (await runsOf(project))[0]!;
    const [ovo] = await scoreRuns(project, builtinProfileId('ovo-s-bench'), [run.id]);
    expect(ovo).toMatchObject({ runId: run.id, model: 'm', profile: 'ovo-s-bench' });
    expect(ovo!.overall.accuracy).toBeCloseTo(50, 6);
    // the first response given is the one scored (OVO-S answers once): item 1's came early and was wrong
    const q1 = ovo!.items.find((i) => i.item === '1')!;
    expect(q1.queries[0]).toMatchObject({ t: 5, extracted: 'A', correct: false });
    expect(ovo!.items.find((i) => i.item === '2')!.queries[0]).toMatchObject({ extracted: 'C', correct: true });
    const [vcb] = await scoreRuns(project, builtinProfileId('vcbench'), [run.id]);
    expect(vcb!.items[0]!.queries.map((q) => [q.extracted, q.correct])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(vcb!.overall.gpa).toBeCloseTo(100, 6);
  });

  it('replays a run on the video: each response with what the scorer made of it; finds early ones', async () => {
    const run = (await runsOf(project))[0]!;
    const replay = await replayRun(project, run.id, videoId);
    const responses = await project.snapshot((stores) => stores.runs.scan.responsesOfRun(run.id, new Pacer()));
    const idOf = (text: string) => responses.find((r) => r.text === text)!.id;
    const of = (text: string) => replay.find((r) => r.id === idOf(text))!;
    // scored wrong by OVO-S's rule (the first response), early on the lane: it came before the question was asked at 10 s
    expect(of('A')).toMatchObject({ verdict: 'early', extracted: 'A', knowableAt: 10, early: 5 });
    expect(of('A').rule).toContain('scored wrong by the paper');
    expect(of('B. the chair')).toMatchObject({ verdict: 'other', knowableAt: 10, early: null });
    expect(of('the answer is C')).toMatchObject({ verdict: 'correct', extracted: 'C' });
    expect(of('3')).toMatchObject({ verdict: 'correct', extracted: 3 });
    const early = await earlyResponses(project, []);
    expect(early.map((e) => [e.text, e.early])).toEqual([['A', 5]]);
  });
});

// tidemark score opens a project file
describe('the score command (SQLite)', () => {
  it('tidemark score prints the paper-layout table, or one JSON object with every run', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const { project, projectPath, runPath } = await scoredProject(join(dir.path, 'cli'), 'sqlite');
    await project.close();
    expect(await runCli(['score', '--project', projectPath, '--run', runPath, '--profile', 'ovo-s-bench', '--json'], io)).toBe(0);
    const json = JSON.parse(out.join('')) as {
      runs: Array<{ model: string; run: string; profile: string; overall: Record<string, number>; items: Array<{ item: string; queries: Array<{ correct: boolean }> }> }>;
    };
    expect(json.runs).toHaveLength(1);
    expect(json.runs[0]).toMatchObject({ model: 'm', run: 'run', profile: 'ovo-s-bench' });
    expect(json.runs[0]!.overall.accuracy).toBeCloseTo(50, 6);
    out.length = 0;
    expect(await runCli(['score', '--project', projectPath, '--run', runPath], io)).toBe(0);
    expect(out.join('\n')).toContain('m · run — vcbench');
    expect(out.join('\n')).toContain('Overall');
    expect(await runCli(['score', '--project', projectPath, '--run', runPath, '--extractor', 'nope'], io)).toBe(2);
  });
});
