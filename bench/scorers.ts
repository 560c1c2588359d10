// Figures for the scorers alone: 100,000 responses per benchmark, no judge, no project — scoreRun on
// items built in memory (target: well under a second each). This was a timed unit test; a timing
// depends on the machine's load, so it lives here and the unit tests check only what is scored.
import { BUILTIN_PROFILES, type ProfileKind } from '../shared/profiles';
import { scoreRun } from '../shared/scoring/score';
import { categoryRun, itemWith } from '../shared/scoring/synthetic-runs.test-util';
import type { ScoringItem } from '../shared/scoring/types';
import { figure } from './figures';
import { median, ms } from './support';

const N = 100_000;
const ROUNDS = 3;

const profileOf = (kind: ProfileKind) => BUILTIN_PROFILES.find((p) => p.kind === kind) ?? { kind, taxonomy: [] };

const TEXTS = ['<think>Option A looks close, but</think>\nThe answer is B', 'C', 'I think (D) is right because the sign is further away than it looks.', 'Answer: A'];
const COUNTING = { subcategory: 'E1-Action', target: 'x', windowSeconds: null } as const;
const SECONDS = Array.from({ length: 100 }, (_, s) => s);

/** N responses for each benchmark, worded the ways its extractor has to read. */
const WORKLOADS: Record<string, () => [ProfileKind, ScoringItem[]]> = {
  'OVO-S': () => [
    'ovo-s-bench',
    Array.from({ length: N }, (_, i) => ({ ...categoryRun(`o${i}`, { taskCode: `${(i % 4) + 1}.1.1` }, { correct: 0, total: 1 })[0]!, responses: [{ query: 0, t: null, text: TEXTS[i % 4]! }] })),
  ],
  VCBench: () => [
    'vcbench',
    Array.from({ length: N / 5 }, (_, i) =>
      itemWith(
        `v${i}`,
        { answerKind: 'number', taskCode: 'E1-Action', counting: COUNTING },
        [1, 2, 3, 4, 5].map((k) => ({ time: 10 * k, answer: k })),
        [1, 2, 3, 4, 5].map((k, q) => [null, k % 2 ? String(k) : 'I count four so far', q]),
      ),
    ),
  ],
  RTV: () => [
    'rtv-bench',
    Array.from(
      { length: N },
      (_, i) => categoryRun(`r${i}`, { taskCode: 'TP', group: { id: `g${Math.floor(i / 3)}`, role: (['q0', 'q1', 'q2'] as const)[i % 3]! } }, { correct: i % 2, total: 1 })[0]!,
    ),
  ],
  PhoStream: () => [
    'phostream',
    Array.from({ length: N / 4 }, (_, i) =>
      itemWith(
        `p${i}`,
        { temporalType: 'forward', taskCode: 'Audio-Visual Association' },
        [{ time: 100, answer: 'reference answer', proactiveTime: 130 }],
        [
          [100, 'Silent'],
          [101, 'silent'],
          [130, 'An answer'],
          [131, 'Another'],
        ],
      ),
    ),
  ],
  VSAS: () => [
    'vsas-bench',
    Array.from({ length: N / 100 }, (_, i) =>
      itemWith(
        `s${i}`,
        { temporalType: 'present', taskCode: 'present' },
        SECONDS.map((s) => ({ time: s, answer: `A person is chopping ${Math.floor(s / 7)} onions on a wooden board in a kitchen.` })),
        SECONDS.map((s) => [s + 0.5, `The person chops onion number ${s} on the board.`]), // a new response every second
      ),
    ),
  ],
};

export function benchScorers(): void {
  const lines: string[] = [];
  for (const [name, build] of Object.entries(WORKLOADS)) {
    const [kind, items] = build();
    const responses = items.reduce((n, i) => n + i.responses.length, 0);
    if (responses !== N) throw new Error(`${name}: ${responses} responses, not ${N}`);
    scoreRun(profileOf(kind), items); // warm-up
    const walls: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const start = performance.now();
      scoreRun(profileOf(kind), items);
      walls.push(performance.now() - start);
    }
    figure(`scoreRun ${name}`, median(walls), 'ms');
    lines.push(`${name} ${ms(median(walls))}`);
  }
  console.log(`Scoring ${N.toLocaleString('en')} responses without a judge (scoreRun alone, items in memory, median of ${ROUNDS}; target well under 1 s each): ${lines.join('; ')}`);
}
