import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import { PHOSTREAM_NOTE, PHOSTREAM_PAPER_NOTE, PHOSTREAM_RELEASE_NOTE, forwardShares, judgedScore, phostreamOverall, phostreamType } from './phostream';
import { scoreRun } from './score';
import { itemWith } from './synthetic-runs.test-util';
import type { JudgeLookup, ScoringItem } from './types';

const COUNTS = { instant: 1647, backward: 1123, forward: 2802 };
// Table 3: Instant / Backward / Forward / Overall.
const TABLE_3: Array<[string, number, number, number, number]> = [
  ['Gemini 3 Pro', 80.83, 82.19, 16.4, 48.7],
  ['Doubao-Seed-1.6', 71.28, 62.94, 44.26, 56.01],
  ['Doubao-Seed-1.8', 80.45, 77.31, 33.38, 56.15],
  ['Qwen2.5-Omni-7B', 67.71, 65.2, 1.81, 34.06],
  ['Qwen3-VL-8B', 75.22, 71.5, 7.18, 40.25],
  ['Qwen3-VL-30B-A3B', 73.38, 69.46, 5.25, 38.33],
  ['Qwen3-Omni-30B-A3B', 77.18, 77.24, 1.26, 39.02],
  ['Dispider 7B', 44.24, 42.9, 3.53, 23.5],
  ['VideoLLM-online-8B', 24.88, 24.72, 0.0, 12.34],
  ['MMDuet2 3B', 8.76, 8.3, 1.39, 4.96],
];

describe('count-weighted overall (Table 3)', () => {
  it.each(TABLE_3)('reproduces %s from its three columns', (model, i, b, f, overall) => {
    const result = phostreamOverall(
      [
        { score: i, count: COUNTS.instant },
        { score: b, count: COUNTS.backward },
        { score: f, count: COUNTS.forward },
      ],
      { label: model, value: overall, decimals: 2, tolerance: 0.01 },
    );
    expect(result.notes).toEqual([]);
  });
  it('is not the mean of the three columns (Gemini: 48.70, not 59.81)', () => {
    expect(
      phostreamOverall([
        { score: 80.83, count: 1647 },
        { score: 82.19, count: 1123 },
        { score: 16.4, count: 2802 },
      ]).value,
    ).toBeCloseTo(48.7, 2);
    expect((80.83 + 82.19 + 16.4) / 3).toBeCloseTo(59.81, 2);
  });
  it('is unknown while a type is', () => {
    expect(
      phostreamOverall([
        { score: 80, count: 2 },
        { score: null, count: 1 },
      ]).value,
    ).toBeNull();
  });
});

describe('pieces', () => {
  it('reads time types as the release does and scales judgments ×20, clamped to 0–5', () => {
    expect(['forward', 'future', 'proactive', 'instant', 'backward', null].map(phostreamType)).toEqual(['forward', 'forward', 'forward', 'instant', 'backward', 'backward']);
    expect(judgedScore({ score: 4, reason: '' })).toBe(80);
    expect(judgedScore({ score: 7, reason: '' })).toBe(100);
    expect(judgedScore(null)).toBeNull();
  });
  it('ER / NR / PC are shares of forward questions, late counted as NR, summing to 100', () => {
    expect(forwardShares(['early', 'early', 'late', 'no-response', 'on-time'])).toEqual({ er: 40, nr: 40, pc: 20 });
  });
});

describe('scoring a PhoStream run', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!;
  const qa = (id: string, temporalType: 'instant' | 'backward' | 'forward', responses: Array<[number | null, string]>, extra: Partial<ScoringItem['question']> = {}): ScoringItem =>
    itemWith(
      id,
      { temporalType, taskCode: 'Action & Activity Recognition', ...extra },
      [{ time: 100, answer: 'Christian wins, 35 to 28.', proactiveTime: temporalType === 'forward' ? 130 : null }],
      responses,
    );

  it("reproduces Gemini 3 Pro's Table 3 row from a judged run: 80.83 / 82.19 / 16.40, overall 48.70, ER 79.12, NR 0.11, PC 20.77", () => {
    const items: ScoringItem[] = [];
    const judged = new Map<string, number>();
    const add = (type: 'instant' | 'backward' | 'forward', n: number, make: (i: number) => { when: number | null; judge?: number }) => {
      for (let i = 0; i < n; i++) {
        const { when, judge } = make(i);
        const id = `${type}-${i}`;
        items.push(qa(id, type, when === null ? [[101, 'silent']] : [[when, 'An answer']]));
        if (judge !== undefined) judged.set(id, judge);
      }
    };
    add('instant', 1647, (i) => ({ when: 100, judge: i < 68 ? 5 : 4 })); // 6,656 judge points
    add('backward', 1123, (i) => ({ when: 100, judge: i < 123 ? 5 : 4 })); // 4,615
    // (early a second after t_q: the release passes over a forward answer at exactly t_q)
    add('forward', 2802, (i) => (i < 2217 ? { when: 101 } : i < 2220 ? { when: null } : { when: 131, judge: i < 2220 + 552 ? 4 : 3 })); // 2,217 early, 3 silent, 582 judged (2,298)
    const judgments: JudgeLookup = (item, query) => (query === 0 && judged.has(item) ? { score: judged.get(item)!, reason: 'as the reference' } : null);
    const run = scoreRun(profile, items, { judgments });
    const fixed = (m: Record<string, number | null> | undefined) => Object.fromEntries(Object.entries(m!).map(([k, v]) => [k, v!.toFixed(2)]));
    expect(fixed(run.byCategory.instant)).toEqual({ score: '80.83' });
    expect(fixed(run.byCategory.backward)).toEqual({ score: '82.19' });
    expect(fixed(run.byCategory.forward)).toEqual({ score: '16.40', er: '79.12', nr: '0.11', pc: '20.77' });
    expect(fixed(run.overall)).toEqual({ score: '48.70', er: '79.12', nr: '0.11', pc: '20.77' });
    expect(run.byCategory['Action & Activity Recognition / forward']!.score!.toFixed(2)).toBe('16.40');
    expect(run.notes).toContain(PHOSTREAM_NOTE);
    expect(run.notes.some((n) => n.startsWith('A judge is needed'))).toBe(false);
  });

  it('without judgments: on-time scores and their averages are null, early and missing answers still 0, and a note asks for a judge', () => {
    const run = scoreRun(profile, [
      qa('early', 'forward', [[105, 'The dad']]),
      qa('judge-me', 'forward', [
        [100, 'silent'],
        [131, 'Christian'],
      ]),
      qa('silent', 'instant', [[100, 'Silent']]),
    ]);
    expect(run.items.map((i) => i.metrics.score)).toEqual([0, null, 0]);
    expect(run.items[1]!.queries[0]).toEqual({ query: 0, t: 131, extracted: 'Christian', rule: 'answer at 02:11, within the window [02:10, 02:12]', correct: null, timing: 'on-time' });
    expect(run.byCategory.forward).toEqual({ score: null, er: 50, nr: 0, pc: 50 });
    expect(run.byCategory.instant).toEqual({ score: 0 });
    expect(run.overall.score).toBeNull();
    expect(run.notes).toContain('A judge is needed: 1 on-time answer has no judgment, so its score is null, and so is every average that contains it.');
  });

  it('widens the forward window with toleranceSeconds and takes offline answers at T_p', () => {
    const late = [qa('late', 'forward', [[133, 'Christian']])];
    // the release searches no further than the window: an answer after it is no response; the paper calls it late
    expect(scoreRun(profile, late).items[0]!.queries[0]!.timing).toBe('no-response');
    expect(scoreRun(profile, late, { rules: 'paper' }).items[0]!.queries[0]!.timing).toBe('late');
    expect(scoreRun(profile, late, { toleranceSeconds: 5 }).items[0]!.queries[0]!.timing).toBe('on-time');
    expect(scoreRun(profile, [qa('offline', 'forward', [[null, 'Christian']])]).items[0]!.queries[0]).toMatchObject({ t: null, timing: 'on-time' });
  });

  it('scores an option question 100 or 0 by its letter, and groups by scenario when the item names one', () => {
    const choice = (id: string, text: string): ScoringItem => ({
      ...qa(id, 'instant', [[100, text]], { answerKind: 'choice', options: { A: 'x', B: 'y' }, facets: { scenario: 'Phone Tutorial' } }),
      points: [{ time: 100, answer: 'B', proactiveTime: null, evidence: [], windowStart: null }],
    });
    const run = scoreRun(profile, [choice('right', 'b.'), choice('wrong', 'A')]);
    expect(run.items.map((i) => i.metrics.score)).toEqual([100, 0]);
    expect(run.items[0]!.queries[0]).toMatchObject({ extracted: 'B', correct: true, rule: 'answer at 01:40, within the window 01:40; the first character, periods removed' });
    expect(run.byCategory['Phone Tutorial / instant']).toEqual({ score: 50 });
  });
});

describe('release (default) and paper timing rules', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!;
  // the Roll-Up question (asked 09:08, T_p 10:38) and an instant question of the same video at 10:00
  const rollUp = (responses: Array<[number, string]>, id = 'roll-up'): ScoringItem =>
    itemWith(id, { temporalType: 'forward', videoId: 'v' }, [{ time: 548, answer: 'Christian wins.', proactiveTime: 638 }], responses);
  const instant = (responses: Array<[number, string]>, time = 600): ScoringItem => itemWith('cup', { temporalType: 'instant', videoId: 'v' }, [{ time, answer: 'A red cup.' }], responses);
  const timings = (items: ScoringItem[], rules?: 'paper') => scoreRun(profile, items, rules ? { rules } : {}).items.map((i) => [i.queries[0]!.timing, i.queries[0]!.t]);

  it('a forward answer at exactly t_q: the release passes over it and takes the on-time one; the paper calls it early', () => {
    const item = rollUp([
      [548, 'The dad will win.'],
      [549, 'Silent'],
      [639, 'Christian wins.'],
    ]);
    expect(timings([item])).toEqual([['on-time', 639]]);
    expect(scoreRun(profile, [item]).items[0]!.queries[0]!.rule).toBe(
      'answer at 10:39, within the window [10:38, 10:40]; the answer at t_q (09:08) passed over, as the release does for a forward question',
    );
    expect(timings([item], 'paper')).toEqual([['early', 548]]);
    // with nothing later, the release finds no response
    expect(timings([rollUp([[548, 'The dad will win.']])])).toEqual([['no-response', null]]);
  });

  it('a response answers one question: the first in file order whose window holds it (release); every open one (paper)', () => {
    // the run lists the answer at 10:00 under both questions (it was open for both)
    const items = [
      rollUp([
        [600, 'A red cup.'],
        [639, 'Christian wins.'],
      ]),
      instant([[600, 'A red cup.']]),
    ];
    expect(timings(items)).toEqual([
      ['early', 600],
      ['no-response', null],
    ]);
    expect(timings(items, 'paper')).toEqual([
      ['early', 600],
      ['on-time', 600],
    ]);
    // in the other file order the instant question takes it and the forward one its on-time answer
    expect(timings([items[1]!, items[0]!])).toEqual([
      ['on-time', 600],
      ['on-time', 639],
    ]);
    // questions of different videos never share a response
    expect(timings([items[0]!, { ...items[1]!, question: { ...items[1]!.question, videoId: 'w' } }])).toEqual([
      ['early', 600],
      ['on-time', 600],
    ]);
  });

  it('instant and backward: up to 2 s after t_q is late, later no response (release); any later answer is late (paper)', () => {
    expect(timings([instant([[602, 'A red cup.']])])).toEqual([['late', 602]]);
    expect(timings([instant([[603, 'A red cup.']])])).toEqual([['no-response', null]]);
    expect(timings([instant([[603, 'A red cup.']])], 'paper')).toEqual([['late', 603]]);
  });

  it('says which rule timed the run', () => {
    expect(scoreRun(profile, [instant([])]).notes).toContain(PHOSTREAM_RELEASE_NOTE);
    expect(scoreRun(profile, [instant([])], { rules: 'paper' }).notes).toContain(PHOSTREAM_PAPER_NOTE);
  });
});
