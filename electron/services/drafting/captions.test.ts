// Caption drafting against a scripted OpenAI-compatible server: every request's frames are recorded
// by the server and mapped back to their seconds — none may lie after the second being drafted.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointSettingsSchema } from '../../../shared/drafting/endpoint';
import { listMarks } from '../annotation/rows';
import { exportTidemarkJsonl } from '../exchange/tidemark-jsonl';
import { JobRegistry, type JobControl } from '../jobs/registry';
import { Project } from '../projects/project';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/fake-openai';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { importVideos } from '../videos/service';
import { draftCaptions, type CaptionRun, type DraftingEndpoint } from './captions';
import { draftFrames } from './frames';
import { draftsOf } from './rows';

const dir = tempDir();
const jobs = new JobRegistry();
const ann = { person: 'ann', role: 'annotator' as const };
let project: Project;
let fake: FakeOpenAi;
let videoId: string;
const control = (): JobControl => ({ signal: new AbortController().signal, progress: () => undefined });
const endpoint = (): DraftingEndpoint => ({ baseURL: fake.baseURL, apiKey: 'sk-x', model: 'fake-vision-1', timeoutMs: 5_000, maxRetries: 1, settings: endpointSettingsSchema.parse({ concurrency: 3, priceInputPerMillion: 2, priceOutputPerMillion: 8 }) });
const run = (over: Partial<CaptionRun> = {}): CaptionRun => ({ videoId, target: 'task-1', task: 'What is happening?', from: 0, to: 12, policy: 'sw+u', k: 4, height: 72, withPrevious: false, ...over });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  await renderClip(join(dir.path, 'clip.mp4'), { width: 320, height: 180, fps: 25, scenes: [], testPattern: { seconds: 12 } });
  project = await Project.open(join(dir.path, 'p.tidemark'), { create: true });
  const job = jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(project, ann, tools, [join(dir.path, 'clip.mp4')], c));
  await jobs.wait(job.id);
  videoId = project.videos.list()[0]!.id;
}, 60_000);
afterAll(async () => {
  await project.close();
  await fake.close();
  dir.remove();
});

describe('dense-caption drafts', () => {
  it('drafts a caption per second from frames at or before it, with provenance, and resumes', async () => {
    const video = project.videos.list()[0]!;
    const frames = await draftFrames(tools.ffmpeg, project.videos.absolutePath(video), video, project.cacheDir, 72, control());
    const secondOf = new Map(Array.from({ length: frames.count }, (_, s) => [frames.dataUrl(s), s]));
    fake.answerWith((req) => {
      const second = Number(/Current second: (\d+)/.exec(JSON.stringify(req.body.messages))![1]);
      return second === 7 ? { kind: 'json', content: '{"wrong":1}' } : { kind: 'json', content: JSON.stringify({ caption: `second ${second}` }), usage: { prompt_tokens: 1000, completion_tokens: 10 } };
    });
    const outcome = await draftCaptions(project, ann, endpoint(), tools.ffmpeg, run(), control());
    expect(outcome).toMatchObject({ drafted: 11, failed: 1, skipped: 0, cancelled: false });
    // causality on the real requests: each frame the server received maps to a second ≤ the one drafted
    for (const request of fake.received) {
      const drafting = Number(/Current second: (\d+)/.exec(JSON.stringify(request.body.messages))![1]);
      const times = request.images.map((url) => secondOf.get(url));
      expect(times.every((t) => t !== undefined && t <= drafting), `second ${drafting}: ${times.join(',')}`).toBe(true);
      expect(times.at(-1)).toBe(drafting);
    }
    const drafts = draftsOf(project.store.db, videoId, 'caption', 'task-1');
    expect(drafts).toHaveLength(12);
    const ten = drafts.find((d) => d.at === 10)!;
    // SW+U, k = 4 at second 10: the latest 9, 10 and two spread over 0..8 (0 and 8)
    expect(ten).toMatchObject({ status: 'draft', provenance: { model: 'fake-vision-1', promptTemplate: 'dense-caption', promptVersion: 1, policy: 'sw+u', k: 4, frameTimes: [0, 8, 9, 10], inputTokens: 1000, outputTokens: 10 } });
    expect(ten.provenance.costUsd).toBeCloseTo((1000 * 2 + 10 * 8) / 1e6, 12);
    const failed = drafts.find((d) => d.at === 7)!;
    expect(failed).toMatchObject({ status: 'failed', madeId: null, provenance: { raw: '{"wrong":1}' } });
    const captions = listMarks(project.store.db, videoId).filter((m) => m.type === 'caption');
    expect(captions.map((m) => m.start).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]);
    // a second run drafts only what failed
    fake.received.length = 0;
    fake.answerWith(() => ({ kind: 'json', content: '{"caption":"seven at last"}' }));
    const again = await draftCaptions(project, ann, endpoint(), tools.ffmpeg, run(), control());
    expect(again).toMatchObject({ drafted: 1, skipped: 11 });
    expect(fake.received).toHaveLength(1);
    // drafts travel in the lossless format
    expect((await exportTidemarkJsonl(project, { person: 'lee', role: 'lead' })).text).toContain('"table":"drafts"');
  }, 60_000);

  it('stops when cancelled, keeping what was drafted', async () => {
    const abort = new AbortController();
    let n = 0;
    fake.answerWith(() => {
      if (++n === 3) abort.abort();
      return { kind: 'json', content: '{"caption":"x"}' };
    });
    const outcome = await draftCaptions(project, ann, { ...endpoint(), settings: endpointSettingsSchema.parse({ concurrency: 1 }) }, tools.ffmpeg, run({ target: 'task-2', withPrevious: true }), { signal: abort.signal, progress: () => undefined });
    expect(outcome.cancelled).toBe(true);
    expect(outcome.drafted).toBeLessThan(12);
    expect(draftsOf(project.store.db, videoId, 'caption', 'task-2').length).toBe(outcome.drafted + outcome.failed);
  }, 60_000);

  it('sends the previous caption when asked', async () => {
    fake.received.length = 0;
    fake.answerWith((req) => ({ kind: 'json', content: JSON.stringify({ caption: `cap ${/Current second: (\d+)/.exec(JSON.stringify(req.body.messages))![1]}` }) }));
    await draftCaptions(project, ann, endpoint(), tools.ffmpeg, run({ target: 'task-3', from: 0, to: 3, withPrevious: true }), control());
    const texts = fake.received.map((r) => JSON.stringify(r.body.messages));
    expect(texts[0]).not.toContain('Previous caption');
    expect(texts[2]).toContain('Previous caption: cap 1');
  }, 60_000);
});
