import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, type ProfileKind } from '../profiles';
import { extractorIds } from './extractors';
import { BENCHMARKS } from '../benchmarks';
import { scoreRun } from './score';
import { categoryRun, question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

const profileOf = (kind: ProfileKind) => BUILTIN_PROFILES.find((p) => p.kind === kind) ?? { kind, taxonomy: [] };

describe('scoreRun', () => {
  it("uses each paper's extractor by default", () => {
    expect(BENCHMARKS['ovo-s-bench'].extractors.choice).toBe('ovo-s-letter');
    expect(BENCHMARKS.vcbench.extractors.number).toBe('python-int');
    expect(BENCHMARKS['rtv-bench'].extractors.choice).toBe('rtv-letter');
    for (const b of Object.values(BENCHMARKS)) for (const id of Object.values({ ...b.extractors, ...b.paperExtractors })) expect(extractorIds).toContain(id);
  });

  it('returns plain JSON: what `tidemark score --json` prints', () => {
    const run = scoreRun(profileOf('ovo-s-bench'), categoryRun('a', { taskCode: '1.1.1' }, { correct: 1, total: 2 }));
    expect(JSON.parse(JSON.stringify(run))).toEqual(run);
    expect(Object.keys(run)).toEqual(['profile', 'overall', 'byCategory', 'items', 'notes']);
    expect(run.profile).toBe('ovo-s-bench');
  });

  it('scores a custom profile by pooled accuracy per task code, reading each answer kind with its rule', () => {
    const yesNo: ScoringItem = {
      item: 'yn',
      question: question({ id: 'yn', answerKind: 'yesno', options: {}, taskCode: 'probe' }),
      points: [{ time: 3, answer: 'yes', proactiveTime: null, evidence: [], windowStart: null }],
      responses: [{ query: 0, t: 3, text: 'Yes, it is open.' }],
    };
    const run = scoreRun(profileOf('custom'), [...categoryRun('c', { taskCode: 'probe' }, { correct: 1, total: 3 }), yesNo]);
    expect(run.overall.accuracy).toBe(50);
    expect(run.byCategory.probe).toEqual({ accuracy: 50 });
    expect(run.items[3]!.queries[0]).toMatchObject({ extracted: 'yes', rule: 'the first word', correct: true });
  });

  it('handles an empty run', () => {
    for (const kind of ['ovo-s-bench', 'vcbench', 'rtv-bench', 'phostream', 'vsas-bench', 'custom'] as const) {
      const run = scoreRun(profileOf(kind), []);
      expect(run.items).toEqual([]);
      expect(Object.values(run.overall).every((v) => v === null)).toBe(true);
    }
  });
});
