// The demo project a first start opens: two short generated videos, so there is something to see.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { JobControl } from './jobs/registry';
import { renderSyntheticVideo, type SyntheticVideo } from './media/synthetic';
import type { MediaTools } from './media/tools';

/** Moving, countable squares in three scenes joined by hard cuts at 8 s and 16 s. */
export const COUNTING_DEMO: SyntheticVideo = {
  width: 640,
  height: 360,
  fps: 30,
  scenes: [
    {
      background: '0x1d3557',
      seconds: 8,
      objects: [
        { color: 'orange', size: 48, speed: 90, y: 60, x0: 0 },
        { color: 'yellow', size: 48, speed: 60, y: 160, x0: 200 },
        { color: 'white', size: 48, speed: 120, y: 260, x0: 400 },
      ],
    },
    {
      background: '0x2a9d8f',
      seconds: 8,
      objects: [
        { color: 'red', size: 40, speed: 70, y: 40, x0: 0 },
        { color: 'white', size: 40, speed: 110, y: 110, x0: 150 },
        { color: 'yellow', size: 40, speed: 50, y: 180, x0: 300 },
        { color: 'black', size: 40, speed: 90, y: 250, x0: 450 },
        { color: 'orange', size: 40, speed: 130, y: 310, x0: 100 },
      ],
    },
    {
      background: '0x6d2e46',
      seconds: 8,
      objects: [
        { color: 'cyan', size: 64, speed: 80, y: 80, x0: 100 },
        { color: 'lime', size: 64, speed: 40, y: 220, x0: 380 },
      ],
    },
  ],
};

/** ffmpeg's test pattern shows a running time code: handy to check that stepping lands right. */
const CLOCK_DEMO: SyntheticVideo = { width: 640, height: 360, fps: 25, scenes: [], audio: true, testPattern: { seconds: 20 } };

const DEMO_VIDEOS: ReadonlyArray<{ file: string; spec: SyntheticVideo }> = [
  { file: 'counting-objects.mp4', spec: COUNTING_DEMO },
  { file: 'clock-test-pattern.mp4', spec: CLOCK_DEMO },
];

/**
 * Renders the demo videos into `dir/media/` (skipping ones already there) and returns their paths;
 * both at once, since a first start waits for them (each ffmpeg mostly keeps one core busy).
 */
export async function renderDemoMedia(tools: MediaTools, dir: string, control: JobControl): Promise<string[]> {
  const mediaDir = join(dir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  // one failing stops the other (no ffmpeg left writing a partial file a retry would meet)
  const stop = new AbortController();
  const stopAll = (): void => stop.abort();
  control.signal.addEventListener('abort', stopAll, { once: true });
  let done = 0;
  control.progress(0, `Generating the demo videos`);
  try {
    return await Promise.all(
      DEMO_VIDEOS.map(async ({ file, spec }) => {
        const path = join(mediaDir, file);
        if (!existsSync(path)) {
          const temp = join(mediaDir, `.partial-${file}`);
          try {
            await renderSyntheticVideo(tools.ffmpeg, spec, temp, stop.signal);
          } catch (error) {
            stopAll();
            throw error;
          }
          renameSync(temp, path);
        }
        control.progress(++done / DEMO_VIDEOS.length, `Generated demo video ${file}`);
        return path;
      }),
    );
  } finally {
    control.signal.removeEventListener('abort', stopAll);
  }
}
