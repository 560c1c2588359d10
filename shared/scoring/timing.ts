// PhoStream response windows and timing classes (digest phostream.md §3–4, paper §3.5).
// - Instant and backward questions are answered "exactly at Timestamp Question": the window is [t_q, t_q].
// - Forward questions are answered "within a 2-second window starting at Timestamp Proactive":
//   [T_p, T_p + 2 s], inclusive as in the release.
// - Placeholders ("Silent", "ok", "Got it, I'll let you know.", …) are not answers: they are skipped.
// Two rules pick the response a question is scored on:
// - The release's (run_stream_eval.py evaluate_sample; the default, `matchReleaseStream`): a video's
//   questions in file order each take the first response not taken by an earlier one, time-sorted,
//   that is a real answer (or the reference itself) within [t_q, T + 2 s] (T = t_q, or T_p for a
//   forward question); a forward question passes over an answer at exactly t_q. Before T it is early,
//   after T (instant, backward) late, in the window on time; none is no response — so an answer after
//   the 2 s is no response, and a forward question is never late.
// - The paper's (§3.5, `classifyTiming`): each question on its own; the first real answer from t_q on
//   decides — early before the window, late after it — and a forward answer at exactly t_q is early,
//   as the paper's figures label such answers (digest §4.1 notes the conflict). The paper folds late
//   forward answers into No Response (its ER + NR + PC = 100 %).
import { formatTimecode } from '../timecode';
import type { Timing } from './types';

/**
 * The release's placeholder list (config.yaml `scoring.placeholder_responses`, digest §4.1): the
 * paper's List A.1 plus three English variants; matched as the release does, case-insensitively after
 * trimming, the whole response only.
 */
export const PLACEHOLDERS: readonly string[] = [
  '',
  'silent',
  '<NO_INFORMATION>',
  '<SILENT>',
  "Alright, I'll send you a reminder then.",
  "Got it, I'll let you know at that moment.",
  "got it, i'll let you know.",
  'Understood, I will remind you when the time comes.',
  '收到，我会留意的。',
  '没问题，到时候提醒你。',
  '好的，到时候我会提醒你。',
  '没问题，到时候我会告诉你。',
  "No problem, I'll remind you then.",
  'Okay, I will alert you when it happens.',
  'I will make sure to remind you at that time.',
  '好的，那到时候我会提醒你。',
  '好的，到时候我会发提醒给你。',
  'Sure, I will let you know at that time.',
  'Noted, expect a reminder from me then.',
  'Ok, I will remind you then.',
  'Certainly, I will provide the reminder then.',
  'ok',
  'okay',
  'sure',
  'yes',
  '收到',
  '好的',
  '明白了',
  'got it, i will notify you at that moment.',
];

const PLACEHOLDER_SET = new Set(PLACEHOLDERS.map((p) => p.trim().toLowerCase()));

export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER_SET.has(text.trim().toLowerCase());
}

/** The release's --time-window: how long after T_p a forward answer still counts. */
export const FORWARD_WINDOW_SECONDS = 2;

/** Float noise only: times are whole seconds in the release, floats here. */
const SLACK = 1e-9;

export interface TimedQuestion {
  temporalType: string | null;
  /** t_q */
  time: number;
  /** T_p, forward questions only. */
  proactiveTime: number | null;
}

interface ResponseWindow {
  start: number;
  end: number;
}

const isForward = (q: TimedQuestion): boolean => q.temporalType === 'forward';

export function responseWindow(q: TimedQuestion, forwardSeconds = FORWARD_WINDOW_SECONDS): ResponseWindow {
  if (!isForward(q)) return { start: q.time, end: q.time };
  const start = q.proactiveTime ?? q.time;
  return { start, end: start + forwardSeconds };
}

interface TimedResponse {
  t: number;
  text: string;
}

export interface TimingResult {
  timing: Timing;
  /** Index (into the responses given) of the response that is scored; null for no response. */
  scored: number | null;
  window: ResponseWindow;
  /** Why, in words: when the first real answer came and what the window was. */
  rule: string;
}

/** A time as the release writes it (MM:SS), with hundredths when it is not a whole second. */
export const clock = (t: number): string => formatTimecode(t, { fractionDigits: Number.isInteger(t) ? 0 : 2 });

/**
 * Classifies one question's responses. A placeholder that happens to equal the reference answer is an
 * answer, as in the release. Responses before t_q answer something else and are passed over.
 */
export function classifyTiming(q: TimedQuestion, responses: readonly TimedResponse[], options: { reference?: string; forwardSeconds?: number } = {}): TimingResult {
  const window = responseWindow(q, options.forwardSeconds);
  const span = window.start === window.end ? clock(window.start) : `[${clock(window.start)}, ${clock(window.end)}]`;
  let first: number | null = null;
  for (let i = 0; i < responses.length; i++) {
    const r = responses[i]!;
    if (r.t < q.time - SLACK || (isPlaceholder(r.text) && r.text !== options.reference)) continue;
    if (first === null || r.t < responses[first]!.t) first = i;
  }
  if (first === null) return { timing: 'no-response', scored: null, window, rule: `no answer other than placeholders from ${clock(q.time)} on (window ${span})` };
  const t = responses[first]!.t;
  const timing: Timing = t < window.start - SLACK ? 'early' : t > window.end + SLACK ? 'late' : 'on-time';
  const when = { early: 'before', 'on-time': 'within', late: 'after', 'no-response': '' }[timing];
  return { timing, scored: first, window, rule: `first answer at ${clock(t)}, ${when} the window ${span}` };
}

/** A question of a video's stream, for the release's matching; `reference` is its answer text. */
interface StreamQuestion extends TimedQuestion {
  reference?: string;
}

/**
 * The release's matching (evaluate_sample): one video's questions in file order, its responses as one
 * stream. A response answers one question at most — the first in file order whose search window
 * [t_q, T + forwardSeconds] holds it — and `scored` indexes `responses`. Ties in time keep the order
 * given (the release's sort is stable).
 */
export function matchReleaseStream(questions: readonly StreamQuestion[], responses: readonly TimedResponse[], forwardSeconds = FORWARD_WINDOW_SECONDS): TimingResult[] {
  const order = responses.map((_, i) => i).sort((a, b) => responses[a]!.t - responses[b]!.t);
  const taken = new Set<number>();
  return questions.map((q) => {
    const forward = isForward(q);
    const due = forward ? (q.proactiveTime ?? q.time) : q.time;
    const searchEnd = due + forwardSeconds;
    // the release's correct_time_end: T itself when the question is due when asked, else T + 2 s
    const window: ResponseWindow = { start: due, end: Math.abs(due - q.time) <= SLACK ? due : searchEnd };
    const span = window.start === window.end ? clock(window.start) : `[${clock(window.start)}, ${clock(window.end)}]`;
    let chosen: number | null = null;
    let skippedAtAsk = false;
    let takenBefore = 0;
    for (const i of order) {
      const r = responses[i]!;
      if (r.t < q.time - SLACK || r.t > searchEnd + SLACK) continue;
      if (isPlaceholder(r.text) && r.text !== q.reference) continue;
      if (taken.has(i)) {
        takenBefore++;
        continue;
      }
      if (forward && Math.abs(r.t - q.time) <= SLACK) {
        skippedAtAsk = true;
        continue;
      }
      chosen = i;
      taken.add(i);
      break;
    }
    const notes = [
      ...(skippedAtAsk ? [`the answer at t_q (${clock(q.time)}) passed over, as the release does for a forward question`] : []),
      ...(takenBefore ? [`${takenBefore === 1 ? 'an answer' : `${takenBefore} answers`} in reach taken by an earlier question of the video`] : []),
    ];
    const tail = notes.length ? `; ${notes.join('; ')}` : '';
    if (chosen === null) return { timing: 'no-response', scored: null, window, rule: `no answer other than placeholders in [${clock(q.time)}, ${clock(searchEnd)}] (window ${span})${tail}` };
    const t = responses[chosen]!.t;
    const timing: Timing = t < window.start - SLACK ? 'early' : t > window.end + SLACK ? 'late' : 'on-time';
    const when = { early: 'before', 'on-time': 'within', late: 'after', 'no-response': '' }[timing];
    return { timing, scored: chosen, window, rule: `answer at ${clock(t)}, ${when} the window ${span}${tail}` };
  });
}
