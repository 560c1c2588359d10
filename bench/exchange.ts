// Figures for issue 4: import and export throughput for 100,000 questions, each next to the raw
// floor measured in the same run (JSON.parse + bare better-sqlite3 inserts of the same rows in one
// transaction; SELECT + JSON.stringify for export).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exportBenchmark, importBenchmarkFile } from '../electron/services/exchange/exchange';
import { Project } from '../electron/services/project';
import { h264, lavfi, testVideo, tools } from './support';

const QUESTIONS = 100_000;

function ovoLines(videoPath: string): string {
  const lines: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const t = Math.round(((i % 590) / 10 + 0.5) * 10) / 10;
    lines.push(
      JSON.stringify({
        id: i, category_index: `1.1.1_${i}`, source_dataset: 'bench', video_id: 'v', video_path: videoPath, level: 1, task_main_category: '1.1', task_subcategory: '1.1.1',
        task_type_name: 'Object-to-Object Absolute Distance', question: `Question ${i}: how far is the sign from the camera?`,
        options: { A: 'About 0.5 m', B: 'About 6 m', C: 'About 3 m', D: 'About 1.5 m' }, query_times: [t], evidence_times: [[Math.max(0, t - 2), t]], answers: ['D'],
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number): string => `${Math.round(QUESTIONS / (ms / 1000)).toLocaleString('en')} questions/s`;

export async function benchExchange(): Promise<void> {
  const video = await testVideo('tiny-60s.mp4', [...lavfi('color=c=gray:s=64x36:r=5:d=60'), ...h264(5)]);
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-'));
  try {
    const file = join(dir, 'ovo.jsonl');
    const name = 'tiny-60s.mp4';
    writeFileSync(file, ovoLines(name));
    const text = readFileSync(file, 'utf8');

    // floor: parse every line and insert the same two rows per question, bare, in one transaction
    const floorProject = Project.open(join(dir, 'floor.tidemark'), { create: true });
    const videoId = randomUUID();
    floorProject.videos.insert({ id: videoId, name, relPath: name, fingerprint: 'f', fileSize: 1, duration: 60, fps: 5, fpsRational: '5/1', variableFps: false, width: 64, height: 36, codec: 'h264', audioCodec: null, container: 'mp4' });
    const insertQuestion = floorProject.db.prepare('INSERT INTO questions (id, video_id, profile_id, fields, provenance, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const insertPoint = floorProject.db.prepare('INSERT INTO query_points (id, question_id, time, fields) VALUES (?, ?, ?, ?)');
    let start = performance.now();
    floorProject.db.transaction(() => {
      for (const line of text.split('\n')) {
        if (!line) continue;
        const r = JSON.parse(line) as { question: string; options: unknown; query_times: number[]; evidence_times: unknown; answers: string[] };
        const id = randomUUID();
        insertQuestion.run(id, videoId, 'builtin:ovo-s-bench', JSON.stringify({ text: r.question, options: r.options }), '{}', 'bench', 'now', 'now');
        insertPoint.run(randomUUID(), id, r.query_times[0], JSON.stringify({ answer: r.answers[0], evidence: r.evidence_times }));
      }
    })();
    const importFloor = performance.now() - start;
    start = performance.now();
    const rows = floorProject.db.prepare('SELECT q.*, p.time, p.fields AS point FROM questions q JOIN query_points p ON p.question_id = q.id').all();
    const floorText = rows.map((r) => JSON.stringify(r)).join('\n');
    const exportFloor = performance.now() - start;
    floorProject.close();

    // Tidemark: validation, conversion, one undoable transaction; export with the readiness report
    const project = Project.open(join(dir, 'bench.tidemark'), { create: true });
    const media = dirname(video);
    start = performance.now();
    const outcome = await importBenchmarkFile(project, { person: 'bench', role: 'lead' }, tools, { path: file, format: 'ovo-s', mediaDir: media });
    const importTime = performance.now() - start;
    if (outcome.importedQuestions !== QUESTIONS) throw new Error(`imported ${outcome.importedQuestions}: ${outcome.problems.slice(0, 3).map((p) => p.reason).join('; ')}`);
    start = performance.now();
    const exported = exportBenchmark(project, 'ovo-s', { force: true });
    const exportTime = performance.now() - start;
    project.close();

    console.log(`Import of ${QUESTIONS.toLocaleString('en')} OVO-S questions: ${seconds(importTime)} (${rate(importTime)}); floor ${seconds(importFloor)} → ${(importTime / importFloor).toFixed(2)}× the floor`);
    console.log(`Export of ${QUESTIONS.toLocaleString('en')} OVO-S questions: ${seconds(exportTime)} (${rate(exportTime)}; readiness included); floor ${seconds(exportFloor)} → ${(exportTime / exportFloor).toFixed(2)}× the floor`);
    console.log(`(file ${(text.length / 1e6).toFixed(1)} MB; export ${(exported.text.length / 1e6).toFixed(1)} MB; floor export ${(floorText.length / 1e6).toFixed(1)} MB)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
