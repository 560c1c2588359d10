// Step latency: key press to the commanded frame on screen, on 1080p30 H.264 with a keyframe every 2 s.
import type { Page } from '@playwright/test';
import { h264, lavfi, ms, openInBrowser, stats, testVideo } from './support';

/** In the page: press a key, wait until the presented frame is the commanded one; returns ms each. */
export async function stepLatencies(page: Page, key: string, steps: number): Promise<number[]> {
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

export async function benchStepLatency(): Promise<void> {
  console.log('Generating a 1080p30 H.264 test video, 4 minutes, keyframe every 2 s (cached)…');
  const path = await testVideo('four-minutes-1080p.mp4', [...lavfi('testsrc2=size=1920x1080:rate=30:duration=240'), ...h264(60, 'ultrafast')]);
  await openInBrowser(path, async (page) => {
    const seconds = stats(await stepLatencies(page, 'ArrowRight', 200));
    console.log(`Step latency, → (1 s) on 1080p H.264, key press to presented frame, ${seconds.n} steps: median ${ms(seconds.median)}, p95 ${ms(seconds.p95)}, max ${ms(seconds.max)}`);
    const frames = stats(await stepLatencies(page, '.', 200));
    console.log(`Step latency, . (1 frame) on 1080p H.264, ${frames.n} steps: median ${ms(frames.median)}, p95 ${ms(frames.p95)}, max ${ms(frames.max)}`);
  });
}
