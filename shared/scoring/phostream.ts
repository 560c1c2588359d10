// PhoStream scores (§3.5, §4.1; digest phostream.md §4). Each question is scored on the response the
// timing rules pick (timing.ts): by default the release's, which matches a video's questions, in file
// order, against its stream of responses, each response answering one question; with `rules: 'paper'`
// each question on its own. Early, late and no response score 0; an on-time free-text answer is
// judged 0–5 against the reference and scaled ×20; an on-time option answer is 100 or 0 (release).
// Instant / Backward / Forward are means over their questions, the overall the mean over all of them
// (count-weighted, not the mean of the three columns); ER / NR / PC are shares of forward questions.
import type { TemporalType } from '../profiles';
import { plural } from '../plural';
import { checked, countWeightedMean, meanAll, percent, type Checked, type Published } from './aggregate';
import type { ScoringContext } from './context';
import { readAnswer, responseTime, responsesByQuery } from './responses';
import { classifyTiming, matchReleaseStream, type TimingResult } from './timing';
import type { ItemScore, Judgment, Metrics, ProfileScore, QueryScore, ScoringItem, ScoringResponse, Timing } from './types';

type PhostreamType = 'instant' | 'backward' | 'forward';

/** The release's reading of time_type: forward (also "future", "proactive"), instant, else backward. */
export function phostreamType(t: TemporalType | string | null): PhostreamType {
  if (t === 'forward' || t === 'future' || t === 'proactive') return 'forward';
  return t === 'instant' ? 'instant' : 'backward';
}

/** A 0–5 judgment as a 0–100 score (the release clamps out-of-range scores). */
export const judgedScore = (j: Judgment | null): number | null => (j ? 20 * Math.min(5, Math.max(0, j.score)) : null);

/** Overall = Σ score·count / Σ count over the temporal types (Table 3); unknown if any type is. */
export function phostreamOverall(types: ReadonlyArray<{ score: number | null; count: number }>, published?: Published): Checked {
  return checked(countWeightedMean(types.map((t) => ({ value: t.score, count: t.count }))), published, 'the count-weighted mean over its questions');
}

/** ER / NR / PC as shares (0–100) of forward questions; a late answer is No Response, as in the paper. */
export function forwardShares(timings: readonly Timing[]): { er: number | null; nr: number | null; pc: number | null } {
  let er = 0;
  let pc = 0;
  for (const t of timings) {
    if (t === 'early') er++;
    else if (t === 'on-time') pc++;
  }
  return { er: percent(er, timings.length), nr: percent(timings.length - er - pc, timings.length), pc: percent(pc, timings.length) };
}

export const PHOSTREAM_NOTE =
  'PhoStream: early, late and missing answers score 0, on-time answers are judged (0–5 × 20); Instant, Backward and Forward are means over their questions and the overall the mean over all questions (count-weighted, Table 3); ER, NR and PC are shares of forward questions, late forward answers counted as NR.';

export const PHOSTREAM_RELEASE_NOTE =
  "Timing by the release (run_stream_eval.py): a video's questions, in file order, each take the first answer not taken by an earlier one within [t_q, T + 2 s] (T = t_q, or T_p for a forward question); a forward question passes over an answer at exactly t_q; an answer after the 2 s is no response.";
export const PHOSTREAM_PAPER_NOTE =
  'Timing by the paper (--rules paper): each question on its own, its first answer from t_q on deciding — a forward answer at t_q is early, an answer after the window late.';

/** A response picked for a question, with the timing rule's verdict. */
type Picked = { result: TimingResult; response: ScoringResponse | null };

/**
 * The release's matching, per video: its items' responses are one stream — a response given to several
 * questions (a run file names each question it was open for) is one emission, the same text at the
 * same time — and its questions, in the order given (the file's), take them in turn.
 */
function releasePicks(items: readonly ScoringItem[], notes: ScoringContext['notes'], forwardSeconds: number): Map<ScoringItem, Picked[]> {
  const videos = new Map<string, ScoringItem[]>();
  for (const item of items) {
    const key = item.question.videoId ?? `\u0000${item.item}`;
    const list = videos.get(key);
    if (list) list.push(item);
    else videos.set(key, [item]);
  }
  const picks = new Map<ScoringItem, Picked[]>();
  for (const ofVideo of videos.values()) {
    const stream: Array<{ t: number; text: string; response: ScoringResponse }> = [];
    const seen = new Set<string>();
    const questions = ofVideo.flatMap((item) => {
      const byQuery = responsesByQuery(item, notes);
      for (const list of byQuery) {
        for (const r of list) {
          const t = responseTime(r, item);
          const key = `${t}\u0000${r.text}`;
          if (seen.has(key)) continue;
          seen.add(key);
          stream.push({ t, text: r.text, response: r });
        }
      }
      const type = phostreamType(item.question.temporalType);
      return item.points.map((p) => ({ temporalType: type, time: p.time, proactiveTime: p.proactiveTime, ...(typeof p.answer === 'string' ? { reference: p.answer } : {}) }));
    });
    const results = matchReleaseStream(questions, stream, forwardSeconds);
    let next = 0;
    for (const item of ofVideo)
      picks.set(
        item,
        item.points.map(() => {
          const result = results[next++]!;
          return { result, response: result.scored === null ? null : stream[result.scored]!.response };
        }),
      );
  }
  return picks;
}

interface Group {
  scores: Array<number | null>;
  timings: Timing[];
  forward: boolean;
}

export function scorePhostream(items: readonly ScoringItem[], ctx: ScoringContext): ProfileScore {
  const { notes } = ctx;
  const groups = new Map<string, Group>();
  const add = (key: string, forward: boolean, score: number | null, timing: Timing): void => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { scores: [], timings: [], forward }));
    g.scores.push(score);
    g.timings.push(timing);
  };
  const release = ctx.rules === 'release' ? releasePicks(items, notes, ctx.forwardSeconds) : null;
  /** The paper's rule: each question on its own. */
  const paperPicks = (item: ScoringItem, type: PhostreamType): Picked[] => {
    const byQuery = responsesByQuery(item, notes);
    return item.points.map((point, q) => {
      const list = byQuery[q]!;
      const reference = typeof point.answer === 'string' ? point.answer : undefined;
      const result = classifyTiming(
        { temporalType: type, time: point.time, proactiveTime: point.proactiveTime },
        list.map((r) => ({ t: responseTime(r, item), text: r.text })),
        { reference, forwardSeconds: ctx.forwardSeconds },
      );
      return { result, response: result.scored === null ? null : list[result.scored]! };
    });
  };
  const scored: ItemScore[] = items.map((item) => {
    const type = phostreamType(item.question.temporalType);
    const keys = [type, `${item.question.taskCode ?? 'unknown'} / ${type}`];
    if (item.question.facets?.scenario) keys.push(`${item.question.facets.scenario} / ${type}`);
    const picked = release?.get(item) ?? paperPicks(item, type);
    const extractor = item.question.answerKind === 'text' ? null : ctx.extractorFor(item.question.answerKind);
    const scores: Array<number | null> = [];
    const queries: QueryScore[] = item.points.map((_, q) => {
      const { result, response } = picked[q]!;
      let score: number | null = 0;
      let query: QueryScore = { query: q, t: response?.t ?? null, extracted: response?.text ?? null, rule: result.rule, correct: null, timing: result.timing };
      if (result.timing === 'on-time' && extractor) {
        const read = readAnswer(item, q, response, extractor);
        query = { ...query, extracted: read.extracted, rule: `${result.rule}; ${read.rule}`, correct: read.correct };
        score = read.correct ? 100 : 0;
      } else if (result.timing === 'on-time') {
        score = judgedScore(ctx.judgments?.(item.item, q) ?? null);
        if (score === null)
          notes.count(
            'unjudged',
            (n) =>
              `A judge is needed: ${plural(n, 'on-time answer')} ${n === 1 ? 'has' : 'have'} no judgment, so ${n === 1 ? 'its score is' : 'their scores are'} null, and so is every average that contains ${n === 1 ? 'it' : 'them'}.`,
          );
      }
      scores.push(score);
      for (const key of keys) add(key, type === 'forward', score, result.timing);
      return query;
    });
    return { item: item.item, category: type, metrics: { score: meanAll(scores) }, queries };
  });
  const byCategory: Record<string, Metrics> = {};
  for (const [key, g] of groups) byCategory[key] = g.forward ? { score: meanAll(g.scores), ...forwardShares(g.timings) } : { score: meanAll(g.scores) };
  const types = (['instant', 'backward', 'forward'] as const).map((t) => groups.get(t)).filter((g): g is Group => g !== undefined);
  const overall: Metrics = { score: phostreamOverall(types.map((g) => ({ score: meanAll(g.scores), count: g.scores.length }))).value, ...forwardShares(groups.get('forward')?.timings ?? []) };
  notes.add(PHOSTREAM_NOTE);
  notes.add(release ? PHOSTREAM_RELEASE_NOTE : PHOSTREAM_PAPER_NOTE);
  return { overall, byCategory, items: scored };
}
