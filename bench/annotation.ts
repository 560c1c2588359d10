// Figures for issues 3 and 12: an hour of video with 20,000 marks and 2,000 questions — timeline
// frame time while zooming and panning (then with 10 model runs shown as lanes too), list scroll
// frame time, key press to the new mark drawn.
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ZOOM_AND_PAN } from './foundation';
import { figure } from './figures';
import { askedOn, finished, showLanes, writeOvoSFile, writeRunFile } from './runs';
import { frameLine, frameStats, frameTimes, idleFrames, ms, oneHourVideo, openInBrowser, pageApi, stats } from './support';

const MARKS = 20_000;
const QUESTIONS = 2_000;
const RUNS = 10;

/** A deterministic mix of every mark type over a video, as a busy counting project would have. */
export function syntheticMarks(duration: number, count = MARKS): Array<Record<string, unknown>> {
  const marks: Array<Record<string, unknown>> = [];
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < count; i++) {
    const t = Math.round(random() * (duration - 20) * 10) / 10;
    switch (i % 6) {
      case 0:
        marks.push({ type: 'event', start: t, end: null, target: 'cuts', data: {} });
        break;
      case 1:
        marks.push({ type: 'span', start: t, end: t + 1 + Math.round(random() * 10), target: 'episodes', data: {} });
        break;
      case 2:
        marks.push({ type: 'cycle', start: t, end: t + 3, target: 'laps', data: { splits: [t + 1, t + 2] } });
        break;
      case 3:
        marks.push({ type: 'identity', start: t, end: null, target: 'people', data: { label: `#${i}` } });
        break;
      case 4:
        marks.push({ type: 'count', start: t, end: null, target: 'chairs', data: { value: Math.floor(random() * 9) } });
        break;
      default:
        marks.push({ type: 'caption', start: Math.floor(t), end: Math.floor(t) + 1, target: 'captions', data: { text: `caption ${i}` } });
    }
  }
  return marks;
}

/** The marks through the API; the questions as an OVO-S file (so runs can answer them by id); its questions. */
async function populate(page: Page, videoId: string, videoPath: string, duration: number, dir: string): Promise<ReturnType<typeof askedOn>> {
  const api = pageApi(page);
  const marks = syntheticMarks(duration);
  for (let i = 0; i < MARKS; i += 5_000) await api('marks.create', { videoId, marks: marks.slice(i, i + 5_000) });
  const asked = askedOn([basename(videoPath)], QUESTIONS, duration);
  await finished(api, await api('exchange.import', { path: writeOvoSFile(join(dir, 'questions.jsonl'), asked), format: 'ovo-s', mediaDir: dirname(videoPath) }));
  return asked;
}

export async function benchAnnotation(): Promise<void> {
  const path = await oneHourVideo();
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-annotation-'));
  try {
    await openInBrowser(path, (page) => annotationFigures(page, path, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function annotationFigures(page: Page, path: string, dir: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
  const api = pageApi(page);
  const videos = await api<Array<{ id: string; name: string; duration: number }>>('videos.list', {});
  const video = videos.find((v) => path.endsWith(v.name))!;
  const started = performance.now();
  const asked = await populate(page, video.id, path, video.duration, dir);
  console.log(`(setup: ${MARKS.toLocaleString('en')} marks through the API and ${QUESTIONS.toLocaleString('en')} questions imported in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await page.reload();
  await page.waitForFunction((n) => document.querySelector('[data-testid="tab-marks"]')?.textContent?.includes(`(${n})`), MARKS, { timeout: 120_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  const idle = await idleFrames(page);
  console.log(`Frame time of the page doing nothing (the floor; ${idle.n} frames): ${frameLine(idle)}`);
  const timeline = frameStats(await frameTimes(page, ZOOM_AND_PAN, 1200));
  console.log(
    `Timeline frame time, zooming and panning an hour with ${MARKS.toLocaleString('en')} marks and ${QUESTIONS.toLocaleString('en')} questions (${timeline.n} frames): ${frameLine(timeline)}`,
  );
  figure('timeline p95', timeline.p95, 'ms', idle.p95);
  figure('timeline p99', timeline.p99, 'ms', idle.p99);
  figure('timeline longest frame', timeline.max, 'ms', idle.max);
  figure('timeline refreshes missed', timeline.missed, 'x', idle.missed);

  const scrollMarks = `const list = document.querySelector('[data-testid="marks-list"]'); list.scrollTop = (i % 300) * 400;`;
  const marksScroll = stats(await frameTimes(page, scrollMarks, 600));
  console.log(
    `Marks list scroll frame time (${MARKS.toLocaleString('en')} rows, 400 px per frame, ${marksScroll.n} frames): median ${ms(marksScroll.median)}, p95 ${ms(marksScroll.p95)}, max ${ms(marksScroll.max)}`,
  );

  await page.getByTestId('tab-questions').click();
  const scrollQuestions = `const list = document.querySelector('[data-testid="questions-list"]'); list.scrollTop = (i % 300) * 400;`;
  const questionsScroll = stats(await frameTimes(page, scrollQuestions, 600));
  console.log(
    `Questions list scroll frame time (${QUESTIONS.toLocaleString('en')} rows with lints, ${questionsScroll.n} frames): median ${ms(questionsScroll.median)}, p95 ${ms(questionsScroll.p95)}, max ${ms(questionsScroll.max)}`,
  );
  await page.getByTestId('tab-marks').click();
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  // key press → the new mark is in the list count and the timeline has repainted with it
  const latencies = await page.evaluate(async () => {
    const tab = document.querySelector('[data-testid="tab-marks"]') as HTMLElement;
    const canvas = document.querySelector('[data-testid="timeline"] canvas') as HTMLCanvasElement;
    const count = (): number => Number(/\((\d+)\)/.exec(tab.textContent ?? '')?.[1] ?? 0);
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await new Promise((r) => setTimeout(r, 30));
      const before = count();
      const start = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', bubbles: true }));
      await new Promise<void>((resolve) => {
        const poll = (): void => {
          if (count() > before) {
            const paints = Number(canvas.dataset.paints ?? 0);
            const waitPaint = (): void => (Number(canvas.dataset.paints ?? 0) > paints ? resolve() : void requestAnimationFrame(waitPaint));
            requestAnimationFrame(waitPaint);
          } else requestAnimationFrame(poll);
        };
        poll();
      });
      times.push(performance.now() - start);
    }
    return times;
  });
  const keyToMark = stats(latencies);
  console.log(
    `Key press (E) to the new mark drawn, with ${MARKS.toLocaleString('en')} marks (${keyToMark.n} presses): median ${ms(keyToMark.median)}, p95 ${ms(keyToMark.p95)}, max ${ms(keyToMark.max)}`,
  );
  figure('key to new mark drawn median', keyToMark.median, 'ms');
  figure('marks list scroll p95', marksScroll.p95, 'ms');
  figure('questions list scroll p95', questionsScroll.p95, 'ms');

  // the same hour with ten model runs answering its questions, each shown as a lane
  const runs = Array.from({ length: RUNS }, (_, r) => ({ model: `model-${r}`, run: `run-${r}` }));
  const job = await finished(api, await api('runs.import', { path: writeRunFile(join(dir, 'runs.jsonl'), asked, runs) }));
  if (job.kind !== 'run-import' || job.result?.runs.length !== RUNS) throw new Error(`run import: ${JSON.stringify(job.result)}`);
  await page.reload();
  await page.waitForFunction((n) => document.querySelector('[data-testid="tab-marks"]')?.textContent?.includes(`(${n})`), MARKS + latencies.length, { timeout: 120_000 });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await showLanes(page, RUNS);
  const withLanes = frameStats(await frameTimes(page, ZOOM_AND_PAN, 1200));
  console.log(
    `Timeline frame time, the same hour with ${RUNS} runs shown as lanes too (${job.result.runs[0]!.responses.toLocaleString('en')} responses each; ${withLanes.n} frames): ${frameLine(withLanes)} (goal: p95 ≤ 16.7 ms)`,
  );
  figure('timeline with 10 run lanes p95', withLanes.p95, 'ms', idle.p95);
  figure('timeline with 10 run lanes p99', withLanes.p99, 'ms', idle.p99);
  figure('timeline with 10 run lanes longest frame', withLanes.max, 'ms', idle.max);
  figure('timeline with 10 run lanes refreshes missed', withLanes.missed, 'x', idle.missed);
}
