// `npm run bench`: figures for this machine. Nothing here asserts a time; it measures and prints.
import { chromium, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startTidemark } from '../e2e/support/server';
import { JobRegistry } from '../electron/services/jobs';
import { generateThumbnails } from '../electron/services/media/thumbnails';
import { runProcess } from '../electron/services/media/run-process';
import { resolveMediaTools } from '../electron/services/media/tools';
import { Project } from '../electron/services/project';
import { importVideos } from '../electron/services/videos/import';

const tools = resolveMediaTools('bundled');
const cacheDir = join(process.cwd(), 'bench-results', 'media');
mkdirSync(cacheDir, { recursive: true });

function stats(values: number[]): { median: number; p95: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN, n: sorted.length };
}

const ms = (x: number): string => `${x.toFixed(1)} ms`;

/** A generated test video, cached across bench runs (generation is not what is measured). */
async function testVideo(name: string, args: string[]): Promise<string> {
  const path = join(cacheDir, name);
  if (existsSync(path)) return path;
  const partial = `${path}.partial.mp4`;
  const out = await runProcess(tools.ffmpeg, ['-v', 'error', ...args, '-y', partial]);
  if (out.code !== 0) throw new Error(`ffmpeg: ${out.stderr}`);
  const { renameSync } = await import('node:fs');
  renameSync(partial, path);
  return path;
}

const lavfi = (spec: string): string[] => ['-f', 'lavfi', '-i', spec];
const h264 = (gop: number, preset = 'ultrafast'): string[] => ['-c:v', 'libx264', '-preset', preset, '-pix_fmt', 'yuv420p', '-g', String(gop), '-movflags', '+faststart'];

async function benchProjectOpen(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const path = join(dir, 'big.tidemark');
  const project = Project.open(path, { create: true, name: 'Bench' });
  project.db.transaction(() => {
    for (let i = 0; i < 1000; i++) {
      project.videos.insert({
        id: randomUUID(), name: `video-${i}.mp4`, relPath: `media/video-${i}.mp4`, fingerprint: `fp-${i}`, fileSize: 1e6,
        duration: 600, fps: 30, fpsRational: '30/1', variableFps: false, width: 1280, height: 720, codec: 'h264', audioCodec: 'aac', container: 'mov,mp4,m4a,3gp,3g2,mj2',
      });
    }
  })();
  project.close();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    const opened = Project.open(path, { create: false });
    opened.summary();
    opened.videos.list();
    opened.videos.views();
    times.push(performance.now() - start);
    opened.close();
  }
  const s = stats(times);
  console.log(`Open a project (1,000 videos; open + summary + library + view state), ${s.n} runs: median ${ms(s.median)}, p95 ${ms(s.p95)}`);
  rmSync(dir, { recursive: true, force: true });
}

async function benchThumbnails(): Promise<void> {
  console.log('Generating a 10-minute 720p H.264 test video (cached in bench-results/media)…');
  const path = await testVideo('ten-minutes-720p.mp4', [...lavfi('testsrc2=size=1280x720:rate=30:duration=600'), ...h264(250, 'ultrafast')]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const project = Project.open(join(dir, 'p.tidemark'), { create: true });
  const jobs = new JobRegistry();
  await jobs.wait(jobs.start('import', 'bench', (c) => importVideos(project, tools, [path], c)).id);
  const video = project.videos.list()[0]!;
  const start = performance.now();
  const job = await jobs.wait(jobs.start('thumbnails', video.id, (c) => generateThumbnails(tools.ffmpeg, path, video, project.cacheDir, c)).id);
  const seconds = (performance.now() - start) / 1000;
  if (job.state !== 'done') throw new Error(`thumbnail job ${job.state}: ${job.message}`);
  console.log(`Thumbnail extraction (1 FPS, 10-minute 720p30 H.264): ${seconds.toFixed(1)} s = ${(600 / seconds).toFixed(1)}× real time`);
  project.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Starts browser mode with one imported video selected and returns the page. */
async function openInBrowser(videoPath: string, work: (page: Page) => Promise<void>): Promise<void> {
  const server = await startTidemark();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-row"]').length === 2, null, { timeout: 60_000 });
    const callApi = (method: string, payload: unknown) =>
      page.evaluate(async ([m, p]) => (await fetch(`/api/${m}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(p) })).json(), [method, payload] as const);
    await callApi('videos.import', { paths: [videoPath] });
    const name = videoPath.split('/').pop()!;
    await page.locator(`[data-video-name="${name}"]`).waitFor({ timeout: 120_000 });
    await page.locator(`[data-video-name="${name}"]`).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '', null, { timeout: 60_000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await work(page);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** In the page: press a key, wait until the presented frame is the commanded one; returns ms each. */
async function stepLatencies(page: Page, key: string, steps: number): Promise<number[]> {
  return page.evaluate(
    async ([k, n]) => {
      const player = document.querySelector('[data-testid="player"]') as HTMLElement;
      const settled = (): boolean => player.dataset.presentedFrame === player.dataset.commandedFrame;
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const before = player.dataset.commandedFrame;
        const start = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
        await new Promise<void>((resolve) => {
          const poll = (): void => {
            if (player.dataset.commandedFrame !== before && settled()) resolve();
            else requestAnimationFrame(poll);
          };
          // a microtask first: React commits the new command before the check
          queueMicrotask(poll);
        });
        times.push(performance.now() - start);
      }
      return times;
    },
    [key, steps] as const,
  );
}

async function benchStepLatency(): Promise<void> {
  console.log('Generating a 1080p30 H.264 test video, 4 minutes, keyframe every 2 s (cached)…');
  const path = await testVideo('four-minutes-1080p.mp4', [...lavfi('testsrc2=size=1920x1080:rate=30:duration=240'), ...h264(60, 'ultrafast')]);
  await openInBrowser(path, async (page) => {
    const seconds = stats(await stepLatencies(page, 'ArrowRight', 200));
    console.log(`Step latency, → (1 s) on 1080p H.264, key press to presented frame, ${seconds.n} steps: median ${ms(seconds.median)}, p95 ${ms(seconds.p95)}, max ${ms(seconds.max)}`);
    const frames = stats(await stepLatencies(page, '.', 200));
    console.log(`Step latency, . (1 frame) on 1080p H.264, ${frames.n} steps: median ${ms(frames.median)}, p95 ${ms(frames.p95)}, max ${ms(frames.max)}`);
  });
}

async function benchTimeline(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await testVideo('one-hour-360p.mp4', [...lavfi('testsrc2=size=640x360:rate=10:duration=3600'), ...h264(100, 'ultrafast')]);
  await openInBrowser(path, async (page) => {
    // wait for the filmstrip of the hour to be extracted, so frames draw real thumbnails
    await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
    const frameTimes = await page.evaluate(async () => {
      const canvas = document.querySelector('[data-testid="timeline"] canvas') as HTMLCanvasElement;
      const rect = canvas.getBoundingClientRect();
      const deltas: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 1200; i++) {
        const phase = Math.floor(i / 150) % 4;
        const x = rect.left + rect.width * (0.2 + 0.6 * ((i % 150) / 150));
        const wheel = phase === 0 ? { deltaY: -60, ctrlKey: true } : phase === 2 ? { deltaY: 60, ctrlKey: true } : { deltaY: phase === 1 ? 40 : -40, ctrlKey: false };
        canvas.dispatchEvent(new WheelEvent('wheel', { ...wheel, clientX: x, clientY: rect.top + 40, bubbles: true, cancelable: true }));
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return deltas.slice(10);
    });
    const s = stats(frameTimes);
    console.log(`Timeline frame time while zooming and panning a one-hour video (${s.n} frames): median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`);
  });
}

console.log(`Tidemark benchmarks — node ${process.version}, ffmpeg ${tools.ffmpeg}`);
const only = process.argv.slice(2);
const run = (name: string): boolean => only.length === 0 || only.includes(name);
if (run('open')) await benchProjectOpen();
if (run('thumbnails')) await benchThumbnails();
if (run('step')) await benchStepLatency();
if (run('timeline')) await benchTimeline();
