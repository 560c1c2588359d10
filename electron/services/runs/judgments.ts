// The lookup scoring uses: each request's repeats folded (mean score, majority
// verdict), found by the key of what decides it.
import { foldJudgments, judgeKey, judgeRequests, type Judge, type JudgeRequest } from '../../../shared/scoring/judge';
import type { Judgment, JudgeLookup, RunScore, ScoringItem } from '../../../shared/scoring/types';
import type { RunStore } from './store';

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

export async function storedJudgments(runs: RunStore, judge: Judge, model: string, items: readonly ScoringItem[], unjudged: RunScore): Promise<JudgeLookup & { spread: JudgeSpread }> {
  const requests = judgeRequests(judge, items, unjudged);
  const stored = await runs.judgments(requests.map((r) => judgeKey(model, judge.prompt, r)));
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
