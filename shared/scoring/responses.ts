// Responses indexed by query point, in the order they were given: one pass over a run, so scoring a
// hundred thousand responses stays linear.
import { plural } from '../plural';
import { prefixEnd } from '../questions';
import { percent } from './aggregate';
import type { ScoringContext } from './context';
import { answerMatches, type Extractor } from './extractors';
import type { Notes } from './notes';
import type { QueryScore, ScoringItem, ScoringResponse } from './types';

/** When a response was given: its emission time, or for an offline run the moment it was asked at. */
export function responseTime(response: ScoringResponse, item: ScoringItem): number {
  if (response.t !== null) return response.t;
  const point = item.points[response.query];
  return point ? prefixEnd(point, item.question) : 0;
}

/** The item's responses per query point, earliest first; responses to no such point are counted in a note. */
export function responsesByQuery(item: ScoringItem, notes: Notes): ScoringResponse[][] {
  const byQuery: ScoringResponse[][] = item.points.map(() => []);
  for (const r of item.responses) {
    const list = Number.isInteger(r.query) ? byQuery[r.query] : undefined;
    if (list) list.push(r);
    else notes.count('no-such-query', (n) => `${plural(n, 'response')} named a query point its item does not have; left out.`);
  }
  for (const list of byQuery) if (list.length > 1) list.sort((a, b) => responseTime(a, item) - responseTime(b, item));
  return byQuery;
}

/** The response scored for a query when only one can be: the first given. */
export function firstResponse(list: readonly ScoringResponse[], notes: Notes): ScoringResponse | null {
  if (list.length > 1) notes.count('several', (n) => `${plural(n, 'query', 'queries')} had several responses; the first given was scored.`);
  return list[0] ?? null;
}

/** What a response says for one query point, read by the extractor, and whether it is the answer. */
export function readAnswer(item: ScoringItem, query: number, response: ScoringResponse | null, extractor: Extractor): QueryScore {
  const point = item.points[query]!;
  const found = response ? extractor.extract(response.text, { options: item.question.options, answer: point.answer, ...(response.list ? { list: response.list } : {}) }) : null;
  const rule = found?.rule ?? (response ? 'nothing matched' : 'no response');
  // a rule that tests the response against the key gives its own verdict (OVO-Bench's compares text)
  const correct = found?.correct !== undefined && point.answer !== null && point.answer !== '' ? found.correct : answerMatches(item.question.answerKind, found?.value ?? null, point.answer);
  return { query, t: response?.t ?? null, extracted: found?.value ?? null, rule, correct, timing: null };
}

/**
 * Reads every query point of an item with the extractor for its answer kind (the first response to each
 * point). `onKeyed` sees every point that has an answer key; the accuracy is over those points.
 */
export function readItem(item: ScoringItem, ctx: ScoringContext, onKeyed?: (correct: boolean, query: QueryScore) => void): { queries: QueryScore[]; accuracy: number | null } {
  const extractor = ctx.extractorFor(item.question.answerKind);
  const byQuery = responsesByQuery(item, ctx.notes);
  let correct = 0;
  let keyed = 0;
  const queries = item.points.map((_, q): QueryScore => {
    const read = extractor ? readAnswer(item, q, firstResponse(byQuery[q]!, ctx.notes), extractor) : null;
    if (read === null || read.correct === null) {
      ctx.notes.count('unkeyed', (n) => `${plural(n, 'query point')} left out: no answer key, or no extractor for the answer kind.`);
      return read ?? { query: q, t: null, extracted: null, rule: null, correct: null, timing: null };
    }
    keyed++;
    if (read.correct) correct++;
    onKeyed?.(read.correct, read);
    return read;
  });
  return { queries, accuracy: percent(correct, keyed) };
}
