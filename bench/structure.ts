// Figures for issue 8: one marks.create of 100,000 marks against the browser-mode server (time, the
// longest stall a concurrent client sees, the server's resident memory before / peak / after), and
// the export of 100,000 VCBench counting questions on one video (readiness included).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exportBenchmark, importBenchmarkFile } from '../electron/services/exchange/service';
import { Project } from '../electron/services/projects/project';
import { h264, lavfi, ms, testVideo, tools } from './support';
import { figure } from './figures';

// `npm run bench` runs from the repository's root (the bench itself is bundled into dist/bench/)
const root = process.cwd();
const MARKS = 100_000;
const QUESTIONS = 100_000;

/** Resident memory of a process, from /proc (Linux), in MB. */
export function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export async function startServer(dataDir: string): Promise<{ url: string; token: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, 'dist/server/web.mjs'), '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open: (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`${match[1]} ${match[2]}`);
      }
    });
  });
  const [base, token] = url.split(' ') as [string, string];
  return { url: base, token, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

export async function benchBulkMarks(): Promise<void> {
  const video = await testVideo('tiny-60s.mp4', [...lavfi('color=c=gray:s=64x36:r=5:d=60'), ...h264(5)]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const server = await startServer(join(dir, 'data'));
  const call = async (method: string, payload: unknown): Promise<unknown> => {
    const response = await fetch(`${server.url}/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Tidemark-Token': server.token }, body: JSON.stringify(payload) });
    const result = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
    return result.value;
  };
  try {
    await call('projects.create', { path: join(dir, 'bench.tidemark') });
    const { jobId } = (await call('videos.import', { paths: [video] })) as { jobId: string };
    for (;;) {
      const jobs = (await call('jobs.list', {})) as Array<{ id: string; state: string }>;
      if (jobs.find((j) => j.id === jobId)?.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const videoId = ((await call('videos.list', {})) as Array<{ id: string }>)[0]!.id;
    const marks = Array.from({ length: MARKS }, (_, i) => ({ type: 'event', start: Math.round((i / MARKS) * 59_000) / 1000, end: null, target: 'bench', data: { note: `mark ${i}` } }));
    const body = JSON.stringify({ videoId, marks });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = residentMb(server.pid);
    // two rounds: a second call that settles where the first did shows memory kept, not leaked
    for (let round = 1; round <= 2; round++) {
      const before = residentMb(server.pid);
      // a concurrent client: one small read after another, timing each
      let running = true;
      let longest = 0;
      let peak = before;
      const prober = (async () => {
        while (running) {
          const start = performance.now();
          await call('projects.current', {});
          longest = Math.max(longest, performance.now() - start);
          peak = Math.max(peak, residentMb(server.pid));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const start = performance.now();
      const response = await fetch(`${server.url}/api/marks.create`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Tidemark-Token': server.token }, body });
      const result = (await response.json()) as { ok: boolean; value?: unknown[]; error?: { message: string } };
      const elapsed = performance.now() - start;
      running = false;
      await prober;
      if (!result.ok || result.value?.length !== MARKS) throw new Error(`marks.create failed: ${result.error?.message}`);
      // idle for a while, as a person would, then read memory again
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const after = residentMb(server.pid);
      console.log(
        `One marks.create of ${MARKS.toLocaleString('en')} marks (${(body.length / 1e6).toFixed(1)} MB) over HTTP, call ${round}: ${(elapsed / 1000).toFixed(2)} s; ` +
          `longest wait of a concurrent client ${ms(longest)}; server resident memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ${after.toFixed(0)} MB 10 s after (baseline ${baseline.toFixed(0)} MB)`,
      );
      figure('bulk marks.create', elapsed / 1000, 's');
      figure('bulk marks.create longest wait of another client', longest, 'ms');
      figure('server memory 10 s after a bulk create', after, 'MB', baseline);
    }
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** VCBench E1 questions, each counting its own events (three occurrences, three query points). */
function vcbenchLines(videoPath: string): string {
  const lines: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const t = (i % 50) + 1;
    lines.push(
      JSON.stringify({
        id: String(i).padStart(6, '0'),
        video_path: videoPath,
        source_dataset: 'bench',
        question: `How many times has the door opened so far? (${i})`,
        counting_type: 'E1',
        counting_subtype: 'E1-Action',
        occurrence_times: [t, t + 1, t + 2],
        query_points: { time: [t + 0.5, t + 1.5, t + 2.5], count: [1, 2, 3] },
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function benchCountingExport(): Promise<void> {
  const video = await testVideo('tiny-60s.mp4', [...lavfi('color=c=gray:s=64x36:r=5:d=60'), ...h264(5)]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  const caller = { person: 'bench', role: 'lead' } as const;
  try {
    const file = join(dir, 'vcbench.jsonl');
    writeFileSync(file, vcbenchLines('tiny-60s.mp4'));
    const project = await Project.open(join(dir, 'counting.tidemark'), { create: true });
    const imported = await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: dirname(video) });
    if (imported.importedQuestions !== QUESTIONS)
      throw new Error(
        `imported ${imported.importedQuestions}: ${imported.problems
          .slice(0, 3)
          .map((p) => `${p.line}:${p.field}: ${p.reason}`)
          .join('; ')}`,
      );
    // how long the event loop is held at a time while exporting (what every other client waits)
    let longest = 0;
    let last = performance.now();
    const lag = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 5);
      last = now;
    }, 5);
    const start = performance.now();
    const exported = await exportBenchmark(project, caller, 'vcbench', { force: true });
    const elapsed = performance.now() - start;
    clearInterval(lag);
    console.log(
      `Export of ${QUESTIONS.toLocaleString('en')} VCBench counting questions on one video (readiness included, ${imported.importedMarks.toLocaleString('en')} marks): ` +
        `${(elapsed / 1000).toFixed(2)} s; longest hold of the event loop ${ms(longest)}; ready: ${exported.readiness.ready}`,
    );
    figure('counting export', elapsed / 1000, 's');
    figure('counting export longest block', longest, 'ms');
    await project.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
