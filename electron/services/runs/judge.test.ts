// The judge runner against a scripted OpenAI-compatible server: PhoStream's on-time free-text
// answers judged 0–5 with its rubric, scored ×20 and count-weighted; judgments reused (by key) across
// runs and repeats; VSAS seconds judged yes/no against the reference caption.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { AppServices } from '../app-services';
import { builtinProfileId } from '../profiles/builtin';
import { startFakeOpenAi, type FakeOpenAi, type Received } from '../test-support/fake-openai';
import { tempDir } from '../test-support/fixtures';
import { apiClient, ENGINES, insertTestVideo, openTestProject, type Engine } from '../test-support/project';
import { UNWATCHED } from '../jobs/registry';
import { runCli } from '../../cli/cli';
import { importRunFile } from './import';
import { estimateJudging, judgeRuns } from './judge';
import { judgeAgreement, judgeAsPerson, judgeCheckSample } from './judge-check';
import { replayRun } from './replay';
import { scoreRuns } from './scoring';
import { runsOf } from './service';

const dir = tempDir();
const lee = { person: 'Lee', role: 'lead' as const };
let app: AppServices;
let fake: FakeOpenAi;
let videoId: string;
const prompt = (r: Received): string => JSON.stringify(r.body.messages);

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  dir.remove();
});

/** Before the describe's tests: an app with a project on `engine` in `folder` (two PhoStream questions, the runs of model-a and model-b), its judge the fake server. */
function judgeAppOn(engine: Engine, folder: string = engine): void {
  beforeAll(async () => {
    mkdirSync(join(dir.path, folder));
    app = new AppServices({ dataDir: join(dir.path, folder, 'data'), mode: 'browser', version: 'test', env: { OPENAI_API_KEY: 'sk-judge' } });
    const path = join(dir.path, folder, 'p.tidemark');
    if (engine === 'sqlite') await app.createProject(path, 'Judge');
    // a team server's project, switched to as the app switches to any project
    else await app['switchTo'](await openTestProject(path, engine, { name: 'Judge' }));
    await apiClient(app, lee)('drafting.configure', { baseURL: fake.baseURL, model: 'judge-1', concurrency: 2, maxRetries: 0 });
    const project = app.requireProject();
    videoId = await insertTestVideo(project, { relPath: 'call.mp4', duration: 60 });
    const ask = (text: string, temporalType: string, time: number, answer: string, proactiveTime: number | null = null) =>
      annotation.createQuestion(project, lee, videoId, questionFieldsSchema.parse({ profileId: builtinProfileId('phostream'), text, answerKind: 'text', temporalType }), [
        { time, answer, evidence: [], proactiveTime, windowStart: null },
      ]);
    await ask('Why did the call drop?', 'instant', 10, 'the battery died');
    await ask('When will the timer ring?', 'forward', 20, 'at 30 s', 30);
    const run = (file: string, model: string, lines: Array<Record<string, unknown>>) => {
      writeFileSync(join(dir.path, file), lines.map((l) => JSON.stringify({ model, ...l })).join('\n'));
      return importRunFile(project, lee, { path: join(dir.path, file) });
    };
    await run('a.jsonl', 'model-a', [
      { item: 'call.mp4#0', t: 10, response: 'Because its battery ran out.' },
      { item: 'call.mp4#1', t: 21, response: "Got it, I'll let you know." }, // a placeholder: not an answer
      { item: 'call.mp4#1', t: 31, response: 'It rang just now.' }, // within [T_p, T_p + 2]
    ]);
    // the same answer to the first question, late to the second
    await run('b.jsonl', 'model-b', [
      { item: 'call.mp4#0', t: 10, response: 'Because its battery ran out.' },
      { item: 'call.mp4#1', t: 40, response: 'It rang.' },
    ]);
  });
  afterAll(() => app.shutdown());
}

describe.each(ENGINES)('the judge runner (%s)', (engine) => {
  judgeAppOn(engine);

  it('judges what the runs leave to a judge, once per answer, and scores with the judgments', async () => {
    const project = app.requireProject();
    const run = { profileId: builtinProfileId('phostream'), runIds: [], repeats: 1, budgetUsd: null };
    // model-a's two on-time answers; model-b's first is the same answer (one request), its second is late (no judge)
    expect(await estimateJudging(app, project, run)).toMatchObject({ requests: 2, skipped: 0 });
    const before = await scoreRuns(project, run.profileId, [], {}, 'judge-1');
    expect(before[0]!.overall.score).toBeNull();
    expect(before[0]!.notes.join(' ')).toContain('A judge is needed');

    fake.answerWith((req) => ({ kind: 'json', content: JSON.stringify(prompt(req).includes('battery') ? { explanation: 'Right cause.', score: 4 } : { explanation: 'Says it rang.', score: 5 }) }));
    const outcome = await judgeRuns(app, project, lee, run, UNWATCHED);
    expect(outcome).toMatchObject({ drafted: 2, failed: 0 });
    expect(fake.received.map((r) => prompt(r)).every((p) => p.includes('Predicted Answer:') && p.includes('Correct Answer:') && p.includes('expert evaluator'))).toBe(true);

    const [a, b] = await scoreRuns(
      project,
      run.profileId,
      (await runsOf(project)).map((r) => r.id),
      {},
      'judge-1',
    );
    // model-a: 4 × 20 = 80 and 5 × 20 = 100 → overall (count-weighted) 90; model-b: 80 and 0 (late) → 40
    expect(a!.overall.score).toBeCloseTo(90, 6);
    expect(b!.overall.score).toBeCloseTo(40, 6);
    // nothing is asked twice; a second repeat asks each answer once more
    fake.received.length = 0;
    expect(await estimateJudging(app, project, run)).toMatchObject({ requests: 0, skipped: 2 });
    fake.answerWith(() => ({ kind: 'json', content: JSON.stringify({ explanation: 'x', score: 2 }) }));
    await judgeRuns(app, project, lee, { ...run, repeats: 2 }, UNWATCHED);
    expect(fake.received).toHaveLength(2);
    const [a2] = await scoreRuns(project, run.profileId, [(await runsOf(project))[0]!.id], {}, 'judge-1');
    // the mean of the repeats: (4 + 2) / 2 → 60 and (5 + 2) / 2 → 70; the spread is reported
    expect(a2!.overall.score).toBeCloseTo(65, 6);
    expect(a2!.notes).toContain('Judged by judge-1 (phostream-judge v1): 2 answers, 2 judged more than once, their scores varying by 1.25 (mean standard deviation).');
    // the replay shows each judged answer with the judge's score and reason
    const replayed = await replayRun(project, (await runsOf(project))[0]!.id, videoId, 'judge-1');
    expect(replayed.find((r) => r.t === 10)).toMatchObject({ verdict: 'judged', judgment: { score: 3, reason: 'Right cause.' } });
    // another judge model has judged nothing
    expect((await scoreRuns(project, run.profileId, [], {}, 'judge-2'))[0]!.overall.score).toBeNull();
  });

  it('is checked against people: a blind sample, their verdicts, Cohen’s κ (linearly weighted 0–5 scores)', async () => {
    const project = app.requireProject();
    const profileId = builtinProfileId('phostream');
    const ann = { person: 'Ann', role: 'lead' as const };
    const sample = await judgeCheckSample(project, ann, profileId, 'judge-1', 10, 7);
    expect(sample).toHaveLength(2);
    expect(JSON.stringify(sample)).not.toMatch(/"score"/); // the judge's verdicts are not shown
    expect(await judgeAgreement(project, profileId, 'judge-1')).toMatchObject({ pairs: 0, kappa: null });
    // the judge gave 3 (mean of 4 and 2) to the battery answer and 3.5 → 4 to the timer one
    const battery = sample.find((s) => s.response.includes('battery'))!;
    const timer = sample.find((s) => s !== battery)!;
    await judgeAsPerson(project, ann, battery.key, { score: 3, reason: 'Ann' });
    await judgeAsPerson(project, ann, timer.key, { score: 1, reason: 'Ann' });
    expect((await judgeCheckSample(project, ann, profileId, 'judge-1', 10, 7)).find((s) => s.key === battery.key)!.mine).toMatchObject({ score: 3 });
    const agreement = await judgeAgreement(project, profileId, 'judge-1');
    expect(agreement).toMatchObject({ pairs: 2, labels: 'score', percent: 50 });
    expect(agreement.kappa).not.toBeNull();
  });

  it('refuses a profile whose answers are read by rules', async () => {
    await expect(estimateJudging(app, app.requireProject(), { profileId: builtinProfileId('ovo-s-bench'), runIds: [], repeats: 1, budgetUsd: null })).rejects.toThrow(/not judged/);
  });
});

// tidemark score opens a project file
describe('the judge of tidemark score (SQLite)', () => {
  judgeAppOn('sqlite', 'cli');

  it('tidemark score --judge-model judges a run file in memory and scores it', async () => {
    fake.received.length = 0;
    fake.answerWith(() => ({ kind: 'json', content: JSON.stringify({ explanation: 'ok', score: 3 }) }));
    const out: string[] = [];
    const err: string[] = [];
    const env = { OPENAI_API_KEY: 'sk-judge', TIDEMARK_DATA_DIR: join(dir.path, 'cli-data') };
    const project = app.requireProject();
    const path = project.path;
    await app.closeProject();
    const code = await runCli(['score', '--project', path, '--run', join(dir.path, 'a.jsonl'), '--judge-base-url', fake.baseURL, '--judge-model', 'judge-3', '--json'], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
    });
    await app.openProject(path);
    expect(code).toBe(0);
    expect(err.join('\n')).toContain('judged 2 answers with judge-3');
    expect(fake.received).toHaveLength(2);
    // 3 × 20 for both on-time answers
    expect((JSON.parse(out.join('')) as { runs: Array<{ overall: { score: number } }> }).runs[0]!.overall.score).toBeCloseTo(60, 6);
    expect(out.join('') + err.join('')).not.toContain('sk-judge');
  });
});
