// OVO-S-Bench's letters: the release's score.py reads A–E only (its docstring: "the bench uses at most 5
// options"), the paper (§G.7) and the data card A–G with up to 7 options. Tidemark's default follows the
// release; --rules paper reads A–G. The fixture is score.py's own output on responses written for it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import type { OptionLetter } from '../questions';
import { EXTRACTORS } from './extractors';
import { BENCHMARKS } from '../benchmarks';
import { scoreRun } from './score';
import { question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

interface ReleaseItem {
  query_id: string;
  task_subcategory: string;
  options: OptionLetter[];
  ground_truth: string | string[];
  response: string;
  extracted: string | null;
  correct: boolean;
}
const release = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'ovo-s-bench', 'score-py-letters.json'), 'utf8')) as {
  items: ReleaseItem[];
  by_task: Record<string, { correct: number; total: number }>;
  by_main_category: Record<string, { correct: number; total: number }>;
  overall: { correct: number; total: number };
};

const profile = BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!;
const optionsOf = (letters: readonly OptionLetter[]) => Object.fromEntries(letters.map((l) => [l, `option ${l}`]));

const itemOf = (r: ReleaseItem, text = r.response): ScoringItem => ({
  item: r.query_id,
  question: question({ id: r.query_id, taskCode: r.task_subcategory, options: optionsOf(r.options) }),
  points: [{ time: 10, answer: Array.isArray(r.ground_truth) ? r.ground_truth[0]! : r.ground_truth, proactiveTime: null, evidence: [], windowStart: null }],
  responses: [{ query: 0, t: null, text }],
});

/** The queries the paper's A–G rule reads where the release's A–E rule reads nothing or another letter. */
const PAPER_READS: Record<string, string> = { q07: 'F', q08: 'G', q09: 'F', q10: 'G', q19: 'F' };

describe("OVO-S-Bench letters: the release's A–E by default, the paper's A–G by --rules paper", () => {
  it('reads every response as score.py does (the letter it extracts, or none)', () => {
    for (const r of release.items) {
      const read = EXTRACTORS['ovo-s-letter'].extract(r.response, { options: optionsOf(r.options) });
      expect(read?.value ?? null, `${r.query_id}: ${r.response}`).toBe(r.extracted);
    }
    expect(BENCHMARKS['ovo-s-bench'].extractors.choice).toBe('ovo-s-letter');
  });

  it('scores each query as score.py does, and its pooled counts per task, level and overall', () => {
    const run = scoreRun(
      profile,
      release.items.map((r) => itemOf(r)),
    );
    expect(Object.fromEntries(run.items.map((i) => [i.item, i.queries[0]!.correct]))).toEqual(Object.fromEntries(release.items.map((r) => [r.query_id, r.correct])));
    for (const [task, { correct, total }] of Object.entries(release.by_task)) expect(run.byCategory[task]!.accuracy, task).toBeCloseTo((100 * correct) / total, 10);
    // score.py pools levels and the overall (10 of 20); Tidemark's macro mean of families and levels is the paper's Table 2 rule
    const pooled = run.items.filter((i) => i.queries[0]!.correct).length;
    expect(pooled).toBe(release.overall.correct);
    expect(run.items).toHaveLength(release.overall.total);
    expect(run.notes).toContain(
      "8 questions offer options past E: the release's score.py reads letters A–E only, so an answer F or G is read as none and scored wrong (--rules paper reads A–G, as the paper's §G.7 does).",
    );
    expect(run.notes).toContain('Answers read with OVO-S-Bench release letter (score.py extract_answer, A–E) (ovo-s-letter v2).');
  });

  it('with --rules paper reads A–G (§G.7): F and G answers count, the rest as the release', () => {
    const run = scoreRun(
      profile,
      release.items.map((r) => itemOf(r)),
      { rules: 'paper' },
    );
    for (const [i, r] of release.items.entries()) {
      const q = run.items[i]!.queries[0]!;
      expect(q.extracted, r.query_id).toBe(PAPER_READS[r.query_id] ?? r.extracted);
      expect(q.correct, r.query_id).toBe(PAPER_READS[r.query_id] !== undefined || r.correct);
    }
    expect(run.notes).toContain('Answers read with OVO-S-Bench paper letter (§G.7, A–G) (ovo-s-letter-paper v1).');
    expect(run.notes.some((n) => n.includes('past E'))).toBe(false);
  });

  it('a perfect run scores 100 % by the paper; by the release only where no answer is past E, and says why', () => {
    const perfect = release.items.map((r) => itemOf(r, `Answer: ${Array.isArray(r.ground_truth) ? r.ground_truth[0] : r.ground_truth}`));
    expect(scoreRun(profile, perfect, { rules: 'paper' }).overall.accuracy).toBe(100);
    const upToE = perfect.filter((i) => 'ABCDE'.includes(String(i.points[0]!.answer)));
    expect(scoreRun(profile, upToE).overall.accuracy).toBe(100);
    const all = scoreRun(profile, perfect);
    expect(all.overall.accuracy).toBeLessThan(100);
    expect(all.items.filter((i) => !i.queries[0]!.correct).map((i) => i.item)).toEqual(['q07', 'q08', 'q09', 'q10', 'q12', 'q19']);
  });

  it('a custom profile (no release) reads all of A–G', () => {
    const custom = { kind: 'custom' as const, taxonomy: [] };
    const run = scoreRun(custom, [itemOf(release.items.find((r) => r.query_id === 'q07')!)]);
    expect(run.items[0]!.queries[0]).toMatchObject({ extracted: 'F', correct: true });
  });
});
