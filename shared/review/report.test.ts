import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa, krippendorffAlpha, wilsonInterval } from '../agreement/metrics';
import type { AnswerKind } from '../profiles';
import type { Answer } from '../questions';
import type { Review, ReviewAnswer, ReviewVerdict } from '../reviews';
import { buildAgreementReport, type ReportInput, type ReportItem } from './report';

const ROUND = { number: 1, name: 'Pilot', purpose: 'review' as const, threshold: 0.8, numericTolerance: 0, eventTolerance: 1 };

/** A question with one point per answer: points `${id}-p1`, `${id}-p2`, … */
const item = (questionId: string, stratum: string, author: string, answerKind: AnswerKind, answers: Answer[]): ReportItem => ({
  questionId,
  stratum,
  author,
  answerKind,
  points: answers.map((answer, i) => ({ id: `${questionId}-p${i + 1}`, answer, evidence: [], events: null })),
});

/** A review answering the question's points in order (undefined: that point left unanswered). */
const review = (
  questionId: string,
  reviewer: string,
  answers: Array<Answer | undefined | Omit<ReviewAnswer, 'queryPointId'>>,
  verdict: ReviewVerdict | null = null,
  extra: Partial<Review> = {},
): Review => ({
  id: `${questionId}/${reviewer}`,
  questionId,
  reviewer,
  round: 1,
  answers: answers.flatMap((a, i) =>
    a === undefined ? [] : [typeof a === 'object' && a !== null ? { queryPointId: `${questionId}-p${i + 1}`, ...a } : { queryPointId: `${questionId}-p${i + 1}`, answer: a }],
  ),
  verdict,
  reason: '',
  notes: '',
  secondsSpent: null,
  guidelineVersion: null,
  against: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...extra,
});

const input = (over: Partial<ReportInput>): ReportInput => ({ project: 'Demo', round: ROUND, by: 'level', items: [], reviews: [], funnel: null, now: '2025-06-01T12:00:00Z', ...over });

describe('buildAgreementReport: answers between two people', () => {
  // ann wrote 10 choice points, bob answered them blind (in his own spelling of the letters):
  //   L1 (q1): A/A A/A A/B B/B B/A      L2 (q2): A/A A/A A/A B/B B/B
  const report = buildAgreementReport(
    input({
      items: [item('q2', 'L2', 'ann', 'choice', ['A', 'A', 'A', 'B', 'B']), item('q1', 'L1', 'ann', 'choice', ['A', 'A', 'A', 'B', 'B'])],
      reviews: [review('q1', 'bob', ['a', '(A)', 'B.', 'b', 'A'], 'accept'), review('q2', 'bob', ['A', 'A', 'A', 'B', 'B'], 'revise')],
    }),
  );

  it('computes Cohen κ by hand over all units', () => {
    // table (rows ann, columns bob): AA 5, AB 1, BA 1, BB 3 — p_o = 8/10 = 0.8;
    // margins ann .6/.4, bob .6/.4 → p_e = .36 + .16 = .52; κ = (.8 − .52) / (1 − .52) = .28/.48 = 7/12
    const all = report.pairs[0]!;
    expect(all).toMatchObject({ on: 'answers', stratum: 'all', a: 'ann', b: 'bob', units: 10, percent: 0.8, band: 'moderate', kappaLinear: null, kappaQuadratic: null, withinTolerance: null });
    expect(all.kappa).toBeCloseTo(7 / 12, 12);
    expect(all.matrix).toEqual({
      labels: ['A', 'B'],
      counts: [
        [5, 1],
        [1, 3],
      ],
    });
    // the interval is metrics.ts's, over the same table
    const same = cohenKappa(
      [...'AAABBAAABB'].flatMap((x, i) => [
        { item: `${i}`, rater: 'ann', label: x },
        { item: `${i}`, rater: 'bob', label: 'AABBAAAABB'[i]! },
      ]),
    );
    expect(same.value).toBeCloseTo(7 / 12, 12);
    expect(all.ci95).toEqual(same.ci95);
    // percent agreement 8 of 10 with its Wilson interval
    expect(all.percentCi95).toEqual(wilsonInterval(8, 10));
  });

  it('splits by stratum, all first', () => {
    expect(report.pairs.map((p) => `${p.on} ${p.stratum}`)).toEqual(['answers all', 'answers L1', 'answers L2']);
    // L1: AA 2, AB 1, BA 1, BB 1 — p_o = 3/5 = .6, margins .6/.4 both → p_e = .52, κ = .08/.48 = 1/6
    expect(report.pairs[1]!.kappa).toBeCloseTo(1 / 6, 12);
    expect(report.pairs[1]!.band).toBe('slight');
    // L2: AA 3, BB 2 — p_o = 1, p_e = .52 → κ = 1
    expect(report.pairs[2]!.kappa).toBe(1);
    expect(report.pairs[2]!.percent).toBe(1);
  });

  it('copies the round and says what it could not compute', () => {
    expect(report).toMatchObject({ project: 'Demo', round: 1, roundName: 'Pilot', by: 'level', generatedAt: '2025-06-01T12:00:00Z', funnel: null, groups: [], timeMarks: [], qualification: null });
    expect(report.notes).toEqual(['No two reviewers gave a verdict on the same question; no agreement on verdicts.']);
  });

  it('reports only "all" when not grouped', () => {
    const flat = buildAgreementReport(input({ by: 'none', items: [item('q1', 'L1', 'ann', 'choice', ['A', 'B'])], reviews: [review('q1', 'bob', ['A', 'A'])] }));
    expect(flat.pairs.map((p) => p.stratum)).toEqual(['all']);
  });
});

describe('buildAgreementReport: one label only', () => {
  it('leaves κ undefined instead of reporting 1', () => {
    const report = buildAgreementReport(input({ by: 'none', items: [item('q1', 'L1', 'ann', 'yesno', ['yes', 'Yes', 'y'])], reviews: [review('q1', 'bob', ['true', 'yes', 'YES'])] }));
    expect(report.pairs).toEqual([
      {
        on: 'answers',
        answerKind: 'yesno',
        stratum: 'all',
        a: 'ann',
        b: 'bob',
        units: 3,
        percent: 1,
        percentCi95: wilsonInterval(3, 3),
        kappa: null,
        kappaLinear: null,
        kappaQuadratic: null,
        ci95: null,
        band: null,
        matrix: { labels: ['yes'], counts: [[3]] },
        withinTolerance: null,
      },
    ]);
    expect(report.notes).toContain('κ undefined for ann vs bob (answers · yesno, all): one label only.');
  });
});

describe('buildAgreementReport: numeric answers', () => {
  it('weights κ by rank distance and counts answers within the tolerance', () => {
    // ann 3 5 2 7 4, bob 3 6 2 9 4 (tolerance 1): same 3 of 5; |diff| 0 1 0 2 0 → 4 of 5 within
    const report = buildAgreementReport(
      input({ by: 'none', round: { ...ROUND, numericTolerance: 1 }, items: [item('q1', 'L1', 'ann', 'number', [3, 5, 2, 7, 4])], reviews: [review('q1', 'bob', ['3', 6, '2', 9, 4, 'n/a'])] }),
    );
    const pair = report.pairs[0]!;
    expect(pair.percent).toBe(0.6);
    expect(pair.withinTolerance).toBe(0.8);
    expect(pair.matrix.labels).toEqual(['2', '3', '4', '5', '6', '7', '9']);
    // unweighted: p_o = .6; ann and bob each put 1/5 on five values, sharing 2, 3, 4 → p_e = 3/25 = .12;
    // κ = (.6 − .12) / .88 = 6/11
    expect(pair.kappa).toBeCloseTo(6 / 11, 12);
    // ranks 0..6 of 2 3 4 5 6 7 9; ann's ranks {0,1,2,3,5}, bob's {0,1,2,4,6}; linear w = 1 − d/6.
    // p_o = (3 + 2·5/6)/5 = 14/15; Σd over the 25 rank pairs = 13+10+9+10+14 = 56 → p_e = (25 − 56/6)/25 = 47/75;
    // κ_lin = (14/15 − 47/75)/(28/75) = 23/28
    expect(pair.kappaLinear).toBeCloseTo(23 / 28, 12);
    // quadratic w = 1 − d²/36: p_o = (3 + 2·35/36)/5 = 89/90; Σd² = 57+36+25+24+52 = 194 → p_e = 1 − 194/900 = 353/450;
    // κ_quad = (445/450 − 353/450)/(97/450) = 92/97
    expect(pair.kappaQuadratic).toBeCloseTo(92 / 97, 12);
  });

  it('compares answers within one answer kind: letters and counts get a κ and a matrix each, never one between them', () => {
    const report = buildAgreementReport(
      input({ by: 'none', items: [item('q1', 'L1', 'ann', 'number', [1, 2]), item('q2', 'L1', 'ann', 'choice', ['A'])], reviews: [review('q1', 'bob', [1, 3]), review('q2', 'bob', ['B'])] }),
    );
    const answers = report.pairs.filter((p) => p.on === 'answers');
    expect(answers.map((p) => [p.answerKind, p.units, p.matrix.labels])).toEqual([
      ['choice', 1, ['A', 'B']],
      ['number', 2, ['1', '2', '3']],
    ]);
    expect(answers[1]).toMatchObject({ withinTolerance: 0.5 });
    expect(answers[1]!.kappaLinear).not.toBeNull();
    expect(answers[0]).toMatchObject({ kappaLinear: null, withinTolerance: null });
    expect(report.notes).not.toContain('No two people answered the same query point; no agreement on answers.');
  });
});

describe('buildAgreementReport: three reviewers', () => {
  // ann wrote q1–q4 (yes/no); bob, cat and dan reviewed all four
  const report = buildAgreementReport(
    input({
      by: 'none',
      items: [item('q1', 'L1', 'ann', 'yesno', ['yes']), item('q2', 'L1', 'ann', 'yesno', ['yes']), item('q3', 'L1', 'ann', 'yesno', ['no']), item('q4', 'L1', 'ann', 'yesno', ['no'])],
      reviews: [
        review('q1', 'bob', ['yes'], 'accept'),
        review('q1', 'cat', ['yes'], 'accept'),
        review('q1', 'dan', ['yes'], 'accept'),
        review('q2', 'bob', ['Y'], 'accept'),
        review('q2', 'cat', ['true'], 'accept'),
        review('q2', 'dan', ['no'], 'reject'),
        review('q3', 'bob', ['no'], 'reject'),
        review('q3', 'cat', ['no'], 'reject'),
        review('q3', 'dan', ['no'], 'reject'),
        review('q4', 'bob', [null], 'revise'),
        review('q4', 'cat', ['no'], 'accept'),
        review('q4', 'dan', ['no'], 'revise'),
      ],
    }),
  );

  it('adds a group row on verdicts with Fleiss κ and Krippendorff α by hand', () => {
    // per question (m = 3): q1 AAA, q2 AAR, q3 RRR, q4 VAV. P_i = Σc(c−1)/6: 1, 1/3, 1, 1/3 → P̄ = 2/3.
    // totals accept 6, reject 4, revise 2 of 12 → p_e = 1/4 + 1/9 + 1/36 = 14/36; κ = (2/3 − 7/18)/(11/18) = 5/11.
    // α: coincidences (each ordered pair 1/2): AA 4, AR 1, RA 1, RR 3, VV 1, VA 1, AV 1; n_A 6, n_R 4, n_V 2, n 12;
    // D_e = 144 − (36 + 16 + 4) = 88; α = 1 − 11·4/88 = 1/2
    const group = report.groups.find((g) => g.on === 'verdicts')!;
    expect(group).toMatchObject({ stratum: 'all', units: 4, raters: 3, percent: 0.5, band: 'moderate' });
    expect(group.fleiss).toBeCloseTo(5 / 11, 12);
    expect(group.alphaNominal).toBeCloseTo(0.5, 12);
    // each with its interval, as metrics.ts gives it over the same ratings (2 of 4 units all agree)
    const verdicts = ['AAA', 'AAR', 'RRR', 'VAV'].flatMap((unit, u) => [...unit].map((label, r) => ({ item: String(u), rater: ['bob', 'cat', 'dan'][r]!, label })));
    expect(group.percentCi95).toEqual(wilsonInterval(2, 4));
    expect(group.fleissCi95).toEqual(fleissKappa(verdicts).ci95);
    expect(group.alphaCi95).toEqual(krippendorffAlpha(verdicts).ci95);
    expect(group.alphaBootstrap).toEqual({ draws: 1000, seed: 1, undefinedDraws: expect.any(Number) });
    expect(group.fleissCi95![0]).toBeLessThan(5 / 11);
    expect(group.alphaCi95![1]).toBeGreaterThan(0.5);
  });

  it('adds a group row on answers (the author and the reviewers), Fleiss left out when units differ in ratings', () => {
    // q1 yes×4, q2 yes×3 + no, q3 no×4, q4 no×3 (bob gave no answer). Percent: q1, q3, q4 → 3/4.
    // α: q1 YY 4; q2 YY 2, YN 1, NY 1; q3 NN 4; q4 NN 3 → n_Y 7, n_N 8, n 15; D_e = 225 − 49 − 64 = 112;
    // α = 1 − 14·2/112 = 3/4
    const group = report.groups.find((g) => g.on === 'answers')!;
    expect(group).toMatchObject({ stratum: 'all', units: 4, raters: 4, percent: 0.75, fleiss: null, fleissCi95: null, band: 'substantial' });
    expect(group.alphaNominal).toBeCloseTo(0.75, 12);
    expect(group.alphaCi95).not.toBeNull();
    expect(report.notes).toContain("Fleiss' κ not computed for answers · yesno, all: units have 3, 4 ratings; it needs the same number on every unit.");
  });

  it('compares every pair of reviewers on verdicts', () => {
    expect(report.pairs.filter((p) => p.on === 'verdicts').map((p) => `${p.a}-${p.b}`)).toEqual(['bob-cat', 'bob-dan', 'cat-dan']);
    // bob vs cat: q1 AA, q2 AA, q3 RR, q4 V/A → p_o = 3/4; bob A 2/4 R 1/4 V 1/4, cat A 3/4 R 1/4 →
    // p_e = .5·.75 + .25·.25 = .4375; κ = (.75 − .4375)/.5625 = 5/9
    const bc = report.pairs.find((p) => p.on === 'verdicts' && p.a === 'bob' && p.b === 'cat')!;
    expect(bc.kappa).toBeCloseTo(5 / 9, 12);
    expect(bc.matrix).toEqual({
      labels: ['accept', 'reject', 'revise'],
      counts: [
        [2, 0, 0],
        [0, 1, 0],
        [1, 0, 0],
      ],
    });
    expect(bc.kappaLinear).toBeNull();
    expect(bc.withinTolerance).toBeNull();
    // answers: ann with each reviewer, then the reviewers among themselves; bob left q4 unanswered
    expect(report.pairs.filter((p) => p.on === 'answers').map((p) => `${p.a}-${p.b}:${p.units}`)).toEqual(['ann-bob:3', 'ann-cat:4', 'ann-dan:4', 'bob-cat:3', 'bob-dan:3', 'cat-dan:4']);
  });
});

describe('buildAgreementReport: qualification', () => {
  // gold wrote 20 choice points; rev1 answers them with AA 9, AB 1, BA 1, BB 9 → p_o = .9, margins .5/.5 → p_e = .5,
  // κ = (.9 − .5)/.5 = .8 — exactly the threshold, which is not above it (VCBench: κ > 0.8)
  const gold = [...'AAAAAAAAAABBBBBBBBBB'];
  const rev1 = [...'AAAAAAAAABABBBBBBBBB'];
  const items = [item('qa', 'L1', 'gold', 'choice', gold), item('qb', 'L2', 'gold', 'yesno', ['yes', 'yes', 'yes'])];
  const reviews = [review('qa', 'rev1', rev1), review('qb', 'rev2', ['yes', 'y', 'yes']), review('qa', 'rev3', gold), review('qb', 'rev4', [], 'accept')];
  const run = (threshold: number) => buildAgreementReport(input({ round: { ...ROUND, purpose: 'qualification', threshold }, items, reviews }));

  it('qualifies strictly above the threshold; one label or no common answer does not qualify', () => {
    const report = run(0.8);
    expect(report.qualification!.map(({ kappa, ...rest }) => rest)).toEqual([
      { person: 'rev1', units: 20, threshold: 0.8, qualified: false },
      { person: 'rev2', units: 3, threshold: 0.8, qualified: false },
      { person: 'rev3', units: 20, threshold: 0.8, qualified: true },
      { person: 'rev4', units: 0, threshold: 0.8, qualified: false },
    ]);
    expect(report.qualification![0]!.kappa).toBeCloseTo(0.8, 12);
    expect(report.qualification![1]!.kappa).toBeNull();
    expect(report.qualification![2]!.kappa).toBe(1);
    expect(report.qualification![3]!.kappa).toBeNull();
    expect(report.notes).toContain('κ undefined for rev2 vs the authors: one label only; not qualified.');
    expect(report.notes).toContain('rev4: no answer in common with the authors; not qualified.');
  });

  it('qualifies just below κ', () => {
    expect(run(0.79).qualification![0]!.qualified).toBe(true);
  });

  it('has no qualification in a review round', () => {
    expect(buildAgreementReport(input({ items, reviews })).qualification).toBeNull();
  });
});

describe('buildAgreementReport: time marks', () => {
  it('gives the mean tIoU and the pooled event F1 of each author–reviewer pair, per stratum', () => {
    const items: ReportItem[] = [
      { questionId: 'q1', stratum: 'L1', author: 'ann', answerKind: 'text', points: [{ id: 'p1', answer: null, evidence: [[0, 10]], events: [1, 5, 9] }] },
      {
        questionId: 'q2',
        stratum: 'L2',
        author: 'ann',
        answerKind: 'text',
        points: [
          {
            id: 'p2',
            answer: null,
            evidence: [
              [0, 2],
              [4, 8],
            ],
            events: null,
          },
          { id: 'p3', answer: null, evidence: [], events: [] },
          { id: 'p4', answer: null, evidence: [[0, 1]], events: [2] },
        ],
      },
    ];
    const mark = (questionId: string, answers: ReviewAnswer[]) => ({ ...review(questionId, 'bob', []), answers });
    const reviews = [
      mark('q1', [{ queryPointId: 'p1', answer: null, evidence: [[5, 15]], events: [1.4, 5.9, 6.2, 20] }]),
      mark('q2', [
        { queryPointId: 'p2', answer: null, evidence: [[1, 5]], events: [3] }, // the author marked no events here: not compared
        { queryPointId: 'p3', answer: null, evidence: [], events: [] }, // tIoU null (both empty): skipped; events both empty: F1 1
        { queryPointId: 'p4', answer: null }, // marked nothing: not compared
      ]),
    ];
    const report = buildAgreementReport(input({ round: null, items, reviews }));
    // p1: tIoU [0,10] vs [5,15] = 5/15; events: 2 matched of 3 reference, 4 marked
    // p2: tIoU [0,2]∪[4,8] vs [1,5] = 2/8
    // all: mean tIoU (1/3 + 1/4)/2 = 7/24; events pooled over p1, p3: matched 2, 3 reference, 4 marked → F1 = 4/7
    expect(report.timeMarks).toEqual([
      { stratum: 'all', a: 'ann', b: 'bob', evidenceUnits: 2, meanTIoU: expect.closeTo(7 / 24, 12), eventUnits: 2, eventF1: expect.closeTo(4 / 7, 12), eventTolerance: 1 },
      { stratum: 'L1', a: 'ann', b: 'bob', evidenceUnits: 1, meanTIoU: expect.closeTo(1 / 3, 12), eventUnits: 1, eventF1: expect.closeTo(4 / 7, 12), eventTolerance: 1 },
      { stratum: 'L2', a: 'ann', b: 'bob', evidenceUnits: 1, meanTIoU: 0.25, eventUnits: 1, eventF1: 1, eventTolerance: 1 },
    ]);
    expect(report.round).toBeNull();
    expect(report.notes).toEqual(['No two people answered the same query point; no agreement on answers.', 'No two reviewers gave a verdict on the same question; no agreement on verdicts.']);
  });
});

describe('buildAgreementReport: which reviews count', () => {
  it("takes the round's reviews, the latest per reviewer, and never one's own", () => {
    const items = [item('q1', 'L1', 'ann', 'choice', ['A', 'B'])];
    const reviews = [
      review('q1', 'bob', ['B', 'A'], null, { id: 'old', updatedAt: '2025-01-01T00:00:00Z' }),
      review('q1', 'bob', ['A', 'B'], null, { id: 'new', updatedAt: '2025-02-01T00:00:00Z' }),
      review('q1', 'cat', ['B', 'B'], null, { round: 2 }),
      review('q1', 'ann', ['A', 'A']),
      review('q9', 'bob', ['A']),
    ];
    const report = buildAgreementReport(input({ by: 'none', items, reviews }));
    expect(report.pairs.map((p) => `${p.a}-${p.b}:${p.percent}`)).toEqual(['ann-bob:1']);
    expect(report.notes).toContain('ann reviewed their own question q1; left out.');
  });

  it('gives the same report whatever the order of items and reviews', () => {
    const items = [item('q1', 'L1', 'ann', 'choice', ['A', 'B']), item('q2', 'L2', 'bob', 'choice', ['A', 'C'])];
    const reviews = [review('q1', 'bob', ['A', 'A'], 'accept'), review('q1', 'cat', ['B', 'B'], 'reject'), review('q2', 'cat', ['A', 'C'], 'accept'), review('q2', 'ann', ['C', 'C'], 'revise')];
    const one = buildAgreementReport(input({ items, reviews }));
    expect(buildAgreementReport(input({ items: [...items].reverse(), reviews: [...reviews].reverse() }))).toEqual(one);
  });
});
