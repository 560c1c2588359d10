// Figures for issue 10: the drafting pipeline's own overhead, against the scripted OpenAI-compatible
// server answering at once (in this process, on 127.0.0.1). A 60-second clip: its frames extracted
// (uncached), then a captions run (SW+U, k 42, 360 px, 4 requests at once) — building each request
// from the cached frames, the round trip, storing each caption — per second of video; the longest
// the event loop was blocked during the run; the heap before and after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draftRunSchema } from '../shared/drafting/runs';
import { AppServices } from '../electron/services/app-services';
import { listDrafts } from '../electron/services/drafting/decisions';
import { draftFrames } from '../electron/services/drafting/frames';
import { runDraft } from '../electron/services/drafting/runs';
import { UNWATCHED } from '../electron/services/jobs/registry';
import { startFakeOpenAi } from '../electron/services/test-support/fake-openai';
import { apiClient } from '../electron/services/test-support/project';
import { listVideos, videoPath } from '../electron/services/videos/library';
import { importVideos } from '../electron/services/videos/service';
import { gcNote, h264, heapUsed, lavfi, mb, ms, stats, testVideo, watchedLoop } from './support';
import { figure } from './figures';

const SECONDS = 60;

export async function benchDrafting(): Promise<void> {
  console.log('Generating a 60-second 360p test video (cached)…');
  const clip = await testVideo('drafting-60s-360p.mp4', [...lavfi(`testsrc2=size=640x360:rate=25:duration=${SECONDS}`), ...h264(50)]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-drafting-'));
  const fake = await startFakeOpenAi();
  const app = new AppServices({ dataDir: join(dir, 'data'), mode: 'browser', version: 'bench', env: { OPENAI_API_KEY: 'sk-bench' } });
  try {
    const caller = { person: 'bench', role: 'annotator' as const };
    await app.createProject(join(dir, 'drafting.tidemark'), 'Bench');
    const project = app.requireProject();
    const imported = await importVideos(project, caller, app.tools, [clip], UNWATCHED);
    if (imported.failed.length > 0) throw new Error(`import failed: ${imported.failed.map((f) => f.reason).join('; ')}`);
    const video = (await listVideos(project))[0]!;
    const { question } = await apiClient(app, caller)('questions.create', {
      videoId: video.id,
      fields: { profileId: 'builtin:vsas-bench', text: 'What is happening?', answerKind: 'text', status: 'accepted' },
      queryPoints: [{ time: 0 }],
    });
    // the server answers at once; what it received is counted and let go (it would keep every frame sent)
    let framesSent = 0;
    let urlBytes = 0;
    fake.answerWith((request) => {
      framesSent += request.images.length;
      urlBytes += request.images.reduce((n, url) => n + url.length, 0);
      fake.received.length = 0;
      return { kind: 'json', content: JSON.stringify({ caption: 'A test pattern with moving colour bars.' }), usage: { prompt_tokens: 10_000, completion_tokens: 12 } };
    });

    const extractionStart = performance.now();
    const frames = await draftFrames(app.tools.ffmpeg, videoPath(project, video), video, project.cacheDir, 360, UNWATCHED);
    const extraction = performance.now() - extractionStart;
    console.log(`Drafting frames of a ${SECONDS}-second 640×360 H.264 clip at 360 px, uncached (${frames.count} JPEGs): ${ms(extraction)} = ${ms(extraction / SECONDS)} per second of video`);

    const run = draftRunSchema.parse({ what: 'captions', videoId: video.id, target: question.id, policy: 'sw+u', k: 42, height: 360 });
    const heapBefore = heapUsed();
    const {
      value: outcome,
      wall: pipeline,
      blocked,
      p99,
    } = await watchedLoop(() => runDraft(app, project, caller, run, UNWATCHED, { baseURL: fake.baseURL, model: 'fake-vision-1', concurrency: 4, maxRetries: 0 }));
    const heapAfter = heapUsed();
    figure('drafting frame extraction per second of video', extraction / SECONDS, 'ms');
    figure('drafting captions per second of video', pipeline / SECONDS, 'ms');
    figure('drafting longest block', blocked, 'ms');
    const roundTrips = stats((await listDrafts(project, { videoId: video.id, kind: 'caption' })).map((d) => d.provenance.latencyMs));
    console.log(
      `Drafting captions (SW+U, k 42, 360 px, concurrency 4; the scripted server in this process answering at once): ${outcome.drafted} seconds drafted, ${outcome.failed} failed, ` +
        `${outcome.requests} requests carrying ${framesSent.toLocaleString('en')} frames (${mb(urlBytes / Math.max(1, outcome.requests))} of data URLs per request on average) in ${ms(pipeline)} = ${ms(pipeline / SECONDS)} per second of video; ` +
        `round trip median ${ms(roundTrips.median)}, p95 ${ms(roundTrips.p95)}; event loop blocked at most ${ms(blocked)} (p99 ${ms(p99)}); ` +
        `heap ${mb(heapBefore)} before, ${mb(heapAfter)} after${gcNote()}`,
    );
  } finally {
    await app.shutdown();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
