// Figures for issue 2: project open, thumbnail extraction, timeline frame time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRegistry } from '../electron/services/jobs/registry';
import { generateThumbnails } from '../electron/services/media/thumbnails';
import { Project } from '../electron/services/projects/project';
import { insertVideos, importVideos } from '../electron/services/videos/service';
import { frameTimes, h264, lavfi, ms, oneHourVideo, openInBrowser, stats, testVideo, tools } from './support';

export async function benchProjectOpen(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const path = join(dir, 'big.tidemark');
  const project = await Project.open(path, { create: true, name: 'Bench' });
  const videos = Array.from({ length: 1000 }, (_, i) => ({
    id: randomUUID(), name: `video-${i}.mp4`, relPath: `media/video-${i}.mp4`, fingerprint: `fp-${i}`, fileSize: 1e6,
    duration: 600, fps: 30, fpsRational: '30/1', variableFps: false, width: 1280, height: 720, codec: 'h264', audioCodec: 'aac', container: 'mov,mp4,m4a,3gp,3g2,mj2',
  }));
  await project.store.edit('bench', 'Add 1,000 videos', (tx) => insertVideos(tx, videos));
  await project.close();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    const opened = await Project.open(path, { create: false });
    opened.summary();
    opened.videos.list();
    opened.videos.views();
    times.push(performance.now() - start);
    await opened.close();
  }
  const s = stats(times);
  console.log(`Open a project (1,000 videos; open + summary + library + view state), ${s.n} runs: median ${ms(s.median)}, p95 ${ms(s.p95)}`);
  rmSync(dir, { recursive: true, force: true });
}

export async function benchThumbnails(): Promise<void> {
  console.log('Generating a 10-minute 720p H.264 test video (cached in bench-results/media)…');
  const path = await testVideo('ten-minutes-720p.mp4', [...lavfi('testsrc2=size=1280x720:rate=30:duration=600'), ...h264(250, 'ultrafast')]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const project = await Project.open(join(dir, 'p.tidemark'), { create: true });
  const jobs = new JobRegistry();
  await jobs.wait(jobs.start({ kind: 'import', label: 'bench' }, (c) => importVideos(project, { person: 'bench', role: 'lead' }, tools, [path], c)).id);
  const video = project.videos.list()[0]!;
  const start = performance.now();
  const job = await jobs.wait(jobs.start({ kind: 'thumbnails', label: 'bench', videoId: video.id }, (c) => generateThumbnails(tools.ffmpeg, path, video, project.cacheDir, c)).id);
  const seconds = (performance.now() - start) / 1000;
  if (job.state !== 'done') throw new Error(`thumbnail job ${job.state}: ${job.message}`);
  console.log(`Thumbnail extraction (1 FPS, 10-minute 720p30 H.264): ${seconds.toFixed(1)} s = ${(600 / seconds).toFixed(1)}× real time`);
  await project.close();
  rmSync(dir, { recursive: true, force: true });
}

export async function benchTimeline(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await oneHourVideo();
  await openInBrowser(path, async (page) => {
    // wait for the filmstrip of the hour to be extracted, so frames draw real thumbnails
    await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
    const times = await frameTimes(page, ZOOM_AND_PAN, 1200);
    const s = stats(times);
    console.log(`Timeline frame time while zooming and panning a one-hour video (${s.n} frames): median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`);
  });
}


/** One wheel event per frame on the timeline canvas: zoom in, pan, zoom out, pan back (150 frames each). */
export const ZOOM_AND_PAN = `
  const canvas = document.querySelector('[data-testid="timeline"] canvas');
  const rect = canvas.getBoundingClientRect();
  const phase = Math.floor(i / 150) % 4;
  const x = rect.left + rect.width * (0.2 + 0.6 * ((i % 150) / 150));
  const wheel = phase === 0 ? { deltaY: -60, ctrlKey: true } : phase === 2 ? { deltaY: 60, ctrlKey: true } : { deltaY: phase === 1 ? 40 : -40, ctrlKey: false };
  canvas.dispatchEvent(new WheelEvent('wheel', { ...wheel, clientX: x, clientY: rect.top + 40, bubbles: true, cancelable: true }));
`;
