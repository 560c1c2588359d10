// LLM judges for the judged metrics: PhoStream's 0–5 rubric (Listing A.2) for on-time free-text
// answers, VSAS-Bench's yes/no + 0–3 tiers against the reference caption (Fig. 6) for each second.
// What to judge is read off a run's score without judgments (the on-time answers, the seconds with
// their forward-filled response); each request is keyed by what decides it — judge model, prompt
// version, question, reference, response — so a judgment is reused by every run that gave the same
// response, and repeats of one request are kept apart.
import { z } from 'zod';
import type { Judgment, QueryScore, RunScore, ScoringItem } from './types';

interface JudgePrompt {
  template: string;
  version: number;
  system: string;
}

const PHOSTREAM_PROMPT: JudgePrompt = {
  template: 'phostream-judge',
  version: 1,
  system: [
    "You are an expert evaluator judging whether a model's answer provides a reasonable and factually plausible explanation that directly addresses the question, based on the reference answer.",
    'Guidelines: focus on whether the answer gives a coherent reason; it does not need to reproduce all details of the reference; the essential reason must be there; accept simplified, rephrased, or high-level reasoning; do not deduct points for omitting secondary or illustrative details; only penalize if the explanation is factually wrong, fails to provide a meaningful cause, or is so vague that it does not answer the question.',
    'Scores: 5 Fully accurate and complete explanation. 4 Correct and logically sufficient; may omit non-essential details. 3 Partially relevant but weakens or misses part of the core causal link. 2 Tangential or speculative without solid grounding. 1 Factually incorrect. 0 No attempt to answer or completely off-topic.',
    'Return a valid JSON object with exactly two keys: "explanation" (one sentence) and "score" (integer 0-5). Output only the JSON.',
  ].join('\n'),
};

const VSAS_PROMPT: JudgePrompt = {
  template: 'vsas-judge',
  version: 1,
  system: [
    'You judge a model response against a reference answer for a question about the current moment of a video.',
    "Binary 'pred': accept synonyms, paraphrases, or reworded answers if meaning is preserved; tier 3 means 'yes', tiers 0 and 1 mean 'no'; for tier 2 decide.",
    "Tiers ('score'): 0 No meaningful match. 1 Some overlap, but major errors or missing key parts. 2 Mostly correct with small mistakes or omissions. 3 Perfect or near-perfect match.",
    'Special cases: with given choices, tier 3 needs one of the choices, a synonym not in the list is tier 2. A step from a given list: 3, 2 or 0 (do not assign score 1). Empty strings, "None", or "NA" (and similar responses) are considered a match. An unordered list: all items 3, IoU above 0.8 2, IoU between 0 and 0.8 1, none 0. An ordered list: all items in the same order 3, all but in a different order 2, some 1, none 0. A transcription: exact 3, under 20 % of words missing or changed 2, over 20 % 1. A count: exact 3, the format matches but the count is wrong 1, a wrong format 0.',
    "Return only a JSON dictionary with the following keys: 'pred' ('yes' or 'no') and 'score' (0-3).",
  ].join('\n'),
};

const phostreamJudgeSchema = z.object({ explanation: z.string().max(2_000), score: z.number().int().min(0).max(5) }).strict();
const vsasJudgeSchema = z.object({ pred: z.enum(['yes', 'no']), score: z.number().int().min(0).max(3) }).strict();
type JudgeReply = z.infer<typeof phostreamJudgeSchema> | z.infer<typeof vsasJudgeSchema>;

export interface JudgeRequest {
  /** The item as scored and the query (and second, VSAS) the judgment is looked up by. */
  item: string;
  query: number;
  second?: number;
  question: string;
  reference: string;
  response: string;
}

/** A benchmark's judge (its registry entry names it): what it is asked, how its reply reads, what it judges. */
export interface Judge {
  prompt: JudgePrompt;
  /** What a person checking the judge compares with it: yes/no verdicts (VSAS), or the 0–5 score (PhoStream, linearly weighted). */
  labels: 'verdict' | 'score';
  schema: z.ZodType<JudgeReply>;
  /** The user message for a request. */
  text(r: JudgeRequest): string;
  judgment(reply: JudgeReply): Judgment;
  /** A reply that cannot be read: the judgment the benchmark gives it, or null to leave it unjudged. */
  unreadable(error: string): Judgment | null;
  /** What one scored query of an item leaves to the judge, if anything. */
  request(item: ScoringItem, scored: string, q: QueryScore): JudgeRequest | null;
}

export const PHOSTREAM_JUDGE: Judge = {
  prompt: PHOSTREAM_PROMPT,
  labels: 'score',
  schema: phostreamJudgeSchema,
  text: (r) => `Question: ${r.question}\nPredicted Answer: ${r.response}\nCorrect Answer: ${r.reference}`,
  judgment: (reply) => ('explanation' in reply ? { score: reply.score, reason: reply.explanation } : { score: reply.score, reason: `tier ${reply.score}` }),
  // the release's judge script scores what it cannot parse 0
  unreadable: (error) => ({ score: 0, reason: `unparseable judgment scores 0 (${error})` }),
  // only on-time free-text answers are judged
  request: (item, scored, q) =>
    q.timing === 'on-time' && q.correct === null && typeof q.extracted === 'string'
      ? { item: scored, query: q.query, question: item.question.text ?? '', reference: String(item.points[q.query]?.answer ?? ''), response: q.extracted }
      : null,
};

export const VSAS_JUDGE: Judge = {
  prompt: VSAS_PROMPT,
  labels: 'verdict',
  schema: vsasJudgeSchema,
  text: (r) => `Question: ${r.question}\nReference answer: ${r.reference}\nModel response: ${r.response}`,
  judgment: (reply) => ('pred' in reply ? { score: reply.score, verdict: reply.pred, reason: `tier ${reply.score}` } : { score: reply.score, reason: reply.explanation }),
  unreadable: () => null,
  // every second of the task, with its forward-filled response
  request(item, scored, q) {
    if (q.t === null) return null;
    const point = item.points.find((p) => Math.floor(p.time) === q.t);
    return { item: scored, query: 0, second: q.t, question: item.question.text ?? '', reference: String(point?.answer ?? ''), response: typeof q.extracted === 'string' ? q.extracted : '' };
  },
};

/** What a run's score (made without judgments) leaves to a judge. */
export function judgeRequests(judge: Judge, items: readonly ScoringItem[], score: RunScore): JudgeRequest[] {
  const byItem = new Map(items.map((i) => [i.item, i]));
  const out: JudgeRequest[] = [];
  for (const scored of score.items) {
    const item = byItem.get(scored.item);
    if (!item) continue;
    for (const q of scored.queries) {
      const request = judge.request(item, scored.item, q);
      if (request) out.push(request);
    }
  }
  return out;
}

/** The key a judgment is kept and found by. */
export const judgeKey = (model: string, prompt: JudgePrompt, r: Pick<JudgeRequest, 'question' | 'reference' | 'response'>): string =>
  JSON.stringify([model, prompt.template, prompt.version, r.question, r.reference, r.response]);

/** Repeats of one request folded into one judgment: the mean score, the majority verdict (a tie: none). */
export function foldJudgments(repeats: readonly Judgment[]): (Judgment & { repeats: number; std: number }) | null {
  if (repeats.length === 0) return null;
  const mean = repeats.reduce((a, j) => a + j.score, 0) / repeats.length;
  const std = Math.sqrt(repeats.reduce((a, j) => a + (j.score - mean) ** 2, 0) / repeats.length);
  const yes = repeats.filter((j) => j.verdict === 'yes').length;
  const no = repeats.filter((j) => j.verdict === 'no').length;
  const verdict = yes > no ? 'yes' : no > yes ? 'no' : undefined;
  return { score: mean, reason: repeats[0]!.reason, ...(verdict ? { verdict } : {}), repeats: repeats.length, std };
}

export interface JudgeCheckItem {
  /** The judge's key for this request (what a person's verdict is stored against). */
  key: string;
  question: string;
  reference: string;
  response: string;
  /** This person's verdict, once given (never the judge's). */
  mine: Judgment | null;
}

export interface JudgeAgreement {
  /** Requests both the judge and a person judged. */
  pairs: number;
  kappa: number | null;
  ci95: [number, number] | null;
  band: string | null;
  percent: number | null;
  labels: Judge['labels'];
}
