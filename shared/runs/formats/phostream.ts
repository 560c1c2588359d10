// PhoStream runs (formats §5; run_stream_eval.py). Neither file names the model.
//
// Run output JSONL: one row per video, the benchmark entry as the runner loaded it (video_path and
// verified_responses, or the "new format" sqa events) with `responses`: the stream the model emitted
// a second at a time, [{timestamp: "MM:SS", response, raw_response, status_code, runtime_ms}]. A
// response is listed under the questions open when it came: asked at or before it, and not past the
// release's window (T + 2 s, T the question's time, or T_p for a forward one) — scoring then gives it,
// as the release does, to one of them (scoring/phostream.ts). One that came after
// every open window answers the question asked last before it (a late answer); a placeholder
// ("Silent", …) outside every window answers nothing and is left out; a real one before any question
// is reported as matching none. Questions of verified_responses are named as Tidemark names them,
// "<video_path>#<index>"; every line also gives the video and the time asked (sqa events have no
// index: the matcher finds their question by these alone).
//
// Scoring details JSONL (*_details.jsonl): one row per question, {sample_id, question_time, question,
// answer_time, answer, response_time, response, score, category, …}: the response the scorer took,
// with its verdict in meta. sample_id is the video's place in the benchmark file (1-based): the line
// names its video "#<sample_id>", which the matcher reads as the project's n-th PhoStream video.
import { z } from 'zod';
import { FORWARD_WINDOW_SECONDS, isPlaceholder } from '../../scoring/timing';
import { clockSeconds as clock, jsonlRunReader, modelOf, recordKind, textOf, type LineProblem, type RunLineDraft } from './reading';

/** time_type / type values the release reads as forward (config.yaml forward_task_types). */
const FORWARD = new Set(['forward', 'future', 'proactive']);

const qaSchema = z.object({ timestamp_question: clock, timestamp_proactive: clock.optional(), time_type: z.string().optional() }).passthrough();
const eventSchema = z.object({ timestamp: clock, question: z.string().optional(), response: z.string().optional(), type: z.string().optional(), task_type: z.string().optional() }).passthrough();
// a null or missing response is read as the release reads it (response.get("response", "")): no answer
const streamedSchema = z
  .object({ timestamp: clock, response: z.string().nullable().optional(), status_code: z.number().int().optional(), runtime_ms: z.number().finite().min(0).optional() })
  .passthrough();

const runRowSchema = z
  .object({
    video_path: z.string().min(1).optional(),
    video: z.string().min(1).optional(),
    verified_responses: z.array(qaSchema).optional(),
    sqa: z.array(eventSchema).optional(),
    responses: z.array(streamedSchema),
  })
  .passthrough()
  .superRefine((r, ctx) => {
    if (r.video_path === undefined && r.video === undefined) ctx.addIssue({ code: 'custom', path: ['video_path'], message: 'missing (the video the responses are about)' });
    if (r.verified_responses === undefined && r.sqa === undefined) ctx.addIssue({ code: 'custom', path: ['verified_responses'], message: 'missing (the questions: verified_responses or sqa)' });
  });
type RunRow = z.infer<typeof runRowSchema>;

/** A question of the stream: when it is asked, when its answer is due (T_p for forward), and how a line names it. */
interface StreamQuestion {
  asked: number;
  due: number;
  key: Pick<RunLineDraft, 'item' | 'video' | 'queryTime'>;
}

/** The questions of a run row, as the release's parse_logical_questions reads them. */
function questionsOf(row: RunRow, video: string): StreamQuestion[] {
  if (row.verified_responses) {
    return row.verified_responses.map((qa, k) => {
      const forward = qa.time_type !== undefined && FORWARD.has(qa.time_type.trim().toLowerCase());
      return {
        asked: qa.timestamp_question,
        due: forward ? (qa.timestamp_proactive ?? qa.timestamp_question) : qa.timestamp_question,
        key: { item: `${video}#${k}`, video, queryTime: qa.timestamp_question },
      };
    });
  }
  // sqa: a question event with its answer, or a question event followed by a response-only event (forward)
  const questions: StreamQuestion[] = [];
  const events = row.sqa ?? [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.question === undefined) continue;
    const next = events[i + 1];
    const answerEvent = e.response === undefined && next && next.question === undefined && next.response !== undefined ? next : null;
    if (answerEvent) i++;
    questions.push({ asked: e.timestamp, due: answerEvent?.timestamp ?? e.timestamp, key: { item: '', video, queryTime: e.timestamp } });
  }
  return questions;
}

const clockText = (s: number): string => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export const readPhostreamRun = jsonlRunReader((file, options) => {
  const model = modelOf(file, options);
  return recordKind([], runRowSchema, (row) => {
    const video = row.video_path ?? row.video!;
    const questions = questionsOf(row, video);
    const lines: Array<RunLineDraft | LineProblem> = [];
    row.responses.forEach((r, i) => {
      const at = ['responses', i];
      const { response, meta: none } = textOf(r.response, r.response === null ? 'response: null (no answer, as the release reads it)' : 'no response field (no answer, as the release reads it)');
      const open = questions.filter((q) => q.asked <= r.timestamp && r.timestamp <= q.due + FORWARD_WINDOW_SECONDS);
      const before = questions.filter((q) => q.asked <= r.timestamp).sort((a, b) => b.asked - a.asked)[0];
      const to = open.length ? open : isPlaceholder(response) ? [] : before ? [before] : null;
      if (to === null) return void lines.push({ problem: `a response at ${clockText(r.timestamp)}, before any question of the video is asked`, at, unmatched: true });
      const meta = { ...none, ...(r.status_code !== undefined && r.status_code !== 200 ? { status_code: r.status_code } : {}) };
      for (const q of to)
        lines.push({ model, ...q.key, t: r.timestamp, response, ...(r.runtime_ms !== undefined ? { latency: r.runtime_ms / 1000 } : {}), ...(Object.keys(meta).length ? { meta } : {}), at });
    });
    return lines;
  });
});

const detailSchema = z
  .object({
    sample_id: z.union([z.number().int().min(1), z.string().regex(/^\d+$/).transform(Number)], { error: 'expected the video’s number in the benchmark file' }),
    question_time: clock,
    response_time: clock,
    response: z.string(),
    score: z.number().optional(),
    category: z.string().optional(),
    explanation: z.string().optional(),
  })
  .passthrough();

export const readPhostreamDetails = jsonlRunReader((file, options) => {
  const model = modelOf(file, options);
  return recordKind([], detailSchema, (r) => {
    const verdict = Object.fromEntries(Object.entries({ score: r.score, category: r.category, explanation: r.explanation }).filter(([, v]) => v !== undefined && v !== ''));
    return [{ model, item: '', video: `#${r.sample_id}`, queryTime: r.question_time, t: r.response_time, response: r.response, ...(Object.keys(verdict).length ? { meta: verdict } : {}) }];
  });
});
