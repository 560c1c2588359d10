// Figures for issue 9: agreement over 100,000 ratings (50,000 items, two raters; target under 1 s each).
import { cohenKappa, fleissKappa, krippendorffAlpha, percentAgreement, type Rating } from '../shared/agreement/metrics';
import { buildAgreementReport, type ReportItem } from '../shared/review/report';
import type { Review } from '../shared/reviews';

export async function benchAgreement(): Promise<void> {
  let seed = 7;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const ratings: Rating[] = [];
  for (let i = 0; i < 50_000; i++) {
    const truth = 1 + Math.floor(random() * 5);
    for (const rater of ['ann', 'bob']) ratings.push({ item: `i${i}`, rater, label: random() < 0.8 ? truth : 1 + Math.floor(random() * 5) });
  }
  const time = (name: string, run: () => { value: number }): string => {
    const start = performance.now();
    const { value } = run();
    return `${name} ${value.toFixed(3)} in ${(performance.now() - start).toFixed(0)} ms`;
  };
  console.log(
    `Agreement over ${ratings.length.toLocaleString('en')} ratings: ` +
      [
        time('percent', () => percentAgreement(ratings)),
        time("Cohen's κ (quadratic, with CI)", () => cohenKappa(ratings, 'quadratic')),
        time("Fleiss' κ", () => fleissKappa(ratings)),
        time("Krippendorff's α (ordinal)", () => krippendorffAlpha(ratings, 'ordinal')),
      ].join('; '),
  );
}

/** The whole report a lead asks for: 50,000 items, their author and two reviewers, split over four levels. */
export function benchAgreementReport(): void {
  let seed = 11;
  const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const letter = () => 'ABCD'[Math.floor(random() * 4)]!;
  const items: ReportItem[] = [];
  const reviews: Review[] = [];
  for (let i = 0; i < 50_000; i++) {
    const answer = letter();
    items.push({ questionId: `q${i}`, stratum: `L${1 + (i % 4)}`, author: 'ann', answerKind: 'choice', points: [{ id: `p${i}`, answer, evidence: [[1, 4]], events: null }] });
    for (const reviewer of ['bob', 'cat']) {
      const theirs = random() < 0.85 ? answer : letter();
      reviews.push({ id: `${reviewer}${i}`, questionId: `q${i}`, reviewer, round: 1, answers: [{ queryPointId: `p${i}`, answer: theirs, evidence: [[1 + random(), 4]] }], verdict: theirs === answer ? 'accept' : 'revise', reason: '', notes: '', secondsSpent: 30, guidelineVersion: null, createdAt: 'x', updatedAt: 'x' });
    }
  }
  const start = performance.now();
  const report = buildAgreementReport({ project: 'bench', round: { number: 1, name: 'R1', purpose: 'review', threshold: 0.8, numericTolerance: 0, eventTolerance: 1 }, by: 'level', items, reviews, funnel: null, now: 'x' });
  const pair = report.pairs.find((p) => p.on === 'answers' && p.stratum === 'all' && p.a === 'ann' && p.b === 'bob')!;
  console.log(`Agreement report over 150,000 answers and 100,000 verdicts (3 people, 4 levels): ${report.pairs.length} pairs, ${report.groups.length} groups, ${report.timeMarks.length} time-mark rows in ${(performance.now() - start).toFixed(0)} ms (ann–bob κ ${pair.kappa?.toFixed(3)})`);
}
