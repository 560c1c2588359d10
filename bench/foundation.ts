// Figures for issue 2: thumbnail extraction (next to a bare decode of the same file), timeline frame time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRegistry } from '../electron/services/jobs/registry';
import { generateThumbnails } from '../electron/services/media/thumbnails';
import { Project } from '../electron/services/projects/project';
import { listVideos } from '../electron/services/videos/library';
import { importVideos } from '../electron/services/videos/service';
import { runProcess } from '../electron/services/media/run-process';
import { figure } from './figures';
import { frameLine, frameStats, frameTimes, h264, idleFrames, lavfi, median, oneHourVideo, openInBrowser, testVideo, tools } from './support';

export async function benchThumbnails(): Promise<void> {
  console.log('Generating a 10-minute 720p H.264 test video (cached in bench-results/media)…');
  const path = await testVideo('ten-minutes-720p.mp4', [...lavfi('testsrc2=size=1280x720:rate=30:duration=600'), ...h264(250, 'ultrafast')]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const project = await Project.open(join(dir, 'p.tidemark'), { create: true });
  const jobs = new JobRegistry();
  await jobs.wait(jobs.start({ kind: 'import', label: 'bench' }, (c) => importVideos(project, { person: 'bench', role: 'lead' }, tools, [path], c)).id);
  const video = (await listVideos(project))[0]!;
  // rounds alternate the floor (a bare 1 FPS decode of the same file) and the filmstrip job
  const times = { floor: [] as number[], ours: [] as number[] };
  for (let round = 0; round < 3; round++) {
    let start = performance.now();
    const bare = await runProcess(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-i', path, '-vf', 'fps=1', '-f', 'null', '-']);
    times.floor.push(performance.now() - start);
    if (bare.code !== 0) throw new Error(`ffmpeg: ${bare.stderr}`);
    start = performance.now();
    const job = await jobs.wait(jobs.start({ kind: 'thumbnails', label: 'bench', videoId: video.id }, (c) => generateThumbnails(tools.ffmpeg, path, video, project.cacheDir, c)).id);
    times.ours.push(performance.now() - start);
    if (job.state !== 'done') throw new Error(`thumbnail job ${job.state}: ${job.message}`);
  }
  const [floor, ours] = [median(times.floor), median(times.ours)];
  console.log(
    `Thumbnail extraction (1 FPS, 10-minute 720p30 H.264), median of 3: ${(ours / 1000).toFixed(1)} s = ${(600_000 / ours).toFixed(1)}× real time; floor (bare \`ffmpeg -vf fps=1 -f null -\`) ${(floor / 1000).toFixed(1)} s → ${(ours / floor).toFixed(2)}× the floor`,
  );
  figure('thumbnails', ours / 1000, 's', floor / 1000);
  await project.close();
  rmSync(dir, { recursive: true, force: true });
}

export async function benchTimeline(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await oneHourVideo();
  await openInBrowser(path, async (page) => {
    // wait for the filmstrip of the hour to be extracted, so frames draw real thumbnails
    await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
    const idle = await idleFrames(page);
    const s = frameStats(await frameTimes(page, ZOOM_AND_PAN, 1200));
    console.log(`Timeline frame time while zooming and panning a one-hour video (${s.n} frames): ${frameLine(s)}; the page doing nothing (the floor): ${frameLine(idle)}`);
    figure('timeline p95', s.p95, 'ms', idle.p95);
    figure('timeline p99', s.p99, 'ms', idle.p99);
    figure('timeline longest frame', s.max, 'ms', idle.max);
    figure('timeline refreshes missed', s.missed, 'x', idle.missed);
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
