// Judgments ↔ rows, and the lookup scoring uses: each request's repeats folded (mean score, majority
// verdict), found by the key of what decides it.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { foldJudgments, judgeKey, judgeRequests, type Judge, type JudgeRequest } from '../../../shared/scoring/judge';
import type { Judgment, JudgeLookup, RunScore, ScoringItem } from '../../../shared/scoring/types';
import type { Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';

export const judgmentFieldsSchema = z.object({
  reason: z.string(),
  model: z.string(),
  template: z.string(),
  version: z.number().int(),
  raw: z.string().nullable(),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
});
export type JudgmentFields = z.infer<typeof judgmentFieldsSchema>;

export const judgmentToRow = (key: string, repeat: number, j: Judgment, fields: JudgmentFields): Row => ({
  id: randomUUID(), key, repeat, score: j.score, verdict: j.verdict ?? null, fields: JSON.stringify(judgmentFieldsSchema.parse(fields)), created_at: new Date().toISOString(),
});

interface JudgmentRow {
  key: string;
  repeat: number;
  score: number;
  verdict: 'yes' | 'no' | null;
  fields: string;
}

/** The repeats stored for each key asked about. */
export function judgmentsFor(db: ReadableDb, keys: Iterable<string>): Map<string, Judgment[]> {
  const out = new Map<string, Judgment[]>();
  const statement = db.query<JudgmentRow>('SELECT key, repeat, score, verdict, fields FROM judgments WHERE key = ? ORDER BY repeat');
  for (const key of new Set(keys)) {
    const rows = statement.all(key);
    if (rows.length) out.set(key, rows.map((r) => ({ score: r.score, reason: judgmentFieldsSchema.parse(JSON.parse(r.fields)).reason, ...(r.verdict ? { verdict: r.verdict } : {}) })));
  }
  return out;
}

const lookupKey = (item: string, query: number, second?: number): string => `${item}\u0000${query}\u0000${second ?? ''}`;

/** The stored judgments of what a run's score leaves to a judge, as scoring looks them up. */
/** The lookup scoring uses, from each request's judgment (indexed once: a VSAS task asks it for every second). */
export function judgmentLookup(requests: readonly JudgeRequest[], judgmentOf: (request: JudgeRequest) => Judgment | null): JudgeLookup {
  const byQuery = new Map<string, Judgment>();
  for (const r of requests) {
    const j = judgmentOf(r);
    if (j) byQuery.set(lookupKey(r.item, r.query, r.second), j);
  }
  return (item, query, second) => byQuery.get(lookupKey(item, query, second)) ?? null;
}

export function storedJudgments(db: ReadableDb, judge: Judge, model: string, items: readonly ScoringItem[], unjudged: RunScore): JudgeLookup & { spread: JudgeSpread } {
  const requests = judgeRequests(judge, items, unjudged);
  const stored = judgmentsFor(db, requests.map((r) => judgeKey(model, judge.prompt, r)));
  const spread: JudgeSpread = { judged: 0, repeated: 0, meanStd: 0 };
  const lookup = judgmentLookup(requests, (r) => {
    const folded = foldJudgments(stored.get(judgeKey(model, judge.prompt, r)) ?? []);
    if (!folded) return null;
    spread.judged++;
    if (folded.repeats > 1) {
      spread.repeated++;
      spread.meanStd += (folded.std - spread.meanStd) / spread.repeated;
    }
    return folded;
  });
  return Object.assign(lookup, { spread });
}

/** How far a judge's repeats disagreed: the mean standard deviation of the scores of answers judged more than once. */
interface JudgeSpread {
  judged: number;
  repeated: number;
  meanStd: number;
}
