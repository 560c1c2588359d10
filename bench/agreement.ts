// Figures for issue 9: agreement over 100,000 ratings (50,000 items, two raters; target under 1 s each).
import { cohenKappa, fleissKappa, krippendorffAlpha, percentAgreement, type Rating } from '../shared/agreement/metrics';
import { buildAgreementReport, type ReportItem } from '../shared/review/report';
import type { Review } from '../shared/reviews';
import { figure } from './figures';

export async function benchAgreement(): Promise<void> {
  let seed = 7;
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const ratings: Rating[] = [];
  for (let i = 0; i < 50_000; i++) {
    const truth = 1 + Math.floor(random() * 5);
    for (const rater of ['ann', 'bob']) ratings.push({ item: `i${i}`, rater, label: random() < 0.8 ? truth : 1 + Math.floor(random() * 5) });
  }
  const time = (name: string, run: () => { value: number }): string => {
    const start = performance.now();
    const { value } = run();
    const took = performance.now() - start;
    figure(name, took, 'ms');
    return `${name} ${value.toFixed(3)} in ${took.toFixed(0)} ms`;
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
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const letter = () => 'ABCD'[Math.floor(random() * 4)]!;
  const items: ReportItem[] = [];
  const reviews: Review[] = [];
  for (let i = 0; i < 50_000; i++) {
    const answer = letter();
    items.push({ questionId: `q${i}`, stratum: `L${1 + (i % 4)}`, author: 'ann', answerKind: 'choice', points: [{ id: `p${i}`, answer, evidence: [[1, 4]], events: null }] });
    for (const reviewer of ['bob', 'cat']) {
      const theirs = random() < 0.85 ? answer : letter();
      reviews.push({
        id: `${reviewer}${i}`,
        questionId: `q${i}`,
        reviewer,
        round: 1,
        answers: [{ queryPointId: `p${i}`, answer: theirs, evidence: [[1 + random(), 4]] }],
        verdict: theirs === answer ? 'accept' : 'revise',
        reason: '',
        notes: '',
        secondsSpent: 30,
        guidelineVersion: null,
        against: null,
        createdAt: 'x',
        updatedAt: 'x',
      });
    }
  }
  const start = performance.now();
  const report = buildAgreementReport({
    project: 'bench',
    round: { number: 1, name: 'R1', purpose: 'review', threshold: 0.8, numericTolerance: 0, eventTolerance: 1 },
    by: 'level',
    items,
    reviews,
    funnel: null,
    now: 'x',
  });
  const took = performance.now() - start;
  figure('agreement report, 50,000 items', took, 'ms');
  const pair = report.pairs.find((p) => p.on === 'answers' && p.stratum === 'all' && p.a === 'ann' && p.b === 'bob')!;
  console.log(
    `Agreement report over 150,000 answers and 100,000 verdicts (3 people, 4 levels): ${report.pairs.length} pairs, ${report.groups.length} groups, ${report.timeMarks.length} time-mark rows in ${took.toFixed(0)} ms (ann–bob κ ${pair.kappa?.toFixed(3)})`,
  );
}

/** A review round of 5,000 items with two reviewers each, through the services: what rounds.list and agreement.report cost. */
export async function benchReviewRound(): Promise<void> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { randomUUID } = await import('node:crypto');
  const { Project } = await import('../electron/services/projects/project');
  const { insertTestVideo } = await import('../electron/services/test-support/project');
  const { questionFieldsSchema } = await import('../shared/questions');
  const { openRound, roundSummaries, roundItems } = await import('../electron/services/review/rounds');
  const { agreementReport } = await import('../electron/services/review/report');
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-bench-review-'));
  const project = await Project.open(join(dir, 'round.tidemark'), { create: true, name: 'Bench' });
  try {
    const videoId = await insertTestVideo(project, { duration: 3600 });
    const lead = { person: 'lee', role: 'lead' as const };
    const n = 5_000;
    await project.edit('ann', 'Questions', async (w, tx) => {
      for (let i = 0; i < n; i++) {
        const fields = questionFieldsSchema.parse({ profileId: 'builtin:ovo-s-bench', taskCode: `${1 + (i % 4)}.1.1`, text: `Q${i}`, options: { A: 'a', B: 'b', C: 'c', D: 'd' } });
        const id = `q${i}`;
        await w.annotation.addQuestion({ ...fields, id, videoId, provenance: {}, createdBy: 'ann', updatedAt: 'x' }, 'x');
        await w.annotation.addQueryPoints([{ id: `p${i}`, questionId: id, time: 10 + (i % 3000), answer: 'ABCD'[i % 4]!, evidence: [[1, 5]], proactiveTime: null, windowStart: null }]);
        await tx.pace();
      }
    });
    const round = await openRound(project, lead, {
      name: 'R1',
      purpose: 'review',
      selection: { profileId: null, taskCodes: [], statuses: [], authors: [], sample: null },
      reviewers: ['bob', 'cat'],
      reviewsPerItem: 2,
      threshold: 0.8,
      numericTolerance: 0,
      eventTolerance: 1,
    });
    await project.edit('bob', 'Reviews', async (w, tx) => {
      for (let i = 0; i < n; i++) {
        for (const reviewer of ['bob', 'cat']) {
          const answer = (i + (reviewer === 'cat' && i % 7 === 0 ? 1 : 0)) % 4;
          await w.review.addReview({
            id: randomUUID(),
            questionId: `q${i}`,
            reviewer,
            round: round.number,
            answers: [{ queryPointId: `p${i}`, answer: 'ABCD'[answer]! }],
            verdict: 'accept',
            reason: '',
            notes: '',
            secondsSpent: 20,
            guidelineVersion: null,
            against: null,
            createdAt: 'x',
            updatedAt: 'x',
          });
        }
        await tx.pace();
      }
    });
    const time = async <T>(run: () => T | Promise<T>): Promise<[T, number]> => {
      const start = performance.now();
      const value = await run();
      return [value, performance.now() - start];
    };
    const [, items] = await time(() => roundItems(project.stores, round));
    const [summaries, list] = await time(() => roundSummaries(project));
    // how long other requests would wait: the longest gap between ticks of a 1 ms timer while the report runs
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const [report, full] = await time(() => agreementReport(project, lead, round.number, 'level'));
    clearInterval(ticker);
    figure('review round agreement.report', full, 'ms');
    figure('review round agreement.report longest block', longest, 'ms');
    console.log(
      `Review round of ${n.toLocaleString('en')} items, 2 reviews each: items read in ${items.toFixed(0)} ms; rounds.list ${list.toFixed(0)} ms (funnel: ${summaries[0]!.funnel.agreed} agreed, ${summaries[0]!.funnel.escalated} escalated); agreement.report by level ${full.toFixed(0)} ms (${report.pairs.length} pairs), longest block ${longest.toFixed(0)} ms`,
    );
  } finally {
    await project.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
