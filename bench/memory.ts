// Memory over a long session: the one-hour video (with 20,000 marks) stepped through second by second
// from start to end, zooming and panning the timeline after every minute of video, while the
// server's resident memory, the browser's memory (PSS of its processes) and the page's JS heap after
// a GC are sampled. Goal: no growth after the first minute.
import type { Page } from '@playwright/test';
import type { RunningTidemark } from '../e2e/support/server';
import { syntheticMarks } from './annotation';
import { figure } from './figures';
import { ZOOM_AND_PAN } from './foundation';
import { stepLatencies } from './step';
import { browserMemoryByType, frameTimes, mb, oneHourVideo, openInBrowser, pageApi, residentMemory } from './support';

/**
 * Passes over the hour (TIDEMARK_BENCH_SOAK_PASSES; one pass is 3,600 steps and 60 zoom-and-pan
 * bursts): two, so the end of the second can be set against the end of the first, the same place in
 * the video (the browser's media buffers follow the position).
 */
const PASSES = Math.max(1, Number(process.env.TIDEMARK_BENCH_SOAK_PASSES ?? 2));
/** Steps between two zoom-and-pan bursts (a minute of video), and bursts between two samples. */
const STEPS_PER_BURST = 60;
const BURSTS_PER_SAMPLE = 5;

interface Sample {
  /** Wall time since the session began, s. */
  at: number;
  server: number;
  browser: number;
  byType: Record<string, number>;
  pageHeap: number;
}

async function pageHeapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

async function session(page: Page, server: RunningTidemark): Promise<{ samples: Sample[]; passEnds: Sample[] }> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
  const api = pageApi(page);
  const video = (await api<Array<{ id: string; name: string; duration: number }>>('videos.list', {})).find((v) => v.name.startsWith('one-hour'))!;
  const marks = syntheticMarks(video.duration);
  for (let i = 0; i < marks.length; i += 5_000) await api('marks.create', { videoId: video.id, marks: marks.slice(i, i + 5_000) });
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '', null, { timeout: 60_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  const began = performance.now();
  const samples: Sample[] = [];
  const sample = async (): Promise<void> => {
    const pageHeap = await pageHeapAfterGc(page);
    const { total, byType } = browserMemoryByType();
    const s = { at: (performance.now() - began) / 1000, server: residentMemory(server.process.pid!), pageHeap, browser: total, byType };
    samples.push(s);
    const types = Object.entries(byType)
      .map(([type, bytes]) => `${type} ${mb(bytes)}`)
      .join(', ');
    process.stderr.write(`  ${s.at.toFixed(0)} s: server ${mb(s.server)}, browser ${mb(s.browser)} (${types}), page heap ${mb(s.pageHeap)}\n`);
  };
  await sample();
  // from 0 to the last whole second: a step past it would go nowhere
  const steps = Math.ceil(video.duration) - 1;
  const bursts = Math.ceil(steps / STEPS_PER_BURST);
  const stuck: string[] = [];
  const passEnds: Sample[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    await page.keyboard.press('Home');
    for (let burst = 1; burst <= bursts; burst++) {
      stuck.push(...(await stepLatencies(page, 'ArrowRight', Math.min(STEPS_PER_BURST, steps - (burst - 1) * STEPS_PER_BURST))).stuck);
      await frameTimes(page, ZOOM_AND_PAN, 150);
      if (burst % BURSTS_PER_SAMPLE === 0 || burst === bursts) await sample();
    }
    passEnds.push(samples.at(-1)!);
  }
  if (stuck.length) console.log(`  (${stuck.length} steps did not show their frame within 5 s: ${stuck.slice(0, 3).join('; ')})`);
  return { samples, passEnds };
}

export async function benchMemory(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await oneHourVideo();
  let samples: Sample[] = [];
  let passEnds: Sample[] = [];
  await openInBrowser(path, async (page, server) => {
    ({ samples, passEnds } = await session(page, server));
  });
  // the first sample a minute or more in is the baseline growth is measured from
  const baseline = samples.find((s) => s.at >= 60) ?? samples[0]!;
  const last = samples.at(-1)!;
  const minutes = (last.at - baseline.at) / 60;
  const growth = (key: 'server' | 'browser' | 'pageHeap'): string => {
    const peak = Math.max(...samples.filter((s) => s.at >= baseline.at).map((s) => s[key]));
    return `${mb(baseline[key])} after the first minute → ${mb(last[key])} at the end (peak ${mb(peak)}; ${((last[key] - baseline[key]) / 1e6 / Math.max(minutes, 1e-9)).toFixed(2)} MB per minute)`;
  };
  console.log(
    `Memory over ${(last.at / 60).toFixed(1)} minutes stepping through the hour (${PASSES} pass${PASSES === 1 ? '' : 'es'}, 20,000 marks) and zooming and panning after every minute of video (goal: no growth after the first minute):`,
  );
  console.log(`  server resident: ${growth('server')}`);
  console.log(
    `  browser (PSS of its processes): ${growth('browser')}; by process at the end: ${Object.entries(last.byType)
      .map(([type, bytes]) => `${type} ${mb(bytes)} (${mb(bytes - (baseline.byType[type] ?? 0))} since the first minute)`)
      .join(', ')}`,
  );
  console.log(`  page JS heap after a GC: ${growth('pageHeap')}`);
  figure('server memory growth after the first minute', (last.server - baseline.server) / 1e6, 'MB');
  figure('browser memory growth after the first minute', (last.browser - baseline.browser) / 1e6, 'MB');
  figure('page heap growth after the first minute', (last.pageHeap - baseline.pageHeap) / 1e6, 'MB');
  figure('server memory at the end', last.server / 1e6, 'MB');
  figure('browser memory at the end', last.browser / 1e6, 'MB');
  const [first, final] = [passEnds[0]!, passEnds.at(-1)!];
  if (passEnds.length > 1) {
    const delta = (key: 'server' | 'browser' | 'pageHeap'): string => `${mb(first[key])} → ${mb(final[key])}`;
    console.log(`  at the end of the first pass and of the last (the same place in the video): server ${delta('server')}, browser ${delta('browser')}, page heap ${delta('pageHeap')}`);
    figure('server memory growth pass to pass', (final.server - first.server) / 1e6, 'MB');
    figure('browser memory growth pass to pass', (final.browser - first.browser) / 1e6, 'MB');
    figure('page heap growth pass to pass', (final.pageHeap - first.pageHeap) / 1e6, 'MB');
  }
}
