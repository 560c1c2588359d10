import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, type ProfileKind } from '../profiles';
import { extractorIds } from './extractors';
import { DEFAULT_EXTRACTORS, scoreRun } from './score';
import { categoryRun, itemWith, question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

const profileOf = (kind: ProfileKind) => BUILTIN_PROFILES.find((p) => p.kind === kind) ?? { kind, taxonomy: [] };

describe('scoreRun', () => {
  it('uses each paper\'s extractor by default', () => {
    expect(DEFAULT_EXTRACTORS['ovo-s-bench'].choice).toBe('ovo-s-letter');
    expect(DEFAULT_EXTRACTORS.vcbench.number).toBe('number');
    expect(DEFAULT_EXTRACTORS['rtv-bench'].choice).toBe('rtv-letter');
    for (const kinds of Object.values(DEFAULT_EXTRACTORS)) for (const id of Object.values(kinds)) expect(extractorIds).toContain(id);
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

describe('speed: 100,000 responses without a judge, well under a second', () => {
  const N = 100_000;
  /** Milliseconds for scoring alone (the items are built first), after one warm-up run. */
  const time = (kind: ProfileKind, items: ScoringItem[]): number => {
    scoreRun(profileOf(kind), items);
    const start = performance.now();
    scoreRun(profileOf(kind), items);
    return performance.now() - start;
  };
  const texts = ['<think>Option A looks close, but</think>\nThe answer is B', 'C', 'I think (D) is right because the sign is further away than it looks.', 'Answer: A'];
  const counting = { subcategory: 'E1-Action', target: 'x', windowSeconds: null } as const;
  const seconds = Array.from({ length: 100 }, (_, s) => s);

  const runs: Record<string, () => [ProfileKind, ScoringItem[]]> = {
    'OVO-S': () => ['ovo-s-bench', Array.from({ length: N }, (_, i) => ({ ...categoryRun(`o${i}`, { taskCode: `${(i % 4) + 1}.1.1` }, { correct: 0, total: 1 })[0]!, responses: [{ query: 0, t: null, text: texts[i % 4]! }] }))],
    VCBench: () => ['vcbench', Array.from({ length: N / 5 }, (_, i) => itemWith(`v${i}`, { answerKind: 'number', taskCode: 'E1-Action', counting }, [1, 2, 3, 4, 5].map((k) => ({ time: 10 * k, answer: k })), [1, 2, 3, 4, 5].map((k, q) => [null, k % 2 ? String(k) : 'I count four so far', q])))],
    RTV: () => ['rtv-bench', Array.from({ length: N }, (_, i) => categoryRun(`r${i}`, { taskCode: 'TP', group: { id: `g${Math.floor(i / 3)}`, role: (['q0', 'q1', 'q2'] as const)[i % 3]! } }, { correct: i % 2, total: 1 })[0]!)],
    PhoStream: () => ['phostream', Array.from({ length: N / 4 }, (_, i) => itemWith(`p${i}`, { temporalType: 'forward', taskCode: 'Audio-Visual Association' }, [{ time: 100, answer: 'reference answer', proactiveTime: 130 }], [[100, 'Silent'], [101, 'silent'], [130, 'An answer'], [131, 'Another']]))],
    VSAS: () => [
      'vsas-bench',
      Array.from({ length: N / 100 }, (_, i) =>
        itemWith(
          `s${i}`,
          { temporalType: 'present', taskCode: 'present' },
          seconds.map((s) => ({ time: s, answer: `A person is chopping ${Math.floor(s / 7)} onions on a wooden board in a kitchen.` })),
          seconds.map((s) => [s + 0.5, `The person chops onion number ${s} on the board.`]), // a new response every second
        ),
      ),
    ],
  };

  it.each(Object.keys(runs))('%s', (name) => {
    const [kind, items] = runs[name]!();
    expect(items.reduce((n, i) => n + i.responses.length, 0)).toBe(N);
    expect(time(kind, items)).toBeLessThan(1000);
  });
});
