// Helpers shared by the benchmark scripts: figures, cached generated videos, a browser on browser mode.
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startTidemark, type RunningTidemark } from '../e2e/support/server';
import { runProcess } from '../electron/services/media/run-process';
import { resolveMediaTools } from '../electron/services/media/tools';
import { BUILTIN_PROFILES, findTaskCode } from '../shared/profiles';

export const tools = resolveMediaTools('bundled');
const cacheDir = join(process.cwd(), 'bench-results', 'media');
mkdirSync(cacheDir, { recursive: true });

export function stats(values: number[]): { median: number; p95: number; p99: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN, n: sorted.length };
}

/** One display refresh at 60 Hz, and the frame time from which a refresh was missed (half a refresh late or more). */
export const REFRESH_MS = 1000 / 60;
const MISSED_FROM_MS = 1.5 * REFRESH_MS;

/** Frame-time statistics, and how many frames came a refresh or more late (a dropped frame shows as ~33 ms). */
export function frameStats(values: number[]): ReturnType<typeof stats> & { missed: number } {
  return { ...stats(values), missed: values.filter((v) => v >= MISSED_FROM_MS).length };
}

/** A frame-time line: median, p95, p99, the longest frame and the refreshes missed. */
export const frameLine = (s: ReturnType<typeof frameStats>): string =>
  `median ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, longest ${ms(s.max)}; ${s.missed} of ${s.n} frames missed a refresh (≥ 25 ms)`;

export const ms = (x: number): string => `${x.toFixed(1)} ms`;
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Heap in use, after a full GC when node runs with --expose-gc (npm run bench does). */
export function heapUsed(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

export const gcNote = (): string => (globalThis.gc ? ' (after a GC)' : ' (no GC: node without --expose-gc)');

/**
 * Runs `work` with the event loop watched (a timer every 5 ms): its wall time and the longest the
 * loop was blocked meanwhile (the longest timer delay, so a block of synchronous work shows as its
 * length plus up to the 5 ms).
 */
export async function watchedLoop<T>(work: () => T | Promise<T>): Promise<{ value: T; wall: number; blocked: number; p99: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // its first tick only starts the clock: a block before the second would go unseen
  await new Promise((resolve) => setTimeout(resolve, 12));
  const start = performance.now();
  const value = await work();
  const wall = performance.now() - start;
  // let the timer fire once more, so a block at the very end is counted
  await new Promise((resolve) => setTimeout(resolve, 10));
  delay.disable();
  return { value, wall, blocked: delay.max / 1e6, p99: delay.percentile(99) / 1e6 };
}

const OVO_S_TAXONOMY = BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!.taxonomy;

/** One OVO-S release record: four options, one query point at `time` with its answer and the 2 s of evidence before it. */
export function ovoSLine(id: number, videoPath: string, time: number, answer = 'D', code = '1.1.1'): string {
  return JSON.stringify({
    id,
    category_index: `${code}_${id}`,
    source_dataset: 'bench',
    video_id: 'v',
    video_path: videoPath,
    level: Number(code[0]),
    task_main_category: code.slice(0, 3),
    task_subcategory: code,
    task_type_name: findTaskCode(OVO_S_TAXONOMY, code)?.name ?? code,
    question: `Question ${id}: how far is the sign from the camera?`,
    options: { A: 'About 0.5 m', B: 'About 6 m', C: 'About 3 m', D: 'About 1.5 m' },
    query_times: [time],
    evidence_times: [[Math.max(0, time - 2), time]],
    answers: [answer],
  });
}

/** A generated test video, cached across bench runs (generation is not what is measured). */
export async function testVideo(name: string, args: string[]): Promise<string> {
  const path = join(cacheDir, name);
  if (existsSync(path)) return path;
  const partial = `${path}.partial.mp4`;
  const out = await runProcess(tools.ffmpeg, ['-v', 'error', ...args, '-y', partial]);
  if (out.code !== 0) throw new Error(`ffmpeg: ${out.stderr}`);
  renameSync(partial, path);
  return path;
}

export const lavfi = (spec: string): string[] => ['-f', 'lavfi', '-i', spec];
export const h264 = (gop: number, preset = 'ultrafast'): string[] => ['-c:v', 'libx264', '-preset', preset, '-pix_fmt', 'yuv420p', '-g', String(gop), '-movflags', '+faststart'];

export const oneHourVideo = (): Promise<string> => testVideo('one-hour-360p.mp4', [...lavfi('testsrc2=size=640x360:rate=10:duration=3600'), ...h264(100, 'ultrafast')]);

/**
 * Memory of the browser this process started (its browser, renderer, GPU and utility processes —
 * not the Tidemark server, also a child), bytes: proportional set sizes, so pages they share (video
 * frames among them) count once; in all and by process type.
 */
export function browserMemoryByType(): { total: number; byType: Record<string, number> } {
  const parents = new Map<number, number>();
  const found: Array<{ pid: number; bytes: number; type: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      // (Chromium rewrites its children's command lines as one string, spaces between the arguments)
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split(/[\0 ]/);
      if (!/chrom/i.test(args[0] ?? '')) continue;
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${name}/smaps_rollup`, 'utf8'));
      const type = args.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser';
      if (pss)
        found.push({
          pid: Number(name),
          bytes: Number(pss[1]) * 1024,
          type:
            type === 'utility'
              ? (args
                  .find((a) => a.startsWith('--utility-sub-type='))
                  ?.split('.')
                  .at(-2) ?? type)
              : type,
        });
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  const byType: Record<string, number> = {};
  let total = 0;
  for (const { pid, bytes, type } of found) {
    if (!under(pid)) continue;
    total += bytes;
    byType[type] = (byType[type] ?? 0) + bytes;
  }
  return { total, byType };
}

export const browserMemory = (): number => browserMemoryByType().total;

/** Resident memory of a process (VmRSS), bytes. */
export function residentMemory(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : NaN;
}

/** Calls the API from inside the page (same origin, token cookie). */
export function pageApi(page: Page) {
  return <T = unknown>(method: string, payload: unknown): Promise<T> =>
    page.evaluate(
      async ([m, p]) => {
        const r = (await (await fetch(`/api/${m}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(p) })).json()) as {
          ok: boolean;
          value?: unknown;
          error?: { message: string };
        };
        if (!r.ok) throw new Error(r.error?.message);
        return r.value;
      },
      [method, payload] as const,
    ) as Promise<T>;
}

/** Frame-to-frame times (ms) of `frames` animation frames while `step(i)` runs before each. */
export async function frameTimes(page: Page, script: string, frames: number): Promise<number[]> {
  return page.evaluate(
    async ([body, n]) => {
      const step = new Function('i', body) as (i: number) => void;
      const deltas: number[] = [];
      let last = performance.now();
      for (let i = 0; i < n; i++) {
        step(i);
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return deltas.slice(10);
    },
    [script, frames] as const,
  );
}

/** The floor of a frame-time figure: the same page's animation frames with nothing done between them. */
export async function idleFrames(page: Page): Promise<ReturnType<typeof frameStats>> {
  return frameStats(await frameTimes(page, '', 600));
}

/** Starts browser mode (a fresh data folder, so the demo project) and a page on it, then stops both. */
export async function withDemoPage(work: (page: Page, server: RunningTidemark) => Promise<void>): Promise<void> {
  const server = await startTidemark();
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-row"]').length === 2, null, { timeout: 60_000 });
    await work(page, server);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** Starts browser mode with one imported video selected and returns the page. */
export function openInBrowser(videoPath: string, work: (page: Page, server: RunningTidemark) => Promise<void>): Promise<void> {
  return withDemoPage(async (page, server) => {
    await pageApi(page)('videos.import', { paths: [videoPath] });
    const name = videoPath.split('/').pop()!;
    await page.locator(`[data-video-name="${name}"]`).waitFor({ timeout: 120_000 });
    await page.locator(`[data-video-name="${name}"]`).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '', null, { timeout: 60_000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await work(page, server);
  });
}
