// PhoStream scored as its release scores it: runs in the release's own output format, read by
// Tidemark's run reader and scored by Tidemark, against what the release's evaluate_sample returned
// for the same runs (numbers in fixtures/phostream, made by make_fixtures.py; its README names the
// commit). `full` is the release's 5,572 questions (texts replaced), `sample` the three-video sample.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { phostreamFileSchema, phostreamToItems } from '../formats/phostream';
import { BUILTIN_PROFILES } from '../profiles';
import { readPhostreamRun } from '../runs/formats/phostream';
import { readAllRuns } from '../runs/formats/reading';
import { scoreRun, type ScoreOptions } from './score';
import type { Judgment, RunScore, ScoringItem, Timing } from './types';

const dir = join(__dirname, 'fixtures', 'phostream');
const text = (file: string): string => (file.endsWith('.gz') ? gunzipSync(readFileSync(join(dir, file))) : readFileSync(join(dir, file))).toString('utf8');
const sampleFile = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external', 'phostream', 'phostream_annotations.sample.json');

type ReleaseRow = [sampleId: number, category: string, score: number, responseTime: number];
interface Release {
  models: Record<string, { instant: number; backward: number; forward: number; overall: number; EarlyResponse: number; NoResponse: number; PartlyCorrect: number; LateResponse: number }>;
}

const TIMING: Record<string, Timing> = { EarlyResponse: 'early', NoResponse: 'no-response', LateResponse: 'late', PartlyCorrect: 'on-time' };
const profile = BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!;

/** The questions of an annotations file as scoring items named "<video_path>#<k>", in file order. */
function questions(json: string): ScoringItem[] {
  return phostreamFileSchema.parse(JSON.parse(json)).flatMap((video) =>
    phostreamToItems(video).map((item, k) => ({
      item: `${video.video_path}#${k}`,
      question: { id: `${video.video_path}#${k}`, videoId: video.video_path, ...item.question },
      points: item.points.map((p) => ({ time: p.time.seconds, answer: p.answer, proactiveTime: p.proactiveTime?.seconds ?? null, evidence: [], windowStart: null })),
      responses: [],
    })),
  );
}

/** The release's scripted judge (make_fixtures.py): 5 for the reference itself, else the N of "(quality N)", else 0. */
function scriptedJudge(answer: string, reference: string): Judgment {
  const m = /\(quality (\d+(?:\.\d+)?)\)/.exec(answer);
  return { score: answer === reference ? 5 : m ? Number(m[1]) : 0, reason: 'scripted' };
}

/** A run file read by Tidemark's reader and scored, its on-time answers judged by the scripted judge. */
function scoreRunFile(items: readonly ScoringItem[], file: string, options: ScoreOptions = {}): { score: RunScore; items: ScoringItem[] } {
  const read = readAllRuns(readPhostreamRun(text(file), file, { model: 'm' }));
  expect(read.problems).toEqual([]);
  const byItem = new Map(items.map((i) => [i.item, { ...i, responses: [] as ScoringItem['responses'] }]));
  for (const line of read.lines) byItem.get(line.item)!.responses.push({ query: line.query, t: line.t ?? null, text: line.response });
  const scored = [...byItem.values()];
  const unjudged = scoreRun(profile, scored, options);
  const answers = new Map(unjudged.items.map((i) => [i.item, i.queries[0]!]));
  const reference = new Map(scored.map((i) => [i.item, String(i.points[0]!.answer)]));
  const judgments = (item: string): Judgment | null => {
    const q = answers.get(item);
    return q?.timing === 'on-time' && typeof q.extracted === 'string' ? scriptedJudge(q.extracted, reference.get(item)!) : null;
  };
  return { score: scoreRun(profile, scored, { ...options, judgments }), items: scored };
}

function expectRelease(name: 'full' | 'sample', items: readonly ScoringItem[], model: string): void {
  const release = JSON.parse(text(`${name}.release.json`)) as Release;
  const rows = (JSON.parse(text(`${name}.release-rows.json.gz`)) as Record<string, ReleaseRow[]>)[model]!;
  const { score } = scoreRunFile(items, `${name}.${model}.run.jsonl.gz`);
  // per question: the release's category, score and the time of the response it took
  expect(score.items).toHaveLength(rows.length);
  const differ: string[] = [];
  score.items.forEach((item, i) => {
    const [, category, value, t] = rows[i]!;
    const q = item.queries[0]!;
    const same = q.timing === TIMING[category] && item.metrics.score === value && (q.timing === 'no-response' || q.t === t);
    if (!same) differ.push(`${item.item}: release ${category} ${value} at ${t}; Tidemark ${q.timing} ${item.metrics.score} at ${q.t} (${q.rule})`);
  });
  expect(differ.slice(0, 10)).toEqual([]);
  // Table 3's columns, as the release's rows give them
  const m = release.models[model]!;
  const close = (v: number | null | undefined) => Number(v!.toFixed(9));
  expect({
    instant: close(score.byCategory.instant?.score),
    backward: close(score.byCategory.backward?.score),
    forward: close(score.byCategory.forward?.score),
    overall: close(score.overall.score),
  }).toEqual({ instant: close(m.instant), backward: close(m.backward), forward: close(m.forward), overall: close(m.overall) });
  expect({ er: close(score.overall.er), nr: close(score.overall.nr), pc: close(score.overall.pc) }).toEqual({
    er: close(m.EarlyResponse),
    nr: close(m.NoResponse + m.LateResponse),
    pc: close(m.PartlyCorrect),
  });
}

describe('PhoStream scored as the release scores it (run_stream_eval.py evaluate_sample)', () => {
  const full = questions(text('full.annotations.json.gz'));
  const sample = questions(readFileSync(sampleFile, 'utf8'));

  it("reads the release's 5,572 questions in 578 videos", () => {
    expect(full).toHaveLength(5572);
    expect(new Set(full.map((i) => i.question.videoId)).size).toBe(578);
  });

  it.each(['perfect', 'eager', 'malformed'])("the sample, %s run: per question and Table 3's columns as the release", (model) => expectRelease('sample', sample, model));
  it.each(['perfect', 'eager', 'malformed'])("all 5,572 questions, %s run: per question and Table 3's columns as the release", (model) => expectRelease('full', full, model));
});
