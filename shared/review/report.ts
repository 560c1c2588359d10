// The agreement report of a round (or of the whole project): pairwise agreement on answers and
// verdicts, group agreement when three or more people rated, time marks (tIoU, event F1), and,
// for a qualification round, each reviewer's κ against the gold answers.
import {
  AgreementError,
  cohenKappa,
  fleissKappa,
  krippendorffAlpha,
  landisKoch,
  percentAgreement,
  wilsonInterval,
  type AgreementResult,
  type CohenResult,
  type KappaWeights,
  type Rating,
} from '../agreement/metrics';
import { intervalIoU, pooledEventF1 } from '../agreement/time-marks';
import { withinTolerance } from '../agreement/tolerance';
import type { AnswerKind } from '../profiles';
import type { Answer } from '../questions';
import type { Review } from '../reviews';
import { normalizeAnswer } from './compare';
import type { AgreementReport, Funnel, GroupAgreement, PairAgreement, Qualification, ReportGrouping, RoundPurpose, TimeMarkAgreement } from './types';

export interface ReportItem {
  questionId: string;
  stratum: string;
  author: string;
  answerKind: AnswerKind;
  points: Array<{ id: string; answer: Answer; evidence: Array<[number, number]>; events: number[] | null }>;
}

export interface ReportInput {
  project: string;
  round: { number: number; name: string; purpose: RoundPurpose; threshold: number; numericTolerance: number; eventTolerance: number } | null;
  by: ReportGrouping;
  items: ReportItem[];
  reviews: Review[];
  funnel: Funnel | null;
  now: string;
}

type Label = string | number;
type On = 'answers' | 'verdicts';

/** One thing rated: a query point (answers) or a question (verdicts), with each person's label. */
interface Unit {
  stratum: string;
  author: string;
  /** An answer's kind (null: a verdict); answers of different kinds are never compared in one κ or matrix. */
  kind: AnswerKind | null;
  labels: Map<string, Label>;
}

interface Scope {
  stratum: string;
  units: Unit[];
}

const ALL = 'all';
/** κ within this of the threshold counts as at it (not above): 0.8 may compute as 0.8000000000000002. */
const AT_THRESHOLD = 1e-9;

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** 'all', then one scope per stratum (sorted) unless the report is not grouped. */
function scopesOf<T extends { stratum: string }>(units: T[], by: ReportGrouping): Array<{ stratum: string; units: T[] }> {
  const scopes = [{ stratum: ALL, units }];
  if (by === 'none') return scopes;
  const strata = [...new Set(units.map((u) => u.stratum))].sort(byText);
  return scopes.concat(strata.map((stratum) => ({ stratum, units: units.filter((u) => u.stratum === stratum) })));
}

/**
 * Each reviewer's review of each item: reviews of the report's round only (when it has one), the
 * latest when there are several (round, then updatedAt, then id); a review of one's own item is left out.
 */
function reviewsByItem(input: ReportInput, notes: string[]): Map<string, Review[]> {
  const items = new Map(input.items.map((i) => [i.questionId, i]));
  const latest = new Map<string, Review>();
  const newer = (x: Review, y: Review): boolean => (x.round !== y.round ? x.round > y.round : x.updatedAt !== y.updatedAt ? x.updatedAt > y.updatedAt : x.id > y.id);
  for (const review of input.reviews) {
    const item = items.get(review.questionId);
    if (!item || (input.round !== null && review.round !== input.round.number)) continue;
    const key = `${review.questionId}\u0000${review.reviewer}`;
    const prev = latest.get(key);
    if (!prev || newer(review, prev)) latest.set(key, review);
  }
  const out = new Map<string, Review[]>();
  for (const review of [...latest.values()].sort((x, y) => byText(x.questionId, y.questionId) || byText(x.reviewer, y.reviewer))) {
    if (review.reviewer === items.get(review.questionId)!.author) {
      notes.push(`${review.reviewer} reviewed their own question ${review.questionId}; left out.`);
      continue;
    }
    out.set(review.questionId, [...(out.get(review.questionId) ?? []), review]);
  }
  return out;
}

/** Answer units: the author and every reviewer at each query point; missing answers left out. */
function answerUnits(items: ReportItem[], reviews: Map<string, Review[]>): Unit[] {
  return items.flatMap((item) =>
    item.points.map((point) => {
      const labels = new Map<string, Label>();
      const own = normalizeAnswer(point.answer, item.answerKind);
      if (own !== null) labels.set(item.author, own);
      for (const review of reviews.get(item.questionId) ?? []) {
        const given = review.answers.find((a) => a.queryPointId === point.id);
        const label = given ? normalizeAnswer(given.answer, item.answerKind) : null;
        if (label !== null) labels.set(review.reviewer, label);
      }
      return { stratum: item.stratum, author: item.author, kind: item.answerKind, labels };
    }),
  );
}

/** Verdict units: the reviewers of each question who gave a verdict. */
function verdictUnits(items: ReportItem[], reviews: Map<string, Review[]>): Unit[] {
  return items.map((item) => {
    const labels = new Map<string, Label>();
    for (const review of reviews.get(item.questionId) ?? []) if (review.verdict !== null) labels.set(review.reviewer, review.verdict);
    return { stratum: item.stratum, author: item.author, kind: null, labels };
  });
}

/** Cohen's κ over label pairs (first, second), through metrics.ts. */
function cohen(pairs: ReadonlyArray<readonly [Label, Label]>, weights: KappaWeights): CohenResult {
  const ratings = pairs.flatMap(([x, y], i): Rating[] => [
    { item: String(i), rater: 'first', label: x },
    { item: String(i), rater: 'second', label: y },
  ]);
  return cohenKappa(ratings, weights, ['first', 'second']);
}

const asText = (pairs: ReadonlyArray<readonly [Label, Label]>): Array<[string, string]> => pairs.map(([x, y]) => [String(x), String(y)]);

function pairAgreement(on: On, answerKind: AnswerKind | null, stratum: string, a: string, b: string, pairs: Array<[Label, Label]>, tolerance: number, notes: string[]): PairAgreement {
  const n = pairs.length;
  const numeric = answerKind === 'number';
  // numeric pairs keep numbers so the matrix and the weights follow their order; others compare as text
  const labelled = numeric ? pairs : asText(pairs);
  const plain = cohen(labelled, 'none');
  const agreeing = pairs.filter(([x, y]) => x === y).length;
  const row: PairAgreement = {
    on,
    answerKind,
    stratum,
    a,
    b,
    units: n,
    percent: agreeing / n,
    percentCi95: wilsonInterval(agreeing, n),
    kappa: null,
    kappaLinear: null,
    kappaQuadratic: null,
    ci95: null,
    band: null,
    matrix: { labels: plain.labels.map(String), counts: plain.confusion },
    withinTolerance: numeric ? pairs.filter(([x, y]) => withinTolerance(x as number, y as number, tolerance)).length / n : null,
  };
  if (plain.labels.length === 1) {
    // chance agreement is 1 and κ is 0/0: metrics.ts says 1, which would read as perfect agreement
    notes.push(`κ undefined for ${a} vs ${b} (${onLabel(on, answerKind)}, ${stratum}): one label only.`);
    return row;
  }
  row.kappa = plain.value;
  row.ci95 = plain.ci95;
  row.band = landisKoch(plain.value);
  if (numeric) {
    row.kappaLinear = cohen(labelled, 'linear').value;
    row.kappaQuadratic = cohen(labelled, 'quadratic').value;
  }
  return row;
}

/** A step of the report's work: the server runs the steps a slice at a time (see buildAgreementReportPaced). */
type Steps<T> = Generator<void, T, void>;

/** 'verdicts', or the answers of one kind ('answers · choice'). */
const onLabel = (on: On, kind: AnswerKind | null): string => (kind === null ? on : `${on} · ${kind}`);

function* pairRows(on: On, kind: AnswerKind | null, scope: Scope, tolerance: number, notes: string[]): Steps<PairAgreement[]> {
  const people = [...new Set(scope.units.flatMap((u) => [...u.labels.keys()]))].sort(byText);
  const rows: PairAgreement[] = [];
  for (let i = 0; i < people.length; i++) {
    for (let j = i + 1; j < people.length; j++) {
      const [a, b] = [people[i]!, people[j]!];
      const common = scope.units.filter((u) => u.labels.has(a) && u.labels.has(b));
      if (common.length === 0) continue;
      const pairs = common.map((u): [Label, Label] => [u.labels.get(a)!, u.labels.get(b)!]);
      rows.push(pairAgreement(on, kind, scope.stratum, a, b, pairs, tolerance, notes));
      yield;
    }
  }
  return rows;
}

/** Everyone at once, over the units with two or more ratings, when three or more people rated them. */
function groupRow(on: On, kind: AnswerKind | null, scope: Scope, notes: string[]): GroupAgreement | null {
  const rated = scope.units.filter((u) => u.labels.size >= 2);
  // nominal metrics only: labels as text (metrics.ts needs one type of label)
  const ratings = rated.flatMap((u, i) => [...u.labels].map(([rater, label]): Rating => ({ item: String(i), rater, label: String(label) })));
  const raters = new Set(ratings.map((r) => r.rater)).size;
  if (raters < 3) return null;
  const where = `${onLabel(on, kind)}, ${scope.stratum}`;
  let fleiss: AgreementResult | null = null;
  let alpha: AgreementResult | null = null;
  if (new Set(ratings.map((r) => r.label)).size === 1) {
    notes.push(`α and Fleiss' κ undefined for ${where}: one label only.`);
  } else {
    try {
      alpha = krippendorffAlpha(ratings, 'nominal');
    } catch (e) {
      if (!(e instanceof AgreementError)) throw e;
      notes.push(`Krippendorff's α not computed for ${where}: ${e.message}`);
    }
    const counts = [...new Set(rated.map((u) => u.labels.size))].sort((x, y) => x - y);
    if (counts.length === 1) fleiss = fleissKappa(ratings);
    else notes.push(`Fleiss' κ not computed for ${where}: units have ${counts.join(', ')} ratings; it needs the same number on every unit.`);
  }
  const band = fleiss?.value ?? alpha?.value ?? null;
  const percent = percentAgreement(ratings);
  const bootstrap = alpha?.interval?.method === 'bootstrap' ? alpha.interval : null;
  return {
    on,
    answerKind: kind,
    stratum: scope.stratum,
    units: rated.length,
    raters,
    percent: percent.value,
    percentCi95: percent.ci95!,
    fleiss: fleiss?.value ?? null,
    fleissCi95: fleiss?.ci95 ?? null,
    alphaNominal: alpha?.value ?? null,
    alphaCi95: alpha?.ci95 ?? null,
    alphaBootstrap: bootstrap && { draws: bootstrap.draws, seed: bootstrap.seed, undefinedDraws: bootstrap.undefinedDraws },
    band: band === null ? null : landisKoch(band),
  };
}

/** One review answer's time marks against the author's at the same query point. */
interface MarkUnit {
  stratum: string;
  author: string;
  reviewer: string;
  tIoU: number | null;
  events: { a: number[]; b: number[] } | null;
}

function markUnits(items: ReportItem[], reviews: Map<string, Review[]>): MarkUnit[] {
  const out: MarkUnit[] = [];
  for (const item of items) {
    for (const review of reviews.get(item.questionId) ?? []) {
      for (const point of item.points) {
        const given = review.answers.find((a) => a.queryPointId === point.id);
        if (!given) continue;
        const tIoU = given.evidence !== undefined ? intervalIoU(point.evidence, given.evidence) : null;
        const events = given.events !== undefined && point.events !== null ? { a: point.events, b: given.events } : null;
        if (tIoU !== null || events !== null) out.push({ stratum: item.stratum, author: item.author, reviewer: review.reviewer, tIoU, events });
      }
    }
  }
  return out;
}

function timeMarkRows(units: MarkUnit[], by: ReportGrouping, eventTolerance: number): TimeMarkAgreement[] {
  const rows: TimeMarkAgreement[] = [];
  for (const scope of scopesOf(units, by)) {
    const pairs = [...new Set(scope.units.map((u) => `${u.author}\u0000${u.reviewer}`))].sort(byText);
    for (const pair of pairs) {
      const [a, b] = pair.split('\u0000') as [string, string];
      const mine = scope.units.filter((u) => u.author === a && u.reviewer === b);
      const ious = mine.flatMap((u) => (u.tIoU === null ? [] : [u.tIoU]));
      const events = mine.flatMap((u) => (u.events === null ? [] : [u.events]));
      rows.push({
        stratum: scope.stratum,
        a,
        b,
        evidenceUnits: ious.length,
        meanTIoU: ious.length === 0 ? null : ious.reduce((s, v) => s + v, 0) / ious.length,
        eventUnits: events.length,
        eventF1: events.length === 0 ? null : pooledEventF1(events, eventTolerance).f1,
        eventTolerance,
      });
    }
  }
  return rows;
}

/** Each reviewer's unweighted κ against the authors of the items (the gold answers) they answered. */
function qualificationRows(units: Unit[], reviewers: string[], threshold: number, notes: string[]): Qualification[] {
  return reviewers.map((person) => {
    const pairs = asText(units.filter((u) => u.labels.has(person) && u.labels.has(u.author)).map((u): [Label, Label] => [u.labels.get(u.author)!, u.labels.get(person)!]));
    let kappa: number | null = null;
    if (pairs.length === 0) notes.push(`${person}: no answer in common with the authors; not qualified.`);
    else {
      const result = cohen(pairs, 'none');
      if (result.labels.length === 1) notes.push(`κ undefined for ${person} vs the authors: one label only; not qualified.`);
      else kappa = result.value;
    }
    return { person, units: pairs.length, kappa, threshold, qualified: kappa !== null && kappa - threshold > AT_THRESHOLD };
  });
}

/**
 * Builds the report. Rows come in a fixed order: answers before verdicts, stratum 'all' first then
 * by name, then a, b. Pairs name the two people alphabetically; time marks name the author (the
 * reference) as a and the reviewer as b.
 */
export function buildAgreementReport(input: ReportInput): AgreementReport {
  const steps = reportSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same report, letting other work run between its steps (a pair, a group): a big round never holds a server for long. */
export async function buildAgreementReportPaced(input: ReportInput, pace: () => Promise<void>): Promise<AgreementReport> {
  const steps = reportSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pace();
  }
}

function* reportSteps(input: ReportInput): Steps<AgreementReport> {
  const notes: string[] = [];
  const { round, by } = input;
  const items = [...input.items].sort((x, y) => byText(x.questionId, y.questionId));
  const reviews = reviewsByItem(input, notes);
  const answers = answerUnits(items, reviews);
  const verdicts = verdictUnits(items, reviews);
  yield;
  const pairs: PairAgreement[] = [];
  const groups: GroupAgreement[] = [];
  // answers by kind (letters with letters, counts with counts: one κ, one matrix each), then verdicts
  const kinds = [...new Set(answers.map((u) => u.kind!))].sort(byText);
  const sets: Array<[On, AnswerKind | null, Unit[]]> = [...kinds.map((k): [On, AnswerKind, Unit[]] => ['answers', k, answers.filter((u) => u.kind === k)]), ['verdicts', null, verdicts]];
  for (const [i, [on, kind, units]] of sets.entries()) {
    for (const scope of scopesOf(units, by)) {
      pairs.push(...(yield* pairRows(on, kind, scope, round?.numericTolerance ?? 0, notes)));
      const group = groupRow(on, kind, scope, notes);
      if (group) groups.push(group);
      yield;
    }
    // after the last set of its kind of rating: say when nobody shared one
    if (sets[i + 1]?.[0] === on) continue;
    if (!pairs.some((p) => p.on === on))
      notes.push(on === 'answers' ? 'No two people answered the same query point; no agreement on answers.' : 'No two reviewers gave a verdict on the same question; no agreement on verdicts.');
  }
  const timeMarks = timeMarkRows(markUnits(items, reviews), by, round?.eventTolerance ?? 1).filter((r) => r.evidenceUnits + r.eventUnits > 0);
  yield;
  const reviewers = [...new Set([...reviews.values()].flat().map((r) => r.reviewer))].sort(byText);
  const qualification = round?.purpose === 'qualification' ? qualificationRows(answers, reviewers, round.threshold, notes) : null;
  return {
    project: input.project,
    round: round?.number ?? null,
    roundName: round?.name ?? null,
    by,
    generatedAt: input.now,
    funnel: input.funnel,
    pairs,
    groups,
    timeMarks,
    qualification,
    notes,
  };
}
