// Drafting runs through the contract, against a scripted OpenAI-compatible server on 127.0.0.1 (the
// real openai SDK over real HTTP). Causality is asserted on the requests the server received: every
// frame is mapped back to its second, and none may lie after the second a request is about (or
// after the cutoff of a check). Also: estimates, the budget cap, cancel, resume, decisions, the
// statistics, the readiness refusal, the text-only probe, and that the key goes nowhere.
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiMethod, ApiRequest } from '../../../shared/api';
import { framesFor } from '../../../shared/drafting/memory-policy';
import type { DraftOutcome } from '../../../shared/drafting/runs';
import { lintQuestion } from '../../../shared/lints';
import { BUILTIN_PROFILES } from '../../../shared/profiles';
import { AppServices } from '../app-services';
import { startFakeOpenAi, type FakeOpenAi, type Received, type Scripted } from '../test-support/fake-openai';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { apiClient, ENGINES, openTestProject, rowsOf } from '../test-support/project';
import type { Project } from '../projects/project';
import { draftFrames } from './frames';
import { listVideos, videoPath } from '../videos/library';

const KEY = 'sk-drafting-secret-4242';
const dir = tempDir();
const ann = { person: 'Ann', role: 'annotator' as const };
let app: AppServices;
let fake: FakeOpenAi;
let videoId: string;
let secondOf: Map<string, number>;
let call: ReturnType<typeof apiClient>;
const responses: unknown[] = [];
const logged: string[] = [];
const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const originals = consoleMethods.map((m) => console[m]);

const schemaName = (r: Received): string => (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name ?? '';
const promptOf = (r: Received): string => JSON.stringify(r.body.messages);
const secondsSent = (r: Received): number[] => r.images.map((url) => secondOf.get(url) ?? Number.NaN);
const json = (value: unknown, usage = { prompt_tokens: 1000, completion_tokens: 10 }) => ({ kind: 'json' as const, content: JSON.stringify(value), usage });

async function api<M extends ApiMethod>(method: M, request: ApiRequest<M>) {
  const value = await call(method, request);
  responses.push(value);
  return value;
}

async function runJob(method: 'drafting.start' | 'drafting.probe', request: ApiRequest<typeof method>): Promise<DraftOutcome> {
  const { jobId } = await api(method, request as never);
  const job = await app.jobs.wait(jobId);
  responses.push(job);
  if (job.state === 'failed') throw new Error(job.message);
  return job.result as DraftOutcome;
}

beforeAll(async () => {
  // everything the services log is kept, to look for the key in it
  for (const m of consoleMethods) console[m] = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  fake = await startFakeOpenAi();
  await renderClip(join(dir.path, 'clip.mp4'), { width: 320, height: 180, fps: 25, scenes: [], testPattern: { seconds: 12 } });
}, 60_000);
afterAll(async () => {
  consoleMethods.forEach((m, i) => (console[m] = originals[i]!));
  await fake.close();
  dir.remove();
});
beforeEach(() => {
  fake.received.length = 0;
});

async function captionTask(text = 'What is happening?'): Promise<string> {
  const { question } = await call('questions.create', { videoId, fields: { profileId: 'builtin:vsas-bench', text, answerKind: 'text', status: 'accepted' }, queryPoints: [{ time: 0 }] });
  return question.id;
}

describe.each(ENGINES)('drafting runs (%s)', (engine) => {
  /** This engine's app, project and settings, beside the clip. */
  const folder = join(dir.path, engine);
  beforeAll(async () => {
    mkdirSync(folder);
    app = new AppServices({ dataDir: join(folder, 'data'), mode: 'browser', version: 'test', env: { OPENAI_API_KEY: KEY } });
    call = apiClient(app, ann);
    const path = join(folder, 'p.tidemark');
    if (engine === 'sqlite') await app.createProject(path, 'Drafts');
    // a team server's project, switched to as the app switches to any project
    else await app['switchTo'](await openTestProject(path, engine, { name: 'Drafts' }));
    const { jobId } = await call('videos.import', { paths: [join(dir.path, 'clip.mp4')] });
    await app.jobs.wait(jobId);
    const project = app.requireProject();
    const video = (await listVideos(project))[0]!;
    videoId = video.id;
    const frames = await draftFrames(tools.ffmpeg, videoPath(project, video), video, project.cacheDir, 72, { signal: new AbortController().signal, progress: () => undefined });
    secondOf = new Map(Array.from({ length: frames.count }, (_, s) => [frames.dataUrl(s), s]));
    await call('drafting.configure', { baseURL: fake.baseURL, model: 'fake-vision-1', concurrency: 3, maxRetries: 1, priceInputPerMillion: 2, priceOutputPerMillion: 8 });
  }, 60_000);
  afterAll(() => app.shutdown());

  /** Everything the project holds: its file's bytes, or every row of its schema on the server. */
  async function projectContent(project: Project): Promise<string> {
    if (engine === 'sqlite') return readFileSync(project.path).toString('latin1');
    const tables = await rowsOf<{ table_name: string }>(project, 'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()');
    expect(tables.map((t) => t.table_name)).toContain('edit_log');
    return JSON.stringify(await Promise.all(tables.map((t) => rowsOf(project, `SELECT * FROM "${t.table_name}"`))));
  }

  describe('dense-caption drafts', () => {
    it('estimates, then drafts a caption per second from frames at or before it, with provenance; resumes; fails one', async () => {
      const target = await captionTask();
      const run = { what: 'captions' as const, videoId, target, policy: 'sw+u' as const, k: 4, height: 72 };
      const estimate = await api('drafting.estimate', run);
      const frames = Array.from({ length: 12 }, (_, s) => framesFor('sw+u', s, 4).length).reduce((a, b) => a + b, 0);
      expect(estimate).toMatchObject({ requests: 12, frames, skipped: 0 });
      // 72 px high frames are one 512-px tile each: 85 + 170 tokens
      expect(estimate.inputTokens).toBeGreaterThanOrEqual(frames * 255);
      expect(estimate.costUsd).toBeCloseTo((estimate.inputTokens * 2 + estimate.outputTokens * 8) / 1e6, 12);

      fake.answerWith((req) => {
        const second = Number(/Current second: (\d+)/.exec(promptOf(req))![1]);
        return second === 7 ? { kind: 'json', content: '{"wrong":1}' } : json({ caption: `second ${second}` });
      });
      const outcome = await runJob('drafting.start', run);
      expect(outcome).toMatchObject({ drafted: 11, failed: 1, skipped: 0, cancelled: false, stoppedAtBudget: false });
      for (const request of fake.received) {
        const drafting = Number(/Current second: (\d+)/.exec(promptOf(request))![1]);
        const sent = secondsSent(request);
        expect(
          sent.every((t) => t <= drafting),
          `second ${drafting} was sent ${sent.join(',')}`,
        ).toBe(true);
        expect(sent.at(-1)).toBe(drafting);
      }
      const drafts = await api('drafts.list', { videoId, kind: 'caption' });
      const mine = drafts.filter((d) => d.target === target);
      expect(mine).toHaveLength(12);
      const ten = mine.find((d) => d.at === 10)!;
      // SW+U, k = 4 at second 10: the latest 9, 10 and two spread over 0..8 (0 and 8)
      expect(ten).toMatchObject({
        status: 'draft',
        current: 'second 10',
        provenance: {
          model: 'fake-vision-1',
          host: new URL(fake.baseURL).host,
          promptTemplate: 'dense-caption',
          promptVersion: 1,
          policy: 'sw+u',
          k: 4,
          frameTimes: [0, 8, 9, 10],
          inputTokens: 1000,
          outputTokens: 10,
          drafted: 'second 10',
        },
      });
      expect(ten.provenance.costUsd).toBeCloseTo((1000 * 2 + 10 * 8) / 1e6, 12);
      expect(mine.find((d) => d.at === 7)).toMatchObject({ status: 'failed', madeId: null, provenance: { raw: '{"wrong":1}' } });

      // the same run again while one is going is refused (it would draft the same seconds twice)
      fake.answerWith(() => ({ kind: 'stall', ms: 300 }));
      const { jobId: busy } = await api('drafting.start', run);
      await expect(call('drafting.start', run)).rejects.toThrow(/already being drafted \(captions\)/);
      await api('jobs.cancel', { jobId: busy });
      await app.jobs.wait(busy);

      // a second run asks for what failed only
      fake.received.length = 0;
      fake.answerWith(() => json({ caption: 'seven at last' }));
      expect(await api('drafting.estimate', run)).toMatchObject({ requests: 1, skipped: 11 });
      expect(await runJob('drafting.start', run)).toMatchObject({ drafted: 1, skipped: 11 });
      expect(fake.received).toHaveLength(1);
    }, 60_000);

    it('records each reply that is no chat completion as a failed draft with its reason, and the run goes on', async () => {
      const target = await captionTask('What is shown?');
      const page = '<!DOCTYPE html><html><body>Sign in to the gateway</body></html>';
      const reply = (choice: unknown): Scripted => ({ kind: 'raw', body: JSON.stringify({ choices: [choice], usage: { prompt_tokens: 500, completion_tokens: 0 } }) });
      const bySecond: Array<[Scripted, RegExp]> = [
        [{ kind: 'raw', body: page, contentType: 'text/html' }, /^The model server answered with a web page \(HTML\), not a chat completion/],
        [{ kind: 'raw', body: '' }, /^The model server's reply was empty/],
        [{ kind: 'raw', body: '{"choices":[{"message":{"content":"{\\"cap' }, /^The model server's reply was cut short: its JSON ends after \d+ characters\.$/],
        [{ kind: 'raw', body: '{"choices":[{"message":', then: 'close' }, /^The connection closed before the model server's reply was complete\.$/],
        [{ kind: 'raw', body: '{"id":"x","object":"chat.completion"}' }, /^The model server's reply is not a chat completion \(choices: /],
        [{ kind: 'raw', body: '{"choices":[]}' }, /^The model server's reply is not a chat completion \(choices: Too small/],
        [{ kind: 'raw', body: '{"error":{"message":"no such model"}}' }, /^The model server answered with an error: no such model\.$/],
        [reply({ index: 0, finish_reason: 'stop' }), /^The model server's reply is not a chat completion \(choices\.0\.message: /],
        [reply({ index: 0, finish_reason: 'length', message: { content: null } }), /^The model server's reply has no output: choices\.0\.message\.content is null \(finish_reason: length\)\.$/],
        [reply({ index: 0, message: { content: null, refusal: 'Not this one' } }), /^The model refused: Not this one\.$/],
        [{ kind: 'json', content: 'A red square.' }, /^The output did not match the schema after one repair \(The output is not valid JSON\.\)\.$/],
      ];
      fake.answerWith((req) => {
        const second = Number(/Current second: (\d+)/.exec(promptOf(req))![1]);
        return bySecond[second]?.[0] ?? json({ caption: `second ${second}` });
      });
      const outcome = await runJob('drafting.start', { what: 'captions', videoId, target, k: 2, height: 72 });
      expect(outcome).toMatchObject({ drafted: 1, failed: 11, cancelled: false });
      const drafts = (await api('drafts.list', { videoId, kind: 'caption' })).filter((d) => d.target === target);
      expect(drafts.map((d) => [d.at, d.status])).toEqual(Array.from({ length: 12 }, (_, s) => [s, s < 11 ? 'failed' : 'draft']));
      for (const [s, [, reason]] of bySecond.entries()) {
        expect(drafts[s]!.provenance.error, `second ${s}`).toMatch(reason);
        expect(drafts[s]!.madeId).toBeNull();
      }
      // what came back is kept with the failure; a reply's tokens are counted even when it is no use
      expect(drafts[0]!.provenance.raw).toBe(page);
      expect(drafts[8]!.provenance).toMatchObject({ inputTokens: 500, latencyMs: expect.any(Number) });
      expect((await app.requireProject().stores.annotation.marksOfVideo(videoId)).filter((m) => m.target === target).map((m) => m.start)).toEqual([11]);
    }, 60_000);

    it('is owned by people: accept, edit, reject, undo; statistics; nothing undecided reaches an export', async () => {
      const target = await captionTask('Describe the scene.');
      fake.answerWith((req) => json({ caption: `scene ${/Current second: (\d+)/.exec(promptOf(req))![1]}` }));
      await runJob('drafting.start', { what: 'captions', videoId, target, k: 2, height: 72, to: 4 });
      const drafts = (await api('drafts.list', { videoId, kind: 'caption' })).filter((d) => d.target === target);
      expect(drafts.map((d) => d.at)).toEqual([0, 1, 2, 3]);
      const [d0, d1, d2, d3] = drafts;

      // the VSAS export waits for the undecided captions
      const readiness = async (): Promise<{ issues: Array<{ kind: string; questionId: string; message: string }> }> => {
        const job = await app.jobs.wait((await api('exchange.readiness', { format: 'vsas' })).jobId);
        return job.result as { issues: Array<{ kind: string; questionId: string; message: string }> };
      };
      const waiting = (await readiness()).issues.filter((i) => i.questionId === target && i.kind === 'unedited-draft');
      expect(waiting.map((i) => i.message)).toEqual(['4 model-drafted marks (captions) not accepted, edited or rejected by a person yet.']);

      expect(await api('drafts.decide', { ids: [d0!.id, d1!.id], decision: 'accept' })).toEqual({ decided: 2 });
      expect(await api('drafts.edit', { id: d2!.id, text: 'a person wrote this' })).toEqual({ decided: 1 });
      expect(await api('drafts.decide', { ids: [d3!.id], decision: 'reject' })).toEqual({ decided: 1 });
      // deciding again changes nothing
      expect(await api('drafts.decide', { ids: [d0!.id], decision: 'reject' })).toEqual({ decided: 0 });
      const after = (await api('drafts.list', { videoId, kind: 'caption' })).filter((d) => d.target === target);
      expect(after.map((d) => [d.status, d.decidedBy, d.current])).toEqual([
        ['accepted', 'Ann', 'scene 0'],
        ['accepted', 'Ann', 'scene 1'],
        ['edited', 'Ann', 'a person wrote this'],
        ['rejected', 'Ann', null],
      ]);
      const captions = (await app.requireProject().stores.annotation.marksOfVideo(videoId)).filter((m) => m.target === target);
      expect(captions.map((m) => m.start)).toEqual([0, 1, 2]);
      expect((await readiness()).issues.filter((i) => i.questionId === target && i.kind === 'unedited-draft')).toEqual([]);

      const stats = await api('drafts.stats', {});
      expect(stats.byPerson.find((p) => p.person === 'Ann')).toMatchObject({ accepted: 2, edited: 1, rejected: 1, undecided: 0 });
      expect(stats.byTask.find((t) => t.task === 'Describe the scene.')).toMatchObject({ accepted: 2, edited: 1, rejected: 1, correctedShare: 1 / 3 });

      // undo brings the rejected caption back, undecided
      await api('edits.undo', {});
      expect((await api('drafts.list', { videoId, kind: 'caption' })).find((d) => d.id === d3!.id)).toMatchObject({ status: 'draft', current: 'scene 3' });
    }, 60_000);

    it('stops at the budget, before the request that would pass it', async () => {
      const target = await captionTask();
      // each request costs less than estimated: the run spends no more than its budget
      fake.answerWith(() => json({ caption: 'x' }, { prompt_tokens: 100, completion_tokens: 5 }));
      const run = { what: 'captions' as const, videoId, target, k: 2, height: 72 };
      const one = (await api('drafting.estimate', { ...run, to: 1 })).costUsd;
      const outcome = await runJob('drafting.start', { ...run, budgetUsd: one * 3.5 });
      expect(outcome.stoppedAtBudget).toBe(true);
      expect(outcome.drafted).toBeGreaterThanOrEqual(1);
      expect(outcome.drafted).toBeLessThan(12);
      expect(outcome.costUsd).toBeLessThanOrEqual(one * 3.5 + 1e-12);
    }, 60_000);

    it('cancels requests in flight, keeping what was drafted', async () => {
      const target = await captionTask();
      let n = 0;
      let jobId = '';
      fake.answerWith(() => {
        if (++n === 3) {
          void api('jobs.cancel', { jobId });
          return { kind: 'stall', ms: 5_000 };
        }
        return json({ caption: 'x' });
      });
      ({ jobId } = await api('drafting.start', { what: 'captions', videoId, target, k: 2, height: 72, withPrevious: true }));
      const job = await app.jobs.wait(jobId);
      expect(job.state).toBe('cancelled');
      const kept = (await api('drafts.list', { videoId, kind: 'caption' })).filter((d) => d.target === target);
      expect(kept).toHaveLength(2);
      // in order, with the previous caption in the prompt
      expect(promptOf(fake.received[0]!)).not.toContain('Previous caption');
      expect(promptOf(fake.received[1]!)).toContain('Previous caption: x');
    }, 60_000);
  });

  describe('event and cycle candidates', () => {
    it('looks a stretch at a time with frames up to its end; keeps candidates inside it; records empty stretches; resumes', async () => {
      fake.answerWith((req) => {
        const [, first, last] = /between second (\d+) and second (\d+)/.exec(promptOf(req))!.map(Number);
        // a candidate inside, one after the stretch (dropped) — and nothing in the last stretch
        return first === 10
          ? json({ events: [] })
          : json({
              events: [
                { second: first! + 1, note: 'enters' },
                { second: last! + 5, note: 'too late' },
              ],
            });
      });
      const run = { what: 'events' as const, videoId, target: 'person enters', stepSeconds: 5, k: 8, height: 72 };
      expect(await api('drafting.estimate', run)).toMatchObject({ requests: 3 });
      expect(await runJob('drafting.start', run)).toMatchObject({ drafted: 2, failed: 0 });
      for (const request of fake.received) {
        const last = Number(/and second (\d+)/.exec(promptOf(request))![1]);
        expect(Math.max(...secondsSent(request))).toBe(last);
      }
      const events = (await app.requireProject().stores.annotation.marksOfVideo(videoId)).filter((m) => m.target === 'person enters');
      expect(events.map((m) => [m.type, m.start])).toEqual([
        ['event', 1],
        ['event', 6],
      ]);
      const drafts = await api('drafts.list', { videoId, kind: 'event' });
      expect(drafts.map((d) => [d.status, d.at, d.provenance.drafted])).toEqual([
        ['draft', 4, '1 s: enters'],
        ['draft', 9, '6 s: enters'],
        ['empty', 11, null],
      ]);
      fake.received.length = 0;
      expect(await runJob('drafting.start', run)).toMatchObject({ drafted: 0, skipped: 3 });
      expect(fake.received).toHaveLength(0);
    }, 60_000);

    it('drafts complete repetitions as cycle marks ending in the stretch', async () => {
      fake.answerWith(() =>
        json({
          cycles: [
            { start: 1, end: 4, note: 'lap' },
            { start: 4, end: 9, note: 'ends later' },
          ],
        }),
      );
      await runJob('drafting.start', { what: 'events', videoId, target: 'lap', mark: 'cycle', stepSeconds: 6, to: 6, k: 8, height: 72 });
      const cycles = (await app.requireProject().stores.annotation.marksOfVideo(videoId)).filter((m) => m.target === 'lap');
      expect(cycles.map((m) => [m.type, m.start, m.end])).toEqual([['cycle', 1, 4]]);
    }, 60_000);
  });

  describe('candidate questions (PhoStream pipeline) and their cutoff check', () => {
    it('summarises segments, drafts questions from the summaries so far, checks each at its cutoff and flags the unsupported', async () => {
      const phostream = BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!;
      const code = phostream.taxonomy[0]!.children?.[0]?.code ?? phostream.taxonomy[0]!.code;
      fake.answerWith((req) => {
        switch (schemaName(req)) {
          case 'summary':
            return json({ summary: `A test pattern (${/seconds (\d+)/.exec(promptOf(req))![1]}).`, steps: ['bars move'] });
          case 'candidates': {
            const first = Number(/about seconds (\d+)/.exec(promptOf(req))![1]);
            return json({
              questions: [
                {
                  question: 'What colour is the left bar?',
                  options: ['White', 'Red', 'Blue', 'Black'],
                  answer: 'A',
                  temporalType: 'backward',
                  taskCode: code,
                  queryTime: first + 4,
                  proactiveTime: null,
                  evidence: [{ start: first, end: first + 2 }],
                },
                {
                  question: 'When does the pattern change?',
                  options: ['Never', 'Soon', 'Now', 'Later'],
                  answer: 'B',
                  temporalType: 'forward',
                  taskCode: code,
                  queryTime: first + 1,
                  proactiveTime: first + 5,
                  evidence: [],
                },
                { question: 'Broken', options: ['x', 'y'], answer: 'Q', temporalType: 'instant', taskCode: null, queryTime: first, proactiveTime: null, evidence: [] },
              ],
            });
          }
          case 'cutoff_check':
            return json({ supported: !promptOf(req).includes('When does'), reason: promptOf(req).includes('When does') ? 'needs later frames' : 'visible' });
          default:
            return { kind: 'status', status: 400 };
        }
      });
      const run = { what: 'questions' as const, videoId, profileId: 'builtin:phostream', segmentSeconds: 6, perSegment: 3, k: 6, height: 72 };
      const estimate = await api('drafting.estimate', run);
      expect(estimate.requests).toBe(2 * (2 + 3));
      const outcome = await runJob('drafting.start', run);
      expect(outcome).toMatchObject({ drafted: 4, failed: 2, flagged: 2 });
      // causality: summaries and candidates see frames up to their segment's end, checks up to the cutoff
      for (const request of fake.received) {
        const sent = secondsSent(request);
        const prompt = promptOf(request);
        if (schemaName(request) === 'cutoff_check') expect(Math.max(...sent)).toBeLessThanOrEqual(Number(/Cutoff: second (\d+)/.exec(prompt)![1]));
        else expect(Math.max(...sent)).toBeLessThanOrEqual(Number(/seconds? (\d+)[–-](\d+)/.exec(prompt)![2]) - 1);
      }
      const cutoffs = fake.received.filter((r) => schemaName(r) === 'cutoff_check').map((r) => Number(/Cutoff: second (\d+)/.exec(promptOf(r))![1]));
      expect(cutoffs.sort((a, b) => a - b)).toEqual([4, 5, 10, 11]); // t_q for backward, T_p for forward
      // the second segment's candidates were written from both summaries (the dialogue history)
      const drafts = await api('drafts.list', { videoId, kind: 'question' });
      const second = drafts.find((d) => d.at === 11 && d.status === 'draft')!;
      expect(second.provenance.history).toHaveLength(2);
      expect(drafts.filter((d) => d.status === 'failed').map((d) => d.provenance.error)).toEqual([
        'Candidate 3: the answer "Q" is not one of the options.',
        'Candidate 3: the answer "Q" is not one of the options.',
      ]);

      const store = app.requireProject().stores.annotation;
      const forward = drafts.find((d) => d.provenance.drafted === 'When does the pattern change?' && d.at === 5)!;
      const question = (await store.question(forward.madeId!))!;
      expect(question).toMatchObject({ temporalType: 'forward', taskCode: code, provenance: { text: 'model', options: 'model' }, modelChecks: { cutoff: { cutoff: 5, supported: false } } });
      expect((await store.queryPointsOfQuestion(question.id))[0]).toMatchObject({ time: 1, proactiveTime: 5, answer: 'B' });
      expect(forward.provenance.check).toMatchObject({ cutoff: 5, supported: false, reason: 'needs later frames' });
      const lints = lintQuestion(question, await store.queryPointsOfQuestion(question.id), { profile: null, videoDuration: 12, marks: [], groupMembers: [] });
      expect(lints.map((l) => l.code)).toContain('post-cutoff-reliance');

      // accepting keeps the model's fields as checked by a person
      await api('drafts.decide', { ids: [forward.id], decision: 'accept' });
      expect((await store.question(forward.madeId!))!.provenance).toMatchObject({ text: 'accepted', options: 'accepted' });
    }, 60_000);
  });

  describe('the text-only shortcut probe', () => {
    it('asks with no video, N times, and flags items answered right at least half the time', async () => {
      const make = async (text: string, answer: string) =>
        (
          await call('questions.create', {
            videoId,
            fields: { profileId: 'builtin:ovo-s-bench', text, answerKind: 'choice', options: { A: 'a', B: 'b', C: 'c', D: 'd' } },
            queryPoints: [{ time: 2, answer }],
          })
        ).question.id;
      const giveaway = await make('Which option is the giveaway?', 'B');
      const fair = await make('Which option is fair?', 'C');
      let n = 0;
      fake.answerWith((req) => json({ answer: promptOf(req).includes('giveaway') ? 'B' : ['A', 'C', 'D'][n++ % 3]! }));
      const outcome = await runJob('drafting.probe', { profileId: 'builtin:ovo-s-bench', repeats: 3 });
      expect(outcome).toMatchObject({ drafted: 2, flagged: 1 });
      expect(fake.received).toHaveLength(6);
      expect(fake.received.every((r) => r.images.length === 0)).toBe(true);
      const store = app.requireProject().stores.annotation;
      const flagged = (await store.question(giveaway))!;
      expect(flagged.modelChecks?.textOnly).toMatchObject({ correct: 3, repeats: 3, answers: ['B', 'B', 'B'] });
      const lint = lintQuestion(flagged, await store.queryPointsOfQuestion(giveaway), { profile: null, videoDuration: 12, marks: [], groupMembers: [] }).find(
        (l) => l.code === 'answerable-without-video',
      );
      expect(lint?.message).toBe('Answerable without video: fake-vision-1 answered right in 3 of 3 text-only tries (100 %). Reword the question or its options.');
      expect((await store.question(fair))!.modelChecks?.textOnly).toMatchObject({ correct: 1, repeats: 3 });
      // a check is not a drafted field: it holds nothing back
      expect(flagged.provenance.modelChecks).not.toBe('model');
    }, 60_000);
  });

  const filesUnder = (path: string): string[] => readdirSync(path).flatMap((f) => (statSync(join(path, f)).isDirectory() ? filesUnder(join(path, f)) : [join(path, f)]));

  describe('the key', () => {
    it('is in no response, job, log line, export or project file', async () => {
      const project = app.requireProject();
      const lossless = join(folder, 'all.jsonl');
      const { jobId } = await api('exchange.export', { format: 'tidemark', path: lossless, force: true });
      await app.jobs.wait(jobId);
      const everything = [
        JSON.stringify(responses),
        JSON.stringify(app.jobs.list()),
        readFileSync(lossless, 'utf8'),
        await projectContent(project),
        ...filesUnder(join(folder, 'data')).map((f) => readFileSync(f, 'latin1')),
        logged.join('\n'),
      ];
      expect(fake.received.length + responses.length).toBeGreaterThan(0);
      for (const text of everything) expect(text).not.toContain(KEY);
    }, 60_000);
  });
});
