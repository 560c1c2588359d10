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

/** Passes over the hour (TIDEMARK_BENCH_SOAK_PASSES; one pass is 3,600 steps and 60 zoom-and-pan bursts). */
const PASSES = Number(process.env.TIDEMARK_BENCH_SOAK_PASSES ?? 1);
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

async function session(page: Page, server: RunningTidemark): Promise<Sample[]> {
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
    const types = Object.entries(byType).map(([type, bytes]) => `${type} ${mb(bytes)}`).join(', ');
    process.stderr.write(`  ${s.at.toFixed(0)} s: server ${mb(s.server)}, browser ${mb(s.browser)} (${types}), page heap ${mb(s.pageHeap)}\n`);
  };
  await sample();
  const bursts = Math.floor(video.duration / STEPS_PER_BURST);
  const stuck: string[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    await page.keyboard.press('Home');
    for (let burst = 1; burst <= bursts; burst++) {
      stuck.push(...(await stepLatencies(page, 'ArrowRight', STEPS_PER_BURST)).stuck);
      await frameTimes(page, ZOOM_AND_PAN, 150);
      if (burst % BURSTS_PER_SAMPLE === 0) await sample();
    }
  }
  if (stuck.length) console.log(`  (${stuck.length} steps did not show their frame within 5 s: ${stuck.slice(0, 3).join('; ')})`);
  return samples;
}

export async function benchMemory(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await oneHourVideo();
  let samples: Sample[] = [];
  await openInBrowser(path, async (page, server) => {
    samples = await session(page, server);
  });
  // the first sample a minute or more in is the baseline growth is measured from
  const baseline = samples.find((s) => s.at >= 60) ?? samples[0]!;
  const last = samples.at(-1)!;
  const minutes = (last.at - baseline.at) / 60;
  const growth = (key: 'server' | 'browser' | 'pageHeap'): string => {
    const peak = Math.max(...samples.filter((s) => s.at >= baseline.at).map((s) => s[key]));
    return `${mb(baseline[key])} after the first minute → ${mb(last[key])} at the end (peak ${mb(peak)}; ${((last[key] - baseline[key]) / 1e6 / Math.max(minutes, 1e-9)).toFixed(2)} MB per minute)`;
  };
  console.log(`Memory over ${(last.at / 60).toFixed(1)} minutes stepping through the hour (${PASSES} pass${PASSES === 1 ? '' : 'es'}, 20,000 marks) and zooming and panning after every minute of video (goal: no growth after the first minute):`);
  console.log(`  server resident: ${growth('server')}`);
  console.log(`  browser (PSS of its processes): ${growth('browser')}; by process at the end: ${Object.entries(last.byType).map(([type, bytes]) => `${type} ${mb(bytes)} (${mb(bytes - (baseline.byType[type] ?? 0))} since the first minute)`).join(', ')}`);
  console.log(`  page JS heap after a GC: ${growth('pageHeap')}`);
  figure('server memory growth after the first minute', (last.server - baseline.server) / 1e6, 'MB');
  figure('browser memory growth after the first minute', (last.browser - baseline.browser) / 1e6, 'MB');
  figure('page heap growth after the first minute', (last.pageHeap - baseline.pageHeap) / 1e6, 'MB');
  figure('server memory at the end', last.server / 1e6, 'MB');
  figure('browser memory at the end', last.browser / 1e6, 'MB');
}
