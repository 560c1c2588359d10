// The agreement report of a round (or of every review in the project): the service gathers the
// authors' answers, the reviews and the round's funnel; shared/review/report.ts computes.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { funnelOf } from '../../../shared/review/funnel';
import { buildAgreementReport, type ReportItem } from '../../../shared/review/report';
import { strataOf } from '../../../shared/review/strata';
import type { AgreementReport, ReportGrouping } from '../../../shared/review/types';
import type { Review } from '../../../shared/reviews';
import { getQuestionRow, listMarks, queryPointsOfQuestion } from '../annotation/rows';
import type { ReadableDb } from '../db/readable';
import { listProfiles } from '../profiles/rows';
import type { Project } from '../projects/project';
import { requireRole } from './policy';
import { requireRound, roundItems } from './rounds';
import { allReviews } from './rows';

export const REPORT_READERS = ['adjudicator', 'lead', 'researcher', 'annotator'] as const;

export function agreementReport(project: Project, caller: Caller, round: number | null, by: ReportGrouping): AgreementReport {
  const db = project.store.db;
  requireRole(db, caller, REPORT_READERS, 'read the agreement report');
  return reportOf(db, project.name, round, by);
}

/** Also the CLI's: a project opened read-only, no caller. */
export function reportOf(db: ReadableDb, projectName: string, roundNumber: number | null, by: ReportGrouping): AgreementReport {
  const stratum = strataOf(listProfiles(db), by);
  const marksOf = memo((videoId: string) => listMarks(db, videoId));
  let questions: Question[];
  let reviews: Review[];
  let settings: Parameters<typeof buildAgreementReport>[0]['round'] = null;
  let funnel = null;
  if (roundNumber !== null) {
    const round = requireRound(db, roundNumber);
    const items = roundItems(db, round);
    questions = items.map((i) => i.question);
    reviews = items.flatMap((i) => i.reviews);
    funnel = funnelOf(items.map((i) => i.state));
    settings = { number: round.number, name: round.name, purpose: round.purpose, threshold: round.threshold, numericTolerance: round.numericTolerance, eventTolerance: round.eventTolerance };
  } else {
    reviews = latestPerReviewer(allReviews(db));
    questions = [...new Set(reviews.map((r) => r.questionId))].flatMap((id) => getQuestionRow(db, id)?.question ?? []);
  }
  const items: ReportItem[] = questions.map((q) => ({
    questionId: q.id,
    stratum: stratum(q),
    author: q.createdBy,
    answerKind: q.answerKind,
    points: queryPointsOfQuestion(db, q.id).map((p) => ({ id: p.id, answer: p.answer, evidence: p.evidence, events: authorEvents(q, p, marksOf) })),
  }));
  return buildAgreementReport({ project: projectName, round: settings, by, items, reviews, funnel, now: new Date().toISOString() });
}

/** A counting question's occurrences up to its query time: the author's event moments. */
function authorEvents(q: Question, p: QueryPoint, marksOf: (videoId: string) => Mark[]): number[] | null {
  if (!q.counting) return null;
  const target = q.counting.target;
  return marksOf(q.videoId)
    .filter((m) => m.target === target && m.start <= p.time && (p.windowStart === null || m.start >= p.windowStart))
    .map((m) => m.start);
}

/** Across rounds, a reviewer's latest review of each item speaks for them. */
function latestPerReviewer(reviews: readonly Review[]): Review[] {
  const latest = new Map<string, Review>();
  for (const r of reviews) latest.set(`${r.questionId}\u0000${r.reviewer}`, r);
  return [...latest.values()];
}

function memo<T>(read: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, read(key));
    return cache.get(key)!;
  };
}
