// OVO-S-Bench runs read and scored as the release's score.py scores them (fixtures/ovo-s-bench, made by
// its make_fixtures.py: score.py @ 709a211 run on result files in inference.py's shape). score.py skips
// an error result whose response is null and sees only the records a file holds, so neither counts;
// a null response without an error, an empty one or an unreadable one is wrong. It prints accuracy
// pooled per level and overall; Tidemark's headline is the paper's macro over levels (Table 2), the
// pooled figures beside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ovoSRecordSchema } from '../formats/ovo-s';
import { formatProblem } from '../formats/problems';
import { BUILTIN_PROFILES } from '../profiles';
import { findRunFormat, readAllRuns } from '../runs/formats';
import { scoreRun } from './score';
import { question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

const dir = join(__dirname, 'fixtures', 'ovo-s-bench');
type Counts = { correct: number; total: number; accuracy: number };
interface ReleaseRun {
  printed: string[];
  overall: Counts;
  by_main_category: Record<string, Counts>;
  by_task: Record<string, Counts>;
  records: Array<{ query_id: string; extracted: string | null; correct: boolean }>;
  skipped: string[];
}
const release = JSON.parse(readFileSync(join(dir, 'release-scores.json'), 'utf8')) as { source: string; runs: Record<string, ReleaseRun> };
const data = readFileSync(join(dir, 'ovo_s_bench.fixture.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => ovoSRecordSchema.parse(JSON.parse(line)));
const profile = BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!;
const RUNS = ['perfect', 'realistic', 'errors'] as const;

/** A run's result file through the OVO-S reader, and the fixture's questions with its lines as responses. */
function readRun(run: string) {
  const file = `${run}.results.json`;
  const read = readAllRuns(findRunFormat('ovo-s-results')!.read(readFileSync(join(dir, file), 'utf8'), file));
  const items: ScoringItem[] = data.map((r) => ({
    item: String(r.id),
    question: question({ id: String(r.id), taskCode: r.task_subcategory, options: r.options }),
    points: r.query_times.map((time, i) => ({ time, answer: r.answers[i]!, proactiveTime: null, evidence: [], windowStart: null })),
    responses: read.lines.filter((l) => l.item === String(r.id)).map((l) => ({ query: l.query, t: null, text: l.response })),
  }));
  return { read, items };
}

const pct = ({ correct, total }: Counts): number => (100 * correct) / total;
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

describe("OVO-S-Bench runs scored as the release's score.py scores them", () => {
  it('the fixture is score.py’s output on the committed files', () => {
    expect(release.source).toMatch(/^InternLM\/OVO-S-Bench score\.py @ 709a2110be69c0c40fabbf380477b290e14f30aa/);
    expect(release.runs.realistic!.printed).toContain('Overall: 8/15 = 53.33%');
    expect(release.runs.realistic!.skipped).toEqual(['2_q0', '7_q1', '10_q0', '13_q0', '14_q0', '18_q0']);
  });

  for (const name of RUNS) {
    describe(name, () => {
      const r = release.runs[name]!;
      const { read, items } = readRun(name);
      const run = scoreRun(profile, items);

      it('reads every record score.py scores, and leaves out by line (with why) each error result it skips', () => {
        expect(read.problems.map(formatProblem)).toEqual([]);
        expect(read.lines.map((l) => `${l.item}_q${l.query}`).sort()).toEqual(r.records.map((x) => x.query_id).sort());
        const text = readFileSync(join(dir, `${name}.results.json`), 'utf8').split('\n');
        expect((read.unmatched ?? []).map((p) => text[p.line - 1]!.trim())).toEqual(r.skipped.map((id) => `"query_id": "${id}",`));
        for (const p of read.unmatched ?? []) expect(p.reason).toMatch(/^an error result with no response \(.+\): left out, as the release's score\.py leaves error results out$/);
      });

      it('reads and scores each record as score.py does, and counts no query it did not score', () => {
        const scored = new Map(run.items.flatMap((i) => i.queries.filter((q) => q.correct !== null).map((q) => [`${i.item}_q${q.query}`, { extracted: q.extracted, correct: q.correct }] as const)));
        expect(Object.fromEntries(scored)).toEqual(Object.fromEntries(r.records.map((x) => [x.query_id, { extracted: x.extracted, correct: x.correct }])));
      });

      it("gives score.py's accuracy per task, and its pooled accuracy per level and overall beside the macro", () => {
        for (const [task, counts] of Object.entries(r.by_task)) expect(run.byCategory[task]?.accuracy, task).toBeCloseTo(pct(counts), 10);
        const tasks = Object.keys(run.byCategory).filter((c) => c.split('.').length === 3 && run.byCategory[c]!.accuracy !== null);
        expect(tasks.sort()).toEqual(Object.keys(r.by_task).sort());
        for (const level of ['1', '2', '3', '4']) {
          const counts = r.by_main_category[level];
          expect(run.byCategory[level]?.pooledAccuracy ?? null, `level ${level}`).toEqual(counts ? expect.closeTo(pct(counts), 10) : null);
        }
        // score.py prints 0/0 as 0.00%; with nothing scored Tidemark has no accuracy
        expect(run.overall.pooledAccuracy).toEqual(r.overall.total > 0 ? expect.closeTo(pct(r.overall), 10) : null);
        // the headline: families (here one task each) averaged per level, levels averaged (Table 2)
        const byLevel = new Map<string, number[]>();
        for (const [task, counts] of Object.entries(r.by_task)) byLevel.set(task[0]!, [...(byLevel.get(task[0]!) ?? []), pct(counts)]);
        expect(run.overall.accuracy).toEqual(byLevel.size > 0 ? expect.closeTo(mean([...byLevel.values()].map(mean)), 10) : null);
      });
    });
  }

  it('realistic: the macro and pooled figures as score.py’s counts give them, the queries it skipped or never saw not counted, and a note says so', () => {
    const run = scoreRun(profile, readRun('realistic').items);
    // levels (100 + 33.33) / 2, (50 + 100) / 2, 0, (50 + 100) / 2: families 1.3, 3.2, 4.3 have no scored query
    expect(run.overall.accuracy!.toFixed(2)).toBe('54.17');
    expect(run.overall.pooledAccuracy!.toFixed(2)).toBe('53.33');
    expect(run.byCategory['3.2']?.accuracy ?? null).toBeNull();
    const missing = run.items.find((i) => i.item === '6')!;
    expect(missing.queries[0]).toMatchObject({ correct: null, rule: 'no response: not counted, as score.py counts only the records a result file holds' });
    expect(missing.metrics.accuracy).toBeNull();
    expect(run.notes).toContain("7 query points had no response (no record, or an error result left out) and are not counted, as the release's score.py counts only the records it scores.");
  });

  it('the paper says nothing of failed calls: --rules paper leaves them out as well, and differs only in the letters past E', () => {
    const { items } = readRun('realistic');
    const paper = scoreRun(profile, items, { rules: 'paper' });
    expect(paper.items.flatMap((i) => i.queries.filter((q) => q.correct !== null)).length).toBe(release.runs.realistic!.overall.total);
    const perfect = scoreRun(profile, readRun('perfect').items, { rules: 'paper' });
    expect([perfect.overall.accuracy, perfect.overall.pooledAccuracy]).toEqual([100, 100]);
  });
});
