// StreamingBench run files (formats §2; src/benchmark/*.py): the question file rewritten with each
// question's answer under the model's name, question[<model>] = response — a list of entries
// {video_path, questions: […]} (the SQA file: a list of such lists). A proactive question's answer is
// {answered: <s>|false, dialog_history: [{role, content, time, cost}, …]}: the last turn is the
// model's output, at its `time`. Questions carry no id, so each line gives the entry's video and the
// question's time_stamp for the matcher. Several models may have answered in one file: the `model`
// option picks one, else every key that is not a StreamingBench field is taken as a model's answer.
import { z } from 'zod';
import { clockSeconds, documentRunReader, recordKind, type LineProblem, type RunLineDraft } from './reading';

/** The fields of a StreamingBench question (and those its runners add besides the answer). */
const QUESTION_FIELDS = new Set(['task_type', 'question', 'time_stamp', 'answer', 'options', 'required_ability', 'cause', 'effect', 'ground_truth_time_stamp', 'ground_truth_output', 'audio_path', 'results', 'time', 'video_path']);

const turnSchema = z.object({ role: z.string().optional(), content: z.string(), time: z.number().finite().min(0).optional(), cost: z.number().finite().min(0).optional() }).passthrough();
const proactiveSchema = z.object({ answered: z.union([z.number().finite().min(0), z.literal(false)]), dialog_history: z.array(turnSchema) }).passthrough();
const answerSchema = z.union([z.string(), proactiveSchema]);

const questionSchema = z.object({ time_stamp: clockSeconds }).catchall(z.unknown());
const entrySchema = z.object({ video_path: z.string().min(1), questions: z.array(questionSchema) }).passthrough();
type Entry = z.infer<typeof entrySchema>;

const ANSWER = 'its text, or {answered, dialog_history} for a proactive question';

/** What one model answered to one question: the text, and for a proactive one when and how long it took; null if it is not an answer. */
function answerLine(model: string, answer: unknown): Omit<RunLineDraft, 'item' | 'video' | 'queryTime'> | null {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return null;
  if (typeof parsed.data === 'string') return { model, response: parsed.data };
  const { answered, dialog_history: turns } = parsed.data;
  const last = [...turns].reverse().find((t) => t.role === undefined || t.role === 'assistant');
  return {
    model,
    response: last?.content ?? '',
    ...(last?.time !== undefined ? { t: last.time } : {}),
    ...(last?.cost !== undefined ? { latency: last.cost } : {}),
    meta: { answered, dialog_history: turns },
  };
}

export const readStreamingBenchRun = documentRunReader((document, _file, options) => {
  if (!Array.isArray(document)) return 'expected the StreamingBench question list with the models’ answers added';
  const only = options.model?.trim();
  /** The lines of a record's entries; `nested` for the SQA file, whose records are lists of entries. */
  const linesOf = (entries: Entry[], nested: boolean): Array<RunLineDraft | LineProblem> =>
    entries.flatMap((entry, e) => {
      const video = entry.video_path.replace(/^\.\//, '');
      return entry.questions.flatMap((q, k) => {
        const models = only ? (only in q ? [only] : []) : Object.keys(q).filter((key) => !QUESTION_FIELDS.has(key));
        return models.map((model) => {
          const at = [...(nested ? [e] : []), 'questions', k, model];
          const line = answerLine(model, q[model]);
          if (line) return { ...line, item: '', video, queryTime: q.time_stamp, at };
          return { problem: only ? `expected the model’s answer: ${ANSWER}` : `not a StreamingBench field, nor a model’s answer (${ANSWER}); name the model to read only its answers`, at };
        });
      });
    });
  const list = recordKind([], z.array(entrySchema), (entries) => linesOf(entries, true));
  const entry = recordKind([], entrySchema, (one) => linesOf([one], false));
  return [{ path: [], read: (value) => (Array.isArray(value) ? list : entry).read(value) }];
});
