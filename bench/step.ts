// Step latency: key press to the commanded frame on screen, on 1080p30 H.264 with a keyframe every
// 2 s, at a human pace (a step every 250 ms) — the plain seek (decoding ahead off) as the baseline and
// decoding ahead, in the same run on the same file — and holding → down (auto-repeat).
import type { Page } from '@playwright/test';
import { figure } from './figures';
import { browserMemory, h264, lavfi, mb, ms, openInBrowser, stats, testVideo } from './support';

const STEPS = Number(process.env.TIDEMARK_BENCH_STEPS ?? 100);
const PACE_MS = 250;
/** Each key from where its steps stay inside the 4-minute video (100 steps of ← from 60 s would stop at 0). */
const KEYS = [
  { key: 'ArrowRight', label: '→ (1 s)', from: 10 },
  { key: 'ArrowLeft', label: '← (1 s)', from: 225 },
  { key: '.', label: '. (1 frame)', from: 115 },
  { key: ',', label: ', (1 frame)', from: 135 },
] as const;

/**
 * In the page: from `from` seconds, press `key` `n` times at `pace` ms apart; for each, the time from
 * the key press to the moment the player says the frame it presents is the commanded one (watched
 * with a MutationObserver on its data attributes, so no polling granularity is added).
 */
export async function stepLatencies(page: Page, key: string, n: number, pace = 0): Promise<{ times: number[]; stuck: string[] }> {
  return page.evaluate(
    async ([k, count, gap]) => {
      const player = document.querySelector('[data-testid="player"]') as HTMLElement;
      const settledAfter = (before: string | undefined): boolean => player.dataset.commandedFrame !== before && player.dataset.presentedFrame === player.dataset.commandedFrame;
      const times: number[] = [];
      // a step whose frame never arrives is a finding, not a reason to hang: named, and left out
      const stuck: string[] = [];
      for (let i = 0; i < count; i++) {
        const before = player.dataset.commandedFrame;
        const start = performance.now();
        const settled = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve(false);
          }, 5000);
          const observer = new MutationObserver(() => {
            if (!settledAfter(before)) return;
            observer.disconnect();
            clearTimeout(timer);
            resolve(true);
          });
          observer.observe(player, { attributes: true, attributeFilter: ['data-commanded-frame', 'data-presented-frame'] });
          window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
        });
        const took = performance.now() - start;
        if (settled) times.push(took);
        else stuck.push(`frame ${player.dataset.commandedFrame} commanded, ${player.dataset.presentedFrame} presented`);
        if (gap > took) await new Promise((r) => setTimeout(r, gap - took));
      }
      return { times, stuck };
    },
    [key, n, pace] as const,
  );
}

/**
 * In the page: holds → down for `seconds` (auto-repeat every 33 ms, as a keyboard does) and lists the
 * frames presented meanwhile, then how long after letting go the screen still changed.
 */
async function holdRight(page: Page, seconds: number): Promise<{ frames: number[]; elapsed: number; settleAfterRelease: number }> {
  return page.evaluate(async (holdFor) => {
    const player = document.querySelector('[data-testid="player"]') as HTMLElement;
    const frames: number[] = [];
    const observer = new MutationObserver(() => {
      const f = Number(player.dataset.presentedFrame);
      if (player.dataset.presentedFrame !== '' && frames.at(-1) !== f) frames.push(f);
    });
    observer.observe(player, { attributes: true, attributeFilter: ['data-presented-frame'] });
    const start = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    while (performance.now() - start < holdFor * 1000) {
      await new Promise((r) => setTimeout(r, 33));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, repeat: true }));
    }
    const released = performance.now();
    const elapsed = released - start;
    while (player.dataset.presentedFrame !== player.dataset.commandedFrame && performance.now() - released < 5000) await new Promise((r) => requestAnimationFrame(r));
    const settleAfterRelease = performance.now() - released;
    observer.disconnect();
    return { frames, elapsed, settleAfterRelease };
  }, seconds);
}

async function seekTo(page: Page, seconds: number): Promise<void> {
  await page.keyboard.press('g');
  await page.getByTestId('jump-input').fill(String(seconds));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => {
    const d = (document.querySelector('[data-testid="player"]') as HTMLElement).dataset;
    return d.presentedFrame === d.commandedFrame;
  });
  await page.waitForTimeout(500);
}

interface Held {
  perSecond: number;
  inOrder: boolean;
  settle: number;
  memory: number;
}

/** Decoding ahead on or off with the transport bar's button (it applies at once). */
async function setAhead(page: Page, on: boolean): Promise<void> {
  const button = page.getByTestId('decode-ahead');
  if ((await button.getAttribute('aria-pressed')) !== String(on)) await button.click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
}

/** Holding → for 5 s from 160 s, then the browser's memory. */
async function held(page: Page): Promise<Held> {
  await seekTo(page, 160);
  const hold = await holdRight(page, 5);
  const seconds = hold.frames.filter((f) => f % 30 === 0);
  const inOrder = seconds.every((f, i) => i === 0 || f === seconds[i - 1]! + 30) && seconds.length === hold.frames.length;
  return { perSecond: seconds.length / (hold.elapsed / 1000), inOrder, settle: hold.settleAfterRelease, memory: browserMemory() };
}

export async function benchStepLatency(): Promise<void> {
  console.log('Generating a 1080p30 H.264 test video, 4 minutes, keyframe every 2 s (cached)…');
  const path = await testVideo('four-minutes-1080p.mp4', [...lavfi('testsrc2=size=1920x1080:rate=30:duration=240'), ...h264(60, 'ultrafast')]);
  await openInBrowser(path, async (page) => {
    page.on('crash', () => console.error('The page crashed.'));
    // the plain player's memory before decoding ahead ever ran in this page
    await setAhead(page, false);
    const plainHeld = await held(page);
    // each key in both modes, the order alternating from key to key so neither always meets a warmer machine
    const latencies = { plain: {} as Record<string, ReturnType<typeof stats>>, ahead: {} as Record<string, ReturnType<typeof stats>> };
    for (const [i, { key, label, from }] of KEYS.entries()) {
      for (const on of i % 2 === 0 ? [false, true] : [true, false]) {
        const name = on ? 'decoding ahead' : 'plain seek';
        await setAhead(page, on);
        await seekTo(page, from);
        process.stderr.write(`  ${name}: ${label}…\n`);
        const { times, stuck } = await stepLatencies(page, key, STEPS, PACE_MS);
        latencies[on ? 'ahead' : 'plain'][label] = stats(times);
        if (stuck.length) console.log(`  ${name}, ${label}: ${stuck.length} of ${STEPS} steps never showed their frame within 5 s (${stuck.slice(0, 3).join('; ')})`);
        const tally = await page.locator('.player-host').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
        if (on) process.stderr.write(`    lanes so far: ${JSON.stringify(tally)}\n`);
      }
    }
    await setAhead(page, true);
    const aheadHeld = await held(page);
    console.log(`Step latency on 1080p30 H.264 (keyframe every 2 s), key press to the commanded frame presented, ${STEPS} steps a key at one every ${PACE_MS} ms:`);
    for (const { label } of KEYS) {
      const [b, n] = [latencies.plain[label]!, latencies.ahead[label]!];
      console.log(
        `  ${label}: plain seek median ${ms(b.median)}, p95 ${ms(b.p95)}, max ${ms(b.max)} → decoding ahead median ${ms(n.median)}, p95 ${ms(n.p95)}, max ${ms(n.max)} (median ${(n.median / b.median).toFixed(2)}× the plain seek's)`,
      );
      const slug = label.split(' ')[0];
      figure(`step ${slug} median`, n.median, 'ms', b.median);
      figure(`step ${slug} p95`, n.p95, 'ms', b.p95);
    }
    for (const [name, h] of [
      ['plain seek', plainHeld],
      ['decoding ahead', aheadHeld],
    ] as const) {
      console.log(
        `  holding → for 5 s (${name}): ${h.perSecond.toFixed(1)} seconds shown per second, ${h.inOrder ? 'every second in order' : 'seconds skipped or out of order'}, the screen still ${ms(h.settle)} behind on letting go; browser memory (PSS) ${mb(h.memory)}`,
      );
    }
    figure('holding → time per second shown', 1000 / aheadHeld.perSecond, 'ms', 1000 / plainHeld.perSecond);
    figure('browser memory', aheadHeld.memory / 1e6, 'MB', plainHeld.memory / 1e6);
  });
}
