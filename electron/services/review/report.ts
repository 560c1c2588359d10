// The agreement report of a round (or of every review in the project): the service gathers the
// authors' answers, the reviews and the round's funnel; shared/review/report.ts computes.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { groupBy } from '../../../shared/collections';
import { funnelOf, reviewedAnswers } from '../../../shared/review/funnel';
import { buildAgreementReportPaced, type ReportInput, type ReportItem } from '../../../shared/review/report';
import { strataOf } from '../../../shared/review/strata';
import type { AgreementReport, ReportGrouping } from '../../../shared/review/types';
import type { Review } from '../../../shared/reviews';
import type { AnnotationStore } from '../annotation/store';
import { Pacer } from '../pacer';
import type { ProjectStores } from '../db/stores';
import type { Project } from '../projects/project';
import { answerKeyReader } from './answer-keys';
import { requireRound, roundItems } from './rounds';

/** The report, computed a slice at a time (a round of thousands of items never holds the server). */
export async function agreementReport(project: Project, caller: Caller, round: number | null, by: ReportGrouping): Promise<AgreementReport> {
  const pacer = new Pacer();
  // read on a snapshot: the report sees one state of the project however long it reads
  const input = await project.snapshot((stores) => reportInput(stores, project.name, round, by, pacer));
  return buildAgreementReportPaced(input, () => pacer.pace());
}

/** What the report is computed from: the round's items with their authors' answers, its reviews and funnel. */
async function reportInput(stores: ProjectStores, projectName: string, roundNumber: number | null, by: ReportGrouping, pacer: Pacer): Promise<ReportInput> {
  const stratum = strataOf(await stores.profiles.list(), by);
  let questions: Array<{ question: Question; queryPoints: QueryPoint[] }>;
  let reviews: Review[];
  let settings: ReportInput['round'] = null;
  let funnel = null;
  if (roundNumber !== null) {
    const round = await requireRound(stores.review, roundNumber);
    const items = await roundItems(stores, round);
    questions = items;
    reviews = items.flatMap((i) => i.reviews);
    funnel = funnelOf(items.map((i) => i.state));
    settings = { number: round.number, name: round.name, purpose: round.purpose, threshold: round.threshold, numericTolerance: round.numericTolerance, eventTolerance: round.eventTolerance };
  } else {
    // every review; buildAgreementReport keeps each reviewer's latest of an item
    reviews = await stores.review.allReviews();
    questions = await reviewedQuestions(stores.annotation, [...new Set(reviews.map((r) => r.questionId))]);
  }
  // the marks the answer keys and the counting questions' author events need, read once per video
  const marks = new Map<string, Mark[]>();
  const keysOf = await answerKeyReader(
    stores,
    questions.map((q) => q.question),
    new Map(questions.map((q) => [q.question.id, q.queryPoints])),
    marks,
  );
  for (const { question: q } of questions) if (q.counting && !marks.has(q.videoId)) marks.set(q.videoId, await stores.annotation.marksOfVideo(q.videoId));
  const marksOf = (videoId: string): Mark[] => marks.get(videoId)!;
  const reviewsOf = groupBy(reviews, (r) => r.questionId);
  const items: ReportItem[] = [];
  for (const { question: q, queryPoints: points } of questions) {
    // the answer key as it was reviewed, not as an adjudicator or the author left it since
    const reviewed = reviewedAnswers(reviewsOf.get(q.id) ?? [], () => keysOf(q, points));
    const answerAt = new Map(reviewed.map((a) => [a.queryPointId, a.answer]));
    items.push({
      questionId: q.id,
      stratum: stratum(q),
      author: q.createdBy,
      answerKind: q.answerKind,
      points: points.map((p) => ({ id: p.id, answer: answerAt.get(p.id) ?? null, evidence: p.evidence, events: authorEvents(q, p, marksOf) })),
    });
    await pacer.pace();
  }
  return { project: projectName, round: settings, by, items, reviews, funnel, now: new Date().toISOString() };
}

/** The reviewed questions that are still there, in the order given, with their points. */
async function reviewedQuestions(store: AnnotationStore, ids: readonly string[]): Promise<Array<{ question: Question; queryPoints: QueryPoint[] }>> {
  const out: Array<{ question: Question; queryPoints: QueryPoint[] }> = [];
  for (const id of ids) {
    const question = await store.question(id);
    if (question) out.push({ question, queryPoints: await store.queryPointsOfQuestion(id) });
  }
  return out;
}

/** A counting question's occurrences up to its query time: the author's event moments. */
function authorEvents(q: Question, p: QueryPoint, marksOf: (videoId: string) => Mark[]): number[] | null {
  if (!q.counting) return null;
  const target = q.counting.target;
  return marksOf(q.videoId)
    .filter((m) => m.target === target && m.start <= p.time && (p.windowStart === null || m.start >= p.windowStart))
    .map((m) => m.start);
}
