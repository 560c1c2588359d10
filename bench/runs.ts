// Figures for issue 11: model runs. In node: a run of 100,000 responses to 25,000 OVO-S questions
// on five hour-long videos (rows without media) imported, scored without a judge — and where that
// time goes —, replayed on one video, its early responses found; the event loop's longest block and
// the heap around each. In Chromium: the timeline's frame time while zooming and panning an hour of
// video with 10 runs shown as lanes (~2,000 responses each), against the same video with none shown.
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Job } from '../shared/jobs';
import type { JobControl } from '../electron/services/jobs/registry';
import { scoreRun } from '../shared/scoring/score';
import { importBenchmarkFile } from '../electron/services/exchange/service';
import { Project } from '../electron/services/projects/project';
import { importRunFile } from '../electron/services/runs/import';
import { earlyResponses, replayRun } from '../electron/services/runs/replay';
import { Pacer } from '../electron/services/pacer';
import { profileItems, scoreRuns, withResponses } from '../electron/services/runs/scoring';
import { removeRun } from '../electron/services/runs/service';
import { insertTestVideo } from '../electron/services/test-support/project';
import { ZOOM_AND_PAN } from './foundation';
import { frameLine, frameStats, frameTimes, gcNote, heapUsed, mb, median, ms, oneHourVideo, openInBrowser, ovoSLine, pageApi, tools, watchedLoop } from './support';
import { figure } from './figures';

const PROFILE = 'builtin:ovo-s-bench';
const VIDEOS = 5;
const VIDEO_SECONDS = 3_600;
const QUESTIONS = 25_000;
const ROUNDS = 3;
/** Lanes in Chromium: runs shown, and questions on the hour (4 responses each, so ~2,000 a run). */
const LANE_RUNS = 10;
const LANE_QUESTIONS = 500;
/** A spread of OVO-S task types over the four levels, so the macro average has families to average. */
const CODES = ['1.1.1', '1.2.3', '1.3.2', '2.1.1', '2.2.2', '2.3.1', '3.1.2', '3.3.1', '4.1.1', '4.2.1', '4.3.1'];
const LETTERS = ['A', 'B', 'C', 'D'] as const;

interface Asked {
  id: number;
  videoPath: string;
  time: number;
  answer: string;
}

/** `perVideo` questions evenly over each video, ids counting from 0, answers and task types varied. */
export function askedOn(videoPaths: readonly string[], perVideo: number, duration: number): Asked[] {
  return videoPaths.flatMap((videoPath, v) =>
    Array.from({ length: perVideo }, (_, k) => {
      const id = v * perVideo + k;
      return { id, videoPath, time: Math.round((5 + ((k + 0.5) / perVideo) * (duration - 10)) * 10) / 10, answer: LETTERS[(id * 7) % 4]! };
    }),
  );
}

/** Writes the questions as an OVO-S file (task types spread over the levels); its path. */
export function writeOvoSFile(path: string, asked: readonly Asked[]): string {
  writeFileSync(path, `${asked.map((q, i) => ovoSLine(q.id, q.videoPath, q.time, q.answer, CODES[i % CODES.length])).join('\n')}\n`);
  return path;
}

/**
 * Four responses a question around its query time (every fifth question's first 1.5 s before its
 * evidence ends, so it is early), worded four ways; the first right about 60% of the time.
 */
function runLines(asked: readonly Asked[], model: string, run: string, seed = 0): string[] {
  const lines: string[] = [];
  for (const q of asked) {
    const offsets = q.id % 5 === 0 ? [-1.5, 0, 1, 2] : [0, 0.5, 1, 2];
    offsets.forEach((offset, j) => {
      const right = j === 0 && (q.id * 13 + seed) % 10 < 6;
      const letter = right ? q.answer : LETTERS[(q.id * 5 + j * 3 + seed) % 4]!;
      const response = [letter, `The answer is ${letter}.`, `${letter}) About 3 m`, `I think ${letter}`][j]!;
      lines.push(JSON.stringify({ model, item: q.id, t: Math.round((q.time + offset) * 10) / 10, response, latency: 0.4, run }));
    });
  }
  return lines;
}

/** Writes a run file answering every question once per run named (built here, so nothing of it outlives the call); its path. */
export function writeRunFile(path: string, asked: readonly Asked[], runs: ReadonlyArray<{ model: string; run: string }>): string {
  writeFileSync(path, `${runs.flatMap(({ model, run }, seed) => runLines(asked, model, run, seed)).join('\n')}\n`);
  return path;
}

async function medianOf<T>(work: () => T | Promise<T>): Promise<{ value: T; wall: number; blocked: number }> {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await watchedLoop(work));
  return { value: rounds.at(-1)!.value, wall: median(rounds.map((r) => r.wall)), blocked: median(rounds.map((r) => r.blocked)) };
}

/**
 * The longest event-loop gap (a 2 ms timer's lateness) in each phase of a job, named by the first
 * word of the progress message it last gave before the gap began.
 */
function blocksByPhase(): { control: JobControl; stop(): Map<string, number> } {
  let phase = 'Starting';
  let gapPhase = phase;
  let last = performance.now();
  const longest = new Map<string, number>();
  const timer = setInterval(() => {
    const now = performance.now();
    longest.set(gapPhase, Math.max(longest.get(gapPhase) ?? 0, now - last));
    last = now;
    gapPhase = phase;
  }, 2);
  const control: JobControl = { signal: new AbortController().signal, progress: (_fraction, message) => void (phase = message?.split(' ')[0] ?? phase) };
  return { control, stop: () => (clearInterval(timer), longest) };
}

export async function benchRunScoring(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-runs-'));
  const caller = { person: 'bench', role: 'lead' } as const;
  console.log(`(${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)} at the start)`);
  const project = await Project.open(join(dir, 'runs.tidemark'), { create: true });
  try {
    // the project: five hour-long video rows (no media) and 25,000 questions imported from an OVO-S file
    const paths = Array.from({ length: VIDEOS }, (_, v) => `long-${v}.mp4`);
    const videoIds: string[] = [];
    for (const path of paths) videoIds.push(await insertTestVideo(project, { name: path, relPath: path, duration: VIDEO_SECONDS }));
    const asked = askedOn(paths, QUESTIONS / VIDEOS, VIDEO_SECONDS);
    const questions = await importBenchmarkFile(project, caller, tools, { path: writeOvoSFile(join(dir, 'ovo-s.jsonl'), asked), format: 'ovo-s', mediaDir: dir });
    if (questions.importedQuestions !== QUESTIONS)
      throw new Error(
        `imported ${questions.importedQuestions} questions: ${questions.problems
          .slice(0, 3)
          .map((p) => p.reason)
          .join('; ')}`,
      );

    // a small run first warms the code up (imported, then removed)
    const warm = await importRunFile(project, caller, { path: writeRunFile(join(dir, 'warm.jsonl'), asked.slice(0, 500), [{ model: 'warm-model', run: 'warm' }]) });
    const warmRun = (await project.stores.runs.list()).find((r) => r.label === 'warm')!.id;
    await scoreRuns(project, PROFILE, [warmRun]);
    await removeRun(project, caller, warmRun);
    if (warm.runs[0]?.responses !== 2_000) throw new Error('warm-up run not imported');

    const runPath = writeRunFile(join(dir, 'model-run.jsonl'), asked, [{ model: 'bench-model', run: 'bench' }]);
    const heapBefore = heapUsed();
    const phases = blocksByPhase();
    const imported = await watchedLoop(() => importRunFile(project, caller, { path: runPath }, phases.control));
    const byPhase = [...phases.stop()]
      .filter(([name]) => name !== 'Starting')
      .map(([name, gap]) => `${name.toLowerCase()} ${ms(gap)}`)
      .join(', ');
    const heapAfterImport = heapUsed();
    const outcome = imported.value;
    const responses = outcome.runs[0]?.responses ?? 0;
    if (responses !== QUESTIONS * 4 || outcome.unmatched.length || outcome.problems.length)
      throw new Error(`run import: ${JSON.stringify({ runs: outcome.runs, unmatched: outcome.unmatched.slice(0, 3), problems: outcome.problems.slice(0, 3) })}`);
    const runId = (await project.stores.runs.list()).find((r) => r.label === 'bench')!.id;
    console.log(
      `Run import (${responses.toLocaleString('en')} responses to ${QUESTIONS.toLocaleString('en')} OVO-S questions on ${VIDEOS} one-hour videos, one file of ${mb(statSync(runPath).size)}): ` +
        `${ms(imported.wall)} = ${Math.round(responses / (imported.wall / 1000)).toLocaleString('en')} responses/s; event loop blocked at most ${ms(imported.blocked)} (p99 ${ms(imported.p99)}; the longest block while ${byPhase} — writing includes the commit)`,
    );

    figure('run import', imported.wall, 'ms');
    figure('run import longest block', imported.blocked, 'ms');
    // scoring without a judge: the whole call, then its parts called one by one
    const scored = await medianOf(() => scoreRuns(project, PROFILE, [runId]));
    const heapAfterScoring = heapUsed();
    console.log(
      `Scoring the run, OVO-S without a judge (scoreRuns, median of ${ROUNDS}; reads paced, the scorer itself in one step): ${ms(scored.wall)}, the longest event loop block ${ms(scored.blocked)} ` +
        `(target under 1 s; overall accuracy ${scored.value[0]?.overall.accuracy?.toFixed(2)})`,
    );
    figure('scoring without a judge', scored.wall, 'ms');
    figure('scoring longest block', scored.blocked, 'ms');
    await scoringParts(project, runId);

    const replayed = await medianOf(() => replayRun(project, runId, videoIds[0]!));
    const early = await medianOf(() => earlyResponses(project, []));
    console.log(
      `Replay of the run on one video (replayRun, ${replayed.value.length.toLocaleString('en')} responses, median of ${ROUNDS}): ${ms(replayed.wall)}, longest block ${ms(replayed.blocked)}; ` +
        `early responses over the project (earlyResponses, ${early.value.length.toLocaleString('en')} found in ${responses.toLocaleString('en')}): ${ms(early.wall)}, longest block ${ms(early.blocked)}`,
    );
    console.log(
      `Heap: ${mb(heapBefore)} before the import, ${mb(heapAfterImport)} after it, ${mb(heapAfterScoring)} after scoring (holding the score of ${scored.value[0]?.items.length.toLocaleString('en')} items)${gcNote()}`,
    );
  } finally {
    await project.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** scoreRuns split into its parts, each called as it calls them (median of 3 each). */
async function scoringParts(project: Project, runId: string): Promise<void> {
  const items = await medianOf(() => project.snapshot((stores) => profileItems(stores, PROFILE, null, new Pacer())));
  const read = await medianOf(() => project.snapshot((stores) => stores.runs.scan.responsesOfRun(runId, new Pacer())));
  const joined = await medianOf(() => withResponses(items.value, read.value));
  const scoring = await medianOf(() => scoreRun({ kind: items.value.profile.kind, taxonomy: items.value.profile.taxonomy }, joined.value, {}));
  console.log(
    `  of which: the profile's questions as scoring items, read a slice at a time (profileItems) ${ms(items.wall)}, longest block ${ms(items.blocked)}; ` +
      `the run's ${read.value.length.toLocaleString('en')} responses read (runs.scan.responsesOfRun) ${ms(read.wall)}, longest block ${ms(read.blocked)}; joined to the items (withResponses) ${ms(joined.wall)}; scored (scoreRun) ${ms(scoring.wall)}`,
  );
}

/** Waits for a job started through the API and returns it; throws unless it finished well. */
export async function finished(api: ReturnType<typeof pageApi>, started: { jobId: string }): Promise<Job> {
  for (;;) {
    const job = (await api<Job[]>('jobs.list', {})).find((j) => j.id === started.jobId);
    if (job && job.state !== 'running') {
      if (job.state !== 'done') throw new Error(`${job.label}: ${job.state} (${job.message})`);
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The Runs overlay opened with M, each run's lane ticked (its responses and replay loaded before the next), closed with Esc. */
export async function showLanes(page: Page, runs: number): Promise<void> {
  let replays = 0;
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/api/runs.replay')) replays++;
  });
  await page.keyboard.press('m');
  const boxes = page.getByTestId('run-shown');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="run-shown"]').length === n, runs, { timeout: 60_000 });
  for (let i = 0; i < runs; i++) {
    const expected = replays + 1; // a tick loads that run's lane
    await boxes.nth(i).check();
    while (replays < expected) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('runs-overlay').waitFor({ state: 'detached' });
  await page.waitForTimeout(500);
}

export async function benchRunLanes(): Promise<void> {
  console.log('Generating a one-hour 360p test video (cached)…');
  const path = await oneHourVideo();
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-lanes-'));
  try {
    await openInBrowser(path, async (page) => {
      await page.waitForFunction(() => !document.querySelector('[data-testid="jobs"]'), null, { timeout: 600_000 });
      const api = pageApi(page);
      const video = (await api<Array<{ name: string; duration: number }>>('videos.list', {})).find((v) => path.endsWith(v.name))!;
      const asked = askedOn([basename(path)], LANE_QUESTIONS, video.duration);
      await finished(api, await api('exchange.import', { path: writeOvoSFile(join(dir, 'ovo-s.jsonl'), asked), format: 'ovo-s', mediaDir: dirname(path) }));
      const runs = Array.from({ length: LANE_RUNS }, (_, r) => ({ model: `model-${r}`, run: `run-${r}` }));
      const job = await finished(api, await api('runs.import', { path: writeRunFile(join(dir, 'ten-runs.jsonl'), asked, runs) }));
      if (job.kind !== 'run-import' || job.result?.runs.length !== LANE_RUNS) throw new Error(`run import: ${JSON.stringify(job.result)}`);
      await page.reload();
      await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '', null, { timeout: 60_000 });
      await page.waitForFunction((n) => document.querySelector('[data-testid="tab-questions"]')?.textContent?.includes(`(${n})`), LANE_QUESTIONS, { timeout: 60_000 });
      await page.locator('body').click({ position: { x: 5, y: 5 } });

      const canvasHeight = (): Promise<number> => page.evaluate(() => document.querySelector('[data-testid="timeline"] canvas')!.getBoundingClientRect().height);
      const heightWithout = await canvasHeight();
      const without = frameStats(await frameTimes(page, ZOOM_AND_PAN, 1200));
      await showLanes(page, LANE_RUNS);
      const heightWith = await canvasHeight();
      if (heightWith <= heightWithout) throw new Error('the run lanes did not appear on the timeline');
      // the lanes carry their responses: most of their pixels are ticks, not the lanes' background (#0d1218)
      const ticked = await page.evaluate((top) => {
        const canvas = document.querySelector('[data-testid="timeline"] canvas') as HTMLCanvasElement;
        const y = Math.round((top * canvas.width) / canvas.getBoundingClientRect().width);
        const { data } = canvas.getContext('2d')!.getImageData(0, y, canvas.width, canvas.height - y);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] !== 13 || data[i + 1] !== 18 || data[i + 2] !== 24) n++;
        return n / (data.length / 4);
      }, heightWithout);
      if (ticked < 0.2) throw new Error(`the run lanes show hardly any responses (${(100 * ticked).toFixed(1)}% of their pixels)`);
      const withLanes = frameStats(await frameTimes(page, ZOOM_AND_PAN, 1200));
      const perRun = job.result.runs[0]!.responses.toLocaleString('en');
      console.log(`Timeline frame time, zooming and panning an hour with ${LANE_QUESTIONS} query points and no runs shown (${without.n} frames): ${frameLine(without)}`);
      console.log(
        `Timeline frame time, the same with ${LANE_RUNS} runs shown as lanes (${perRun} responses each on this video; timeline ${heightWithout} → ${heightWith} px tall; ${withLanes.n} frames): ${frameLine(withLanes)} (target: as without, 60 fps)`,
      );
      figure('timeline with 10 run lanes p95', withLanes.p95, 'ms', without.p95);
      figure('timeline with 10 run lanes p99', withLanes.p99, 'ms', without.p99);
      figure('timeline with 10 run lanes longest frame', withLanes.max, 'ms', without.max);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
