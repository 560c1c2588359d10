// Cold start and project open, each next to its floor in the same run: `npm start` (browser mode) to
// an interactive demo project against a bare Node server serving a page; opening a project of 1,000
// videos and 20,000 marks in the app against a bare SQLite open and read of the same rows.
import { chromium, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { Project } from '../electron/services/projects/project';
import { listVideos } from '../electron/services/videos/library';
import type { Mark } from '../shared/marks';
import { syntheticMarks } from './annotation';
import { figure } from './figures';
import { h264, lavfi, median, ms, stats, testVideo, withDemoPage } from './support';

const ROUNDS = 5;
const VIDEOS = 1_000;
const MARKS = 20_000;

/**
 * Starts `command` in its own process group (npm, the launcher and the server go together) and
 * resolves with the URL it prints on a line matching `pattern` — the whole line: a chunk may end
 * mid-token —, or fails after a minute. The group is killed on stop, and if the bench itself exits.
 */
function startPrinting(command: string, args: string[], pattern: RegExp): { url: Promise<string>; stop: () => Promise<void> } {
  const child = spawn(command, args, { cwd: process.cwd(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // gone already
    }
  };
  const onBenchExit = (): void => killGroup('SIGKILL');
  process.once('exit', onBenchExit);
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} printed no URL within a minute:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}):\n${output}`));
    });
  });
  const stop = async (): Promise<void> => {
    process.removeListener('exit', onBenchExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    killGroup('SIGTERM');
    const late = setTimeout(() => killGroup('SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
  };
  return { url, stop };
}

/** The floor of a start: a bare Node HTTP server's process start, and a page from it loaded. */
const BARE_SERVER = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/html'); s.end('<!doctype html><title>bare</title><p>ok</p>'); }).listen(0, '127.0.0.1', function () { console.log('Open: http://127.0.0.1:' + this.address().port + '/'); });`;

/** Interactive: the library lists the demo's two videos and the player presents a frame of the one selected. */
async function demoInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="library-row"]').length === 2 && document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '',
    null,
    { timeout: 120_000, polling: 'raf' },
  );
}

async function timedStart(page: Page, command: string, args: string[], ready: (page: Page) => Promise<void>): Promise<{ listening: number; interactive: number }> {
  const start = performance.now();
  const server = startPrinting(command, args, /Open: (http:\/\/127\.0\.0\.1:\d+\/\S*)\r?\n/);
  try {
    const url = await server.url;
    const listening = performance.now() - start;
    await page.goto(url);
    await ready(page);
    return { listening, interactive: performance.now() - start };
  } finally {
    await server.stop();
  }
}

export async function benchColdStart(): Promise<void> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const dataDir = mkdtempSync(join(tmpdir(), 'tidemark-bench-start-'));
  // as someone who has said who they are (a first start would ask, over the demo)
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ personName: 'bench', role: 'lead', ffmpegSource: 'bundled', keymap: {}, identityChosen: true }));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // browser mode by name: where the Electron binary exists, a plain `npm start` opens the desktop app
  const ours = ['start', '--silent', '--', '--web', '--port', '0', '--data-dir', dataDir];
  // the server alone, without npm and the launcher (which checks the build and looks for Electron)
  const server = [join(process.cwd(), 'dist/server/web.mjs'), '--port', '0', '--data-dir', dataDir];
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    // the first start makes the demo project (two videos generated by ffmpeg); later ones reopen it
    const first = await timedStart(page, npm, ours, demoInteractive);
    const times = { floor: [] as number[], floorListening: [] as number[], later: [] as number[], laterListening: [] as number[], alone: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await timedStart(page, process.execPath, ['-e', BARE_SERVER], (p) => p.waitForFunction(() => document.title === 'bare', null, { polling: 'raf' }).then(() => undefined));
      times.floor.push(floor.interactive);
      times.floorListening.push(floor.listening);
      const later = await timedStart(page, npm, ours, demoInteractive);
      times.later.push(later.interactive);
      times.laterListening.push(later.listening);
      times.alone.push((await timedStart(page, process.execPath, server, demoInteractive)).interactive);
    }
    const [floor, later] = [median(times.floor), median(times.later)];
    console.log(`Cold start, \`npm start\` (browser mode) to the demo project interactive in Chromium (library listed, a frame on screen), median of ${ROUNDS}:`);
    console.log(`  floor (a bare Node HTTP server started, a page from it loaded): ${ms(floor)} (listening after ${ms(median(times.floorListening))})`);
    console.log(
      `  Tidemark, a later start (reopens the demo): ${ms(later)} (listening after ${ms(median(times.laterListening))}) → ${ms(later - floor)} over the floor (goal: within 1,500 ms), ${(later / floor).toFixed(2)}×`,
    );
    console.log(`    of which npm and the launcher: the server started by node alone is interactive after ${ms(median(times.alone))}`);
    console.log(`  Tidemark, the very first start (makes the demo's two videos with ffmpeg): ${ms(first.interactive)} → ${ms(first.interactive - floor)} over the floor`);
    figure('cold start', later, 'ms', floor);
    figure('cold start over floor', later - floor, 'ms');
    figure('cold start, server alone', median(times.alone), 'ms', floor);
    figure('first start (demo made)', first.interactive, 'ms', floor);
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A project of 1,000 videos (hard links of one small file, so each is found with its size) and
 * 20,000 marks on the first, which is the one selected when it opens.
 */
async function bigProject(dir: string): Promise<{ path: string; first: string }> {
  const clip = await testVideo('tiny-60s.mp4', [...lavfi('color=c=gray:s=64x36:r=5:d=60'), ...h264(5)]);
  const media = join(dir, 'media');
  mkdirSync(media);
  const size = statSync(clip).size;
  const videos = Array.from({ length: VIDEOS }, (_, i) => {
    linkSync(clip, join(media, `video-${i}.mp4`));
    return {
      id: randomUUID(),
      name: `video-${i}.mp4`,
      relPath: `media/video-${i}.mp4`,
      fingerprint: `fp-${i}`,
      fileSize: size,
      duration: 60,
      fps: 5,
      fpsRational: '5/1',
      variableFps: false,
      width: 64,
      height: 36,
      codec: 'h264',
      audioCodec: null,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
    };
  });
  const path = join(dir, 'big.tidemark');
  const project = await Project.open(path, { create: true, name: 'Big' });
  const first = videos[0]!.id;
  await project.edit('bench', 'Add 1,000 videos and 20,000 marks', async (w, tx) => {
    await w.videos.add(videos, new Date().toISOString());
    await w.annotation.addMarks(syntheticMarks(60, MARKS).map((mark) => ({ ...mark, id: randomUUID(), videoId: first }) as Mark));
  });
  await project.store.setMeta('selectedVideoId', first);
  await project.close();
  return { path, first };
}

/** The floor of an open: better-sqlite3 opens the file and reads the rows the app shows — the library, the selected video's marks, the view state. */
function openFloor(path: string, videoId: string): number {
  const start = performance.now();
  const db = new Database(path, { readonly: true });
  db.pragma('journal_mode');
  const videos = db.prepare('SELECT * FROM videos').all();
  const marks = db.prepare('SELECT * FROM marks WHERE video_id = ?').all(videoId);
  db.prepare('SELECT * FROM video_view_state').all();
  db.prepare('SELECT * FROM project_meta').all();
  if (videos.length !== VIDEOS || marks.length !== MARKS) throw new Error(`floor read ${videos.length} videos and ${marks.length} marks`);
  db.close();
  return performance.now() - start;
}

/** In the app: O, the path, Enter — until the library, the 20,000 marks and a frame of the selected video are on screen. */
async function openInApp(page: Page, path: string): Promise<number> {
  await page.keyboard.press('o');
  await page.getByTestId('path-input').fill(path);
  const start = Date.now();
  await page.getByTestId('path-input').press('Enter');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="library-row"]').length > 2 && document.querySelector('[data-testid="tab-marks"]')?.textContent?.includes(`(${n})`) === true,
    MARKS,
    { timeout: 60_000, polling: 'raf' },
  );
  await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-presented-frame') !== '', null, { timeout: 60_000, polling: 'raf' });
  return Date.now() - start;
}

export async function benchProjectOpen(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-open-'));
  const { path, first } = await bigProject(dir);
  // the service alone, as before: open + summary + library + view state
  const service: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    const opened = await Project.open(path, { create: false });
    await opened.summary();
    await listVideos(opened);
    await opened.stores.videos.views();
    service.push(performance.now() - start);
    await opened.close();
  }
  try {
    await withDemoPage(async (page, server) => {
      const demo = join(server.dataDir, 'Demo', 'demo.tidemark');
      const times = { floor: [] as number[], app: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        times.floor.push(openFloor(path, first));
        times.app.push(await openInApp(page, path));
        // back to the demo, so the next round opens the big project afresh
        await page.keyboard.press('o');
        await page.getByTestId('path-input').fill(demo);
        await page.getByTestId('path-input').press('Enter');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-row"]').length === 2, null, { timeout: 60_000 });
      }
      const [floor, app] = [median(times.floor), median(times.app)];
      const s = stats(service);
      console.log(`Open a project of ${VIDEOS.toLocaleString('en')} videos and ${MARKS.toLocaleString('en')} marks (on the selected video), median of ${ROUNDS}:`);
      console.log(
        `  in the app (O, path, Enter → library, marks and a frame on screen): ${ms(app)}; floor (better-sqlite3 opens the file and reads the same rows): ${ms(floor)} → ${ms(app - floor)} over the floor (goal: within 1,500 ms)`,
      );
      console.log(`  the service alone (open + summary + library + view state, ${s.n} runs): median ${ms(s.median)}, p95 ${ms(s.p95)}`);
      figure('open project', app, 'ms', floor);
      figure('open project over floor', app - floor, 'ms');
      figure('open project (service)', s.median, 'ms');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
