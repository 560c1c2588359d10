// `tidemark draft` and `tidemark probe` against the scripted OpenAI-compatible server on 127.0.0.1:
// the estimate and a dry run that sends nothing, caption and event runs that leave drafts in the
// project, Ctrl-C, the probe, flags refused by name, and the key in none of the output.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppServices } from '../services/app-services';
import { listDrafts } from '../services/drafting/decisions';
import { Project } from '../services/projects/project';
import { startFakeOpenAi, type FakeOpenAi, type Received, type Scripted } from '../services/test-support/fake-openai';
import { renderClip, tempDir } from '../services/test-support/fixtures';
import { apiClient } from '../services/test-support/project';
import { runCli } from './cli';
import { listVideos } from '../services/videos/library';

const KEY = 'sk-cli-secret-7311';
const dir = tempDir();
const dataDir = join(dir.path, 'data');
const projectPath = join(dir.path, 'p.tidemark');
const settingsPath = join(dataDir, 'settings.json');
const ann = { person: 'Ann', role: 'annotator' as const };
let fake: FakeOpenAi;
let videoId: string;
let taskId: string;
let giveawayId: string;
const printed: string[] = [];

const promptOf = (r: Received): string => JSON.stringify(r.body.messages);
const json = (value: unknown) => ({ kind: 'json' as const, content: JSON.stringify(value), usage: { prompt_tokens: 1000, completion_tokens: 10 } });
const secondOf = (r: Received): number => Number(/Current second: (\d+)/.exec(promptOf(r))![1]);

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...process.env, TIDEMARK_DATA_DIR: dataDir, OPENAI_API_KEY: KEY } });
  printed.push(...out, ...err);
  return { code, out, err };
}

/** A draft of the clip, through the fake server (its address given for this run only). */
const draft = (...argv: string[]) => run('draft', '--project', projectPath, '--video', 'clip.mp4', '--base-url', fake.baseURL, '--model', 'fake-vision-1', '--height', '72', ...argv);

async function drafts(kind: 'caption' | 'event') {
  const project = await Project.open(projectPath, { create: false, readOnly: true });
  try {
    return { drafts: await listDrafts(project, { videoId, kind }), marks: await project.stores.annotation.marksOfVideo(videoId) };
  } finally {
    await project.close();
  }
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // the saved endpoint points nowhere: the runs below reach the fake only through --base-url
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    settingsPath,
    JSON.stringify({
      personName: 'Ann',
      role: 'annotator',
      ffmpegSource: 'bundled',
      identityChosen: true,
      drafting: { baseURL: 'http://127.0.0.1:9/v1', model: 'saved-model', concurrency: 2, timeoutSeconds: 5, maxRetries: 0, priceInputPerMillion: 2, priceOutputPerMillion: 8 },
    }),
  );
  const app = new AppServices({ dataDir: join(dir.path, 'setup'), mode: 'browser', version: 'test' });
  const call = apiClient(app, ann);
  await app.createProject(projectPath, 'CLI drafts');
  await renderClip(join(dir.path, 'clip.mp4'), { width: 320, height: 180, fps: 25, scenes: [], testPattern: { seconds: 12 } });
  await app.jobs.wait((await call('videos.import', { paths: [join(dir.path, 'clip.mp4')] })).jobId);
  videoId = (await listVideos(app.requireProject()))[0]!.id;
  taskId = (await call('questions.create', { videoId, fields: { profileId: 'builtin:vsas-bench', text: 'What is happening?', answerKind: 'text', status: 'accepted' }, queryPoints: [{ time: 0 }] }))
    .question.id;
  await call('questions.create', { videoId, fields: { profileId: 'builtin:vsas-bench', text: 'Describe the scene.', answerKind: 'text', status: 'accepted' }, queryPoints: [{ time: 0 }] });
  const choice = async (text: string, answer: string) =>
    (
      await call('questions.create', {
        videoId,
        fields: { profileId: 'builtin:ovo-s-bench', text, answerKind: 'choice', options: { A: 'a', B: 'b', C: 'c', D: 'd' } },
        queryPoints: [{ time: 2, answer }],
      })
    ).question.id;
  giveawayId = await choice('Which option is the giveaway?', 'B');
  await choice('Which option is fair?', 'C');
  await app.shutdown();
}, 60_000);
afterAll(async () => {
  await fake.close();
  dir.remove();
});
beforeEach(() => {
  fake.received.length = 0;
});

describe('tidemark draft', () => {
  it('estimates on a dry run, sends nothing and leaves the project as it was', async () => {
    const before = readFileSync(projectPath);
    const dry = await draft('--what', 'captions', '--task', 'What is happening?', '--k', '4', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toHaveLength(1);
    expect(dry.out[0]).toMatch(/^Estimate: 12 requests, \d+ frames, [\d,]+ input tokens, 480 output tokens, \$0\.\d{4}; 0 seconds skipped \(already done\)\.$/);
    const asJson = await draft('--what', 'captions', '--task', taskId, '--k', '4', '--dry-run', '--json');
    const parsed = JSON.parse(asJson.out.join('\n'));
    // the task by its benchmark id (the VSAS task_id it was given when it was made), as by its own
    const byTaskId = JSON.parse((await draft('--what', 'captions', '--task', 'task-0000', '--k', '4', '--dry-run', '--json')).out.join('\n'));
    expect(byTaskId.run.target).toBe(taskId);
    expect(parsed).toMatchObject({ run: { what: 'captions', videoId, target: taskId, policy: 'sw+u', k: 4, height: 72 }, estimate: { requests: 12, outputTokens: 480, skipped: 0 }, outcome: null });
    expect(parsed.estimate.costUsd).toBeCloseTo((parsed.estimate.inputTokens * 2 + 480 * 8) / 1e6, 12);
    // candidate questions: per segment a summary, the candidates and a cutoff check each
    const questions = JSON.parse((await draft('--what', 'questions', '--profile', 'phostream', '--segment', '6', '--per-segment', '3', '--k', '6', '--dry-run', '--json')).out.join('\n'));
    expect(questions).toMatchObject({ run: { what: 'questions', profileId: 'builtin:phostream', segmentSeconds: 6, perSegment: 3 }, estimate: { requests: 2 * (2 + 3) } });
    expect(fake.received).toHaveLength(0);
    expect(readFileSync(projectPath).equals(before)).toBe(true);
  });

  it('drafts captions with progress on stderr, names why one failed, and resumes past what is drafted', async () => {
    const settings = readFileSync(settingsPath, 'utf8');
    fake.answerWith((req) => (secondOf(req) === 7 ? { kind: 'json', content: '{"wrong":1}' } : json({ caption: `second ${secondOf(req)}` })));
    const first = await draft('--what', 'captions', '--task', 'What is happening?', '--k', '4', '--concurrency', '3');
    expect(first.code).toBe(1); // one second failed
    expect(first.out[0]).toMatch(/^Estimate: 12 requests/);
    expect(first.out[1]).toMatch(/^Drafted 11, failed 1, skipped 0; 12 requests, 11,200 input tokens, 150 output tokens, \$0\.0236\.$/);
    expect(first.err).toContain(`Sending to ${new URL(fake.baseURL).host}, model fake-vision-1, concurrency 3, with the key from OPENAI_API_KEY.`);
    expect(first.err).toContain('failed: 1 × The output did not match the schema after one repair (caption: Invalid input: expected string, received undefined).');
    const drafting = first.err.filter((l) => / Drafted \d+ of 12 seconds$/.test(l));
    expect(drafting.length).toBeGreaterThanOrEqual(2);
    expect(drafting.length).toBeLessThanOrEqual(11);
    expect(drafting.at(-1)).toBe('100% Drafted 12 of 12 seconds');
    // each request went to the fake with the overriding model and the key; settings.json is unchanged
    expect(fake.received.filter((r) => r.path.endsWith('/chat/completions')).every((r) => r.body.model === 'fake-vision-1' && r.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(readFileSync(settingsPath, 'utf8')).toBe(settings);

    const { drafts: captions, marks } = await drafts('caption');
    const mine = captions.filter((d) => d.target === taskId);
    expect(mine).toHaveLength(12);
    expect(mine.find((d) => d.at === 10)).toMatchObject({ status: 'draft', current: 'second 10', provenance: { model: 'fake-vision-1', policy: 'sw+u', k: 4, frameTimes: [0, 8, 9, 10] } });
    expect(mine.find((d) => d.at === 7)).toMatchObject({ status: 'failed', madeId: null });
    expect(marks.filter((m) => m.target === taskId)).toHaveLength(11);

    fake.received.length = 0;
    fake.answerWith(() => json({ caption: 'seven at last' }));
    const again = await draft('--what', 'captions', '--task', 'What is happening?', '--k', '4', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out.join('\n'))).toMatchObject({
      estimate: { requests: 1, skipped: 11 },
      outcome: { drafted: 1, failed: 0, skipped: 11, requests: 1, cancelled: false, stoppedAtBudget: false },
    });
    expect(fake.received).toHaveLength(1);
  });

  it('drafts event candidates a stretch at a time, as JSON', async () => {
    fake.answerWith((req) => {
      const [, first] = /between second (\d+) and second (\d+)/.exec(promptOf(req))!.map(Number);
      return first === 10 ? json({ events: [] }) : json({ events: [{ second: first! + 1, note: 'enters' }] });
    });
    const result = await draft('--what', 'events', '--target', 'person enters', '--step', '5', '--k', '8', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out.join('\n'))).toMatchObject({
      run: { what: 'events', target: 'person enters', mark: 'event', stepSeconds: 5 },
      estimate: { requests: 3 },
      outcome: { drafted: 2, failed: 0, requests: 3 },
    });
    const { drafts: events, marks } = await drafts('event');
    expect(events.map((d) => [d.status, d.at])).toEqual([
      ['draft', 4],
      ['draft', 9],
      ['empty', 11],
    ]);
    expect(marks.filter((m) => m.target === 'person enters').map((m) => [m.type, m.start])).toEqual([
      ['event', 1],
      ['event', 6],
    ]);
  });

  it('stops on Ctrl-C, keeping what was drafted (exit 130), and leaves no SIGINT handler behind', async () => {
    const handlers = new Set(process.listeners('SIGINT'));
    let n = 0;
    fake.answerWith(() => {
      if (++n === 3) {
        // what a Ctrl-C does: the SIGINT handlers the command added are called
        for (const handler of process.listeners('SIGINT')) if (!handlers.has(handler)) handler('SIGINT');
        return { kind: 'stall', ms: 5_000 };
      }
      return json({ caption: 'x' });
    });
    const started = Date.now();
    const stopped = await draft('--what', 'captions', '--task', 'Describe the scene.', '--k', '2', '--with-previous');
    expect(stopped.code).toBe(130);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(stopped.err).toContain('Stopping: requests in flight are cancelled, what was drafted is kept (Ctrl-C again quits at once).');
    expect(stopped.out[1]).toMatch(/^Drafted 2, failed 0, skipped 0; 2 requests/);
    expect(stopped.out[2]).toBe('Cancelled: what was drafted is kept; run again to go on.');
    const { drafts: captions } = await drafts('caption');
    expect(captions.filter((d) => d.target !== taskId).map((d) => d.at)).toEqual([0, 1]);
    expect(process.listeners('SIGINT')).toEqual([...handlers]);
  });

  it('records a reply that is no chat completion as a failed draft, prints why (exit 1), and resumes past it', async () => {
    const page = '<!DOCTYPE html>\n<html><head><title>Open WebUI</title></head><body></body></html>';
    const completion = (choice: unknown): Scripted => ({ kind: 'raw', body: JSON.stringify({ choices: [choice] }) });
    const stretchOf = (req: Received): number => Number(/between second (\d+) and/.exec(promptOf(req))![1]);
    const byStretch = (replies: Record<number, Scripted>) => fake.answerWith((req) => replies[stretchOf(req)] ?? json({ events: [] }));
    const reasons = {
      html: "The model server answered with a web page (HTML), not a chat completion: is the base URL the API's (it usually ends in /v1)?",
      empty: "The model server's reply was empty (a 200 with no body), not a chat completion.",
      cut: "The model server's reply was cut short: its JSON ends after 23 characters.",
      noChoices: "The model server's reply is not a chat completion (choices: Invalid input: expected array, received undefined).",
      noContent: "The model server's reply has no output: choices.0.message.content is null (finish_reason: length).",
      noMessage: "The model server's reply is not a chat completion (choices.0.message: Invalid input: expected object, received undefined).",
      error: 'The model server answered with an error: the model is loading.',
      refusal: 'The model refused: I will not.',
      notJson: 'The output did not match the schema after one repair (The output is not valid JSON.).',
      dropped: "The connection closed before the model server's reply was complete.",
    };
    byStretch({
      0: { kind: 'raw', body: page, contentType: 'text/html' },
      2: { kind: 'raw', body: '' },
      4: { kind: 'raw', body: '{"choices":[{"message":' },
      6: { kind: 'raw', body: '{"object":"chat.completion"}' },
      8: completion({ finish_reason: 'length', message: { content: null } }),
    });
    const draftDoors = () => draft('--what', 'events', '--target', 'a door opens', '--step', '2', '--k', '2');
    const first = await draftDoors();
    expect(first.code).toBe(1);
    expect(first.out[1]).toMatch(/^Drafted 0, failed 5, skipped 0; 6 requests/);
    for (const reason of [reasons.html, reasons.empty, reasons.cut, reasons.noChoices, reasons.noContent]) expect(first.err).toContain(`failed: 1 × ${reason}`);
    const recorded = (await drafts('event')).drafts.filter((d) => d.target === 'a door opens');
    expect(recorded.map((d) => [d.at, d.status, d.provenance.error])).toEqual([
      [1, 'failed', reasons.html],
      [3, 'failed', reasons.empty],
      [5, 'failed', reasons.cut],
      [7, 'failed', reasons.noChoices],
      [9, 'failed', reasons.noContent],
      [11, 'empty', null],
    ]);
    expect(recorded[0]!.provenance.raw).toBe(page);

    // run again: only what failed is asked again, and fails otherwise; --json lists every reason
    fake.received.length = 0;
    byStretch({
      0: completion({ finish_reason: 'stop' }),
      2: { kind: 'raw', body: '{"error":"the model is loading"}' },
      4: completion({ message: { content: null, refusal: 'I will not' } }),
      6: { kind: 'json', content: 'A door, opening.' },
      8: { kind: 'raw', body: '{"choices":[{"mess', then: 'close' },
    });
    const again = await draft('--what', 'events', '--target', 'a door opens', '--step', '2', '--k', '2', '--json');
    expect(again.code).toBe(1);
    const report = JSON.parse(again.out.join('\n'));
    expect(report.outcome).toMatchObject({ drafted: 0, failed: 5, skipped: 1 });
    expect(report.failures).toEqual([reasons.noMessage, reasons.error, reasons.refusal, reasons.notJson, reasons.dropped].map((reason) => ({ reason, count: 1 })));
    expect(fake.received.map(stretchOf).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 6, 8]); // the unparsable output had its one repair
  });

  it('refuses bad flags by name (exit 2), and names what the project lacks (exit 1)', async () => {
    const captions = ['--what', 'captions', '--task', 'What is happening?'];
    const usage: Array<[string[], string | RegExp]> = [
      [[...captions, '--k', 'abc'], '--k takes a number, not "abc".'],
      [[...captions, '--k', '1e3'], '--k takes a number, not "1e3".'],
      [[...captions, '--k', '300'], '--k: Too big: expected number to be <=256 (got 300).'],
      [[...captions, '--k', '1.5'], /^--k: .*int/],
      [[...captions, '--height', ''], '--height takes a number, not "".'],
      [[...captions, '--from=-2'], /^--from: Too small.* \(got -2\)\.$/],
      [[...captions, '--from', '-2'], /^Option '--from' argument is ambiguous/],
      [[...captions, '--from', '5', '--to', '3'], '--to must be after --from.'],
      [[...captions, '--policy', 'all'], /^--policy: .*"sw"\|"u"\|"sw\+u".* \(got all\)\.$/],
      [[...captions, '--budget', 'lots'], '--budget takes a number, not "lots".'],
      [[...captions, '--concurrency', '0'], /^--concurrency: Too small.*\(got 0\)\.$/],
      [[...captions, '--base-url', 'not a url'], /^--base-url: .*\(got not a url\)\.$/],
      [[...captions, '--step', '5'], '--step is for --what events, not captions.'],
      [[...captions, '--bogus'], /Unknown option '--bogus'/],
      [[...captions, 'extra'], /Unexpected argument 'extra'/],
      [['--what', 'pictures'], 'draft needs --what, one of captions, events, questions (not "pictures").'],
      [['--what', 'captions'], "draft --what captions needs --task: a VSAS question's id or exact text."],
      [['--what', 'events'], 'draft --what events needs --target: what to find, in words.'],
      [['--what', 'events', '--target', 'x', '--mark', 'lap'], /^--mark: .*"event"\|"cycle".* \(got lap\)\.$/],
      [['--what', 'questions', '--profile', 'phostream', '--per-segment', '50'], /^--per-segment: Too big.*\(got 50\)\.$/],
    ];
    for (const [argv, message] of usage) {
      const result = await draft(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      if (typeof message === 'string') expect(result.err[0]).toBe(`tidemark: ${message}`);
      else expect(result.err[0]!.replace(/^tidemark: /, '')).toMatch(message);
      expect(result.err.join('\n')).toMatch(/Usage: tidemark draft/);
    }
    expect((await run('draft', '--video', 'clip.mp4', ...captions)).err[0]).toBe('tidemark: draft needs --project.');
    expect((await run('probe', '--project', projectPath, '--repeats', '0')).err[0]).toMatch(/^tidemark: --repeats: Too small.*\(got 0\)\.$/);
    expect((await run('probe', '--project', projectPath, '--video', 'clip.mp4')).code).toBe(2);

    const missingVideo = await run('draft', '--project', projectPath, '--video', 'nope.mp4', ...captions, '--dry-run');
    expect(missingVideo.code).toBe(1);
    expect(missingVideo.err[0]).toBe(`tidemark: No video "nope.mp4" in this project. Videos: clip.mp4 (${videoId}).`);
    const missingTask = await draft('--what', 'captions', '--task', 'What happens?', '--dry-run');
    expect(missingTask.code).toBe(1);
    expect(missingTask.err[0]).toMatch(
      new RegExp(`^tidemark: No question "What happens\\?" on clip\\.mp4\\. Its VSAS questions: ${taskId} "What is happening\\?"; [\\w-]+ "Describe the scene\\."\\.$`),
    );
    const missingProfile = await draft('--what', 'questions', '--profile', 'nope', '--dry-run');
    expect(missingProfile.code).toBe(1);
    expect(missingProfile.err[0]).toMatch(/^tidemark: No profile "nope" in this project\. Profiles: .*builtin:phostream \(PhoStream\)/);
    expect((await run('draft', '--project', join(dir.path, 'none.tidemark'), '--video', 'clip.mp4', ...captions)).err[0]).toBe(`tidemark: No file at ${join(dir.path, 'none.tidemark')}.`);
    expect(fake.received).toHaveLength(0);
  });

  it('prints its help, and is listed in the main help', async () => {
    expect((await run('draft', '--help')).out.join('\n')).toMatch(/--what captions[\s\S]*--dry-run[\s\S]*OPENAI_API_KEY/);
    expect((await run('probe', '-h')).out.join('\n')).toMatch(/--repeats N/);
    expect((await run('--help')).out.join('\n')).toMatch(/\n  draft .*\n  probe /);
  });
});

describe('tidemark probe', () => {
  it('estimates, then asks without video and lists the questions answerable without it (exit 1)', async () => {
    const dry = await run('probe', '--project', projectPath, '--profile', 'ovo-s-bench', '--repeats', '3', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out[0]).toMatch(/^Estimate: 6 requests, 0 frames, \d+ input tokens, 60 output tokens, \$0\.\d{4}; 0 questions skipped/);
    expect(fake.received).toHaveLength(0);
    let n = 0;
    fake.answerWith((req) => json({ answer: promptOf(req).includes('giveaway') ? 'B' : ['A', 'C', 'D'][n++ % 3]! }));
    const probed = await run('probe', '--project', projectPath, '--profile', 'builtin:ovo-s-bench', '--repeats', '3', '--base-url', fake.baseURL);
    expect(probed.code).toBe(1);
    expect(probed.out.slice(1)).toEqual([
      'Probed 2 questions (3 tries each), 1 flagged "answerable without video", 0 skipped; 6 requests, 6,000 input tokens, 60 output tokens, $0.0125.',
      `  ${giveawayId} "Which option is the giveaway?": right in 3 of 3 tries without video`,
    ]);
    expect(fake.received.every((r) => r.images.length === 0 && r.body.model === 'saved-model')).toBe(true);
    // every profile: the VSAS tasks (free text) are skipped
    fake.answerWith(() => json({ answer: 'A' }));
    const all = JSON.parse((await run('probe', '--project', projectPath, '--repeats', '1', '--base-url', fake.baseURL, '--json')).out.join('\n'));
    expect(all).toMatchObject({ run: { profileId: null, repeats: 1 }, estimate: { requests: 2, skipped: 2 }, outcome: { drafted: 2, flagged: 0, skipped: 2 }, flagged: [] });
  });
});

describe('the key', () => {
  it('is in none of the output, nor in the project or the data folder', () => {
    expect(printed.length).toBeGreaterThan(50);
    for (const line of printed) expect(line).not.toContain(KEY);
    expect(readFileSync(projectPath).toString('latin1')).not.toContain(KEY);
    expect(readFileSync(settingsPath, 'utf8')).not.toContain(KEY);
  });
});
