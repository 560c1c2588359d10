// Figures for issue 4: import and export throughput for 100,000 questions, each next to the raw
// floor measured in the same run on the same data (JSON.parse + bare better-sqlite3 inserts of the
// rows the import stored, in one transaction, with the import writer's page cache; a bare SELECT of
// those rows + JSON.parse of their JSON columns + JSON.stringify of the exported records).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { ProjectStore } from '../electron/services/db/project-store';
import { IMPORT_PAGE_CACHE_KIB } from '../electron/services/db/sqlite/edit-thread';
import { exportBenchmark, importBenchmarkFile } from '../electron/services/exchange/service';
import { Project } from '../electron/services/projects/project';
import { figure } from './figures';
import { residentMb, startServer } from './structure';
import { gcNote, h264, heapUsed, lavfi, mb, median, ms, ovoSLine, testVideo, tools, watchedLoop } from './support';

/** The project file's store (the bench's projects are files). */
const fileStore = (project: Project): ProjectStore => {
  if (!(project.store instanceof ProjectStore)) throw new Error('The bench reads a project file.');
  return project.store;
};

const QUESTIONS = 100_000;

function ovoLines(videoPath: string): string {
  const lines: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) lines.push(ovoSLine(i, videoPath, Math.round(((i % 590) / 10 + 0.5) * 10) / 10));
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number): string => `${Math.round(QUESTIONS / (ms / 1000)).toLocaleString('en')} questions/s`;

type StoredRow = Record<string, string | number | null>;

/**
 * The raw floor for the rows an import stored: JSON.parse of every line of the file plus bare
 * better-sqlite3 inserts of the same rows, in one transaction, into a fresh project file.
 */
async function importFloor(path: string, text: string, videoRow: StoredRow, questions: StoredRow[], points: StoredRow[]): Promise<number> {
  await (await Project.open(path, { create: true })).close();
  // the floor writes with bare better-sqlite3, as fast as SQLite allows: no edit log, no checks —
  // with the page cache the import's writer has (with SQLite's default the inserts take a third longer)
  const db = new Database(path);
  db.pragma('synchronous = FULL');
  db.pragma(`cache_size = -${IMPORT_PAGE_CACHE_KIB}`);
  const insert = (table: string, sample: StoredRow) => {
    const columns = Object.keys(sample);
    return db.prepare(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  };
  db.prepare(
    `INSERT INTO videos (${Object.keys(videoRow).join(', ')}) VALUES (${Object.keys(videoRow)
      .map(() => '?')
      .join(', ')})`,
  ).run(Object.values(videoRow));
  const insertQuestion = insert('questions', questions[0]!);
  const insertPoint = insert('query_points', points[0]!);
  const start = performance.now();
  db.transaction(() => {
    for (const line of text.split('\n')) if (line) JSON.parse(line);
    for (const row of questions) insertQuestion.run(Object.values(row));
    for (const row of points) insertPoint.run(Object.values(row));
  })();
  const elapsed = performance.now() - start;
  db.close();
  return elapsed;
}

/**
 * The raw floor for an export, the mirror of the import's: a bare SELECT of the same rows, JSON.parse
 * of their JSON columns (what any reader of them must decode), and JSON.stringify of the same records.
 */
function exportFloor(project: Project, exported: string): number {
  const records = exported
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
  const start = performance.now();
  const db = fileStore(project).db;
  for (const row of db.query<{ fields: string; provenance: string }>('SELECT * FROM questions ORDER BY created_at, rowid').all()) {
    JSON.parse(row.fields);
    JSON.parse(row.provenance);
  }
  for (const row of db.query<{ fields: string }>('SELECT * FROM query_points').all()) JSON.parse(row.fields);
  `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
  return performance.now() - start;
}

const ROUNDS = 3;

export async function benchExchange(): Promise<void> {
  const video = await testVideo('tiny-60s.mp4', [...lavfi('color=c=gray:s=64x36:r=5:d=60'), ...h264(5)]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const caller = { person: 'bench', role: 'lead' } as const;
  try {
    const file = join(dir, 'ovo.jsonl');
    writeFileSync(file, ovoLines('tiny-60s.mp4'));
    const text = readFileSync(file, 'utf8');
    const options = { path: file, format: 'ovo-s', mediaDir: dirname(video) };

    // a first import warms up the code and holds the rows the floor inserts
    const warm = await Project.open(join(dir, 'warm.tidemark'), { create: true });
    await importBenchmarkFile(warm, caller, tools, options);
    const rows = (table: string) => fileStore(warm).db.query<StoredRow>(`SELECT * FROM ${table} ORDER BY rowid`).all();
    const storedRows = fileStore(warm).db.query<{ n: number }>('SELECT (SELECT count(*) FROM questions) + (SELECT count(*) FROM query_points) AS n').get()!.n;

    // rounds alternate floor and Tidemark so both meet the same machine; medians are reported
    const times = { importFloor: [] as number[], import: [] as number[], exportFloor: [] as number[], export: [] as number[] };
    // the longest the event loop was held (other requests wait that long), and the heap after a GC
    const blocked = { import: [] as number[], export: [] as number[] };
    const heap = { before: [] as number[], afterImport: [] as number[], afterExport: [] as number[] };
    let exportedBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      times.importFloor.push(await importFloor(join(dir, `floor-${round}.tidemark`), text, rows('videos')[0]!, rows('questions'), rows('query_points')));
      rmSync(join(dir, `floor-${round}.tidemark`), { force: true });

      // Tidemark: validation, conversion, media matching, one undoable transaction
      const path = join(dir, `bench-${round}.tidemark`);
      const project = await Project.open(path, { create: true });
      heap.before.push(heapUsed());
      const imported = await watchedLoop(() => importBenchmarkFile(project, caller, tools, options));
      times.import.push(imported.wall);
      blocked.import.push(imported.blocked);
      const outcome = imported.value;
      if (outcome.importedQuestions !== QUESTIONS)
        throw new Error(
          `imported ${outcome.importedQuestions}: ${outcome.problems
            .slice(0, 3)
            .map((p) => p.reason)
            .join('; ')}`,
        );
      heap.afterImport.push(heapUsed());
      // export with the readiness report, then the floor on the same rows and records
      const exported = await watchedLoop(() => exportBenchmark(project, caller, 'ovo-s', { force: true }));
      times.export.push(exported.wall);
      blocked.export.push(exported.blocked);
      // the exported text is the caller's: kept outside the heap while looking at what the export kept
      // (and before the floor, whose split and parse of it V8 keeps caches of)
      const exportedText = Buffer.concat(exported.value.parts.map((part) => Buffer.from(part)));
      exported.value.parts = [];
      heap.afterExport.push(heapUsed());
      times.exportFloor.push(exportFloor(project, exportedText.toString()));
      exportedBytes = exportedText.length;
      await project.close();
      rmSync(path, { force: true });
    }
    // the same file again into the project that has it: every question found present, none written
    const again = await watchedLoop(() => importBenchmarkFile(warm, caller, tools, options));
    if (again.value.alreadyPresent !== QUESTIONS) throw new Error(`found ${again.value.alreadyPresent} present`);
    // and once more, replacing every question from the file (points and own marks anew, reviews kept)
    const updated = await watchedLoop(() => importBenchmarkFile(warm, caller, tools, { ...options, existing: 'update' }));
    if (updated.value.updated !== QUESTIONS) throw new Error(`updated ${updated.value.updated}`);
    await warm.close();

    const report = (what: string, ours: number[], floor: number[], note: string) => {
      const per = ours.map((t, i) => `${(t / floor[i]!).toFixed(2)}×`).join(', ');
      console.log(
        `${what} of ${QUESTIONS.toLocaleString('en')} OVO-S questions: ${seconds(median(ours))} (${rate(median(ours))}${note}); floor ${seconds(median(floor))} → ${(median(ours) / median(floor)).toFixed(2)}× the floor (rounds: ${per})`,
      );
    };
    report('Import', times.import, times.importFloor, '');
    report('Export', times.export, times.exportFloor, '; readiness included');
    const longest = (values: number[]) => Math.max(...values);
    console.log(`Longest event-loop block: import ${longest(blocked.import).toFixed(0)} ms, export ${longest(blocked.export).toFixed(0)} ms (the worst of ${ROUNDS} rounds; limit 100 ms)`);
    console.log(`The same file again (every question already present): ${seconds(again.wall)}, longest event-loop block ${again.blocked.toFixed(0)} ms`);
    console.log(`The same file again, updating every question: ${seconds(updated.wall)}, longest event-loop block ${updated.blocked.toFixed(0)} ms`);
    console.log(`Heap${gcNote()}: ${mb(median(heap.before))} before the import, ${mb(median(heap.afterImport))} after it, ${mb(median(heap.afterExport))} after the export`);
    console.log(`(medians of ${ROUNDS} rounds; file ${(text.length / 1e6).toFixed(1)} MB; stored ${storedRows.toLocaleString('en')} rows; export ${(exportedBytes / 1e6).toFixed(1)} MB)`);
    figure('import', median(times.import), 'ms', median(times.importFloor));
    figure('export', median(times.export), 'ms', median(times.exportFloor));
    figure('import longest block', longest(blocked.import), 'ms');
    figure('export longest block', longest(blocked.export), 'ms');
    figure('re-import (all present)', again.wall, 'ms');
    figure('re-import longest block', again.blocked, 'ms');
    figure('update re-import', updated.wall, 'ms');
    figure('update re-import longest block', updated.blocked, 'ms');
    figure('heap before import', median(heap.before) / 1e6, 'MB');
    figure('heap after import', median(heap.afterImport) / 1e6, 'MB');
    figure('heap after export', median(heap.afterExport) / 1e6, 'MB');
    await benchImportMemory(dir, file, dirname(video));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * When the server's memory is read while it idles after the import: V8 returns the import's garbage
 * only once its memory reducer sees the allocation rate low, about half a minute into the idle.
 */
const IDLE_READINGS_S = [0, 10, 30, 60];

/**
 * The browser-mode server's resident memory around one import of the file over HTTP (as the app
 * makes it: a job, its writer thread): before, at its peak, and while it idles afterwards — what
 * the server gives back once an import is over.
 */
async function benchImportMemory(dir: string, file: string, mediaDir: string): Promise<void> {
  const server = await startServer(join(dir, 'server-data'));
  const call = async (method: string, payload: unknown): Promise<unknown> => {
    const response = await fetch(`${server.url}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Tidemark-Token': server.token }, body: JSON.stringify(payload) });
    const result = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
    return result.value;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    await call('projects.create', { path: join(dir, 'server.tidemark') });
    await sleep(1000);
    const before = residentMb(server.pid);
    let peak = before;
    const start = performance.now();
    const { jobId } = (await call('exchange.import', { path: file, format: 'ovo-s', mediaDir })) as { jobId: string };
    let job: { state: string; message?: string } | undefined;
    // meanwhile a client reads the project (the drafting statistics), as the app may: the longest it waits
    let longestRead = 0;
    for (;;) {
      peak = Math.max(peak, residentMb(server.pid));
      job = ((await call('jobs.list', {})) as Array<{ id: string; state: string; message?: string }>).find((j) => j.id === jobId);
      if (job?.state !== 'running') break;
      const asked = performance.now();
      await call('drafts.stats', {});
      longestRead = Math.max(longestRead, performance.now() - asked);
      await sleep(50);
    }
    if (job?.state !== 'done') throw new Error(`the import over HTTP ended ${job?.state}: ${job?.message}`);
    const elapsed = performance.now() - start;
    const idle: number[] = [];
    let waited = 0;
    for (const at of IDLE_READINGS_S) {
      await sleep((at - waited) * 1000);
      waited = at;
      idle.push(residentMb(server.pid));
    }
    console.log(
      `Server resident memory around an import of ${QUESTIONS.toLocaleString('en')} OVO-S questions over HTTP (${seconds(elapsed)}): ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ` +
        IDLE_READINGS_S.map((at, i) => `${idle[i]!.toFixed(0)} MB ${at === 0 ? 'at its end' : `${at} s after`}`).join(', '),
    );
    console.log(`A read of the project during that import (drafts.stats, every 50 ms): answered within ${ms(longestRead)} at the longest`);
    figure('longest read during an import', longestRead, 'ms');
    figure('server memory before import', before, 'MB');
    figure('server memory import peak', peak, 'MB');
    IDLE_READINGS_S.forEach((at, i) => figure(`server memory ${at} s after import`, idle[i]!, 'MB', before));
  } finally {
    server.stop();
  }
}
