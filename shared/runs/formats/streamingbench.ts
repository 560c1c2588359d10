// StreamingBench run files (formats §2; src/benchmark/*.py): the question file rewritten with each
// question's answer under the model's name, question[<model>] = response — a list of entries
// {video_path, questions: […]} (the SQA file: a list of such lists). A proactive question's answer is
// {answered: <s>|false, dialog_history: [{role, content, time, cost}, …]}: the last turn is the
// model's output, at its `time`. Questions carry no id: a line names its question by its place, as the
// release's answers sit in their question — "<video_path>#<n>", the n-th question (from 0) of that
// video in the file — and gives the video and time_stamp besides, for a question the matcher cannot
// name so. Several models may have answered in one file: the `model` option picks one, else every key
// that is not a StreamingBench field is taken as a model's answer. A null answer is read as an empty
// one (count.py passes over both in the SQA file; elsewhere it stops on them), an empty dialog history
// as no output.
import { z } from 'zod';
import { streamingBenchTime } from '../../formats/streamingbench';
import { documentRunReader, recordKind, textOf, type LineProblem, type RunLineDraft } from './reading';

/** The fields of a StreamingBench question (and those its runners add besides the answer). */
const QUESTION_FIELDS = new Set([
  'task_type',
  'question',
  'time_stamp',
  'answer',
  'options',
  'required_ability',
  'cause',
  'effect',
  'ground_truth_time_stamp',
  'ground_truth_output',
  'audio_path',
  'results',
  'time',
  'video_path',
]);

const turnSchema = z.object({ role: z.string().optional(), content: z.string(), time: z.number().finite().min(0).optional(), cost: z.number().finite().min(0).optional() }).passthrough();
const proactiveSchema = z.object({ answered: z.union([z.number().finite().min(0), z.literal(false)]), dialog_history: z.array(turnSchema) }).passthrough();
const answerSchema = z.union([z.string(), z.null(), proactiveSchema]);

/** A time_stamp as the release's runners read it (HH:MM:SS, or whole numbers joined by ":"). */
const clockSeconds = z.string().transform((v, ctx) => {
  const t = streamingBenchTime(v);
  if (t) return t.value.seconds;
  ctx.addIssue({ code: 'custom', message: 'not a time (HH:MM:SS, nor whole numbers joined by ":" as the release\'s runners read)' });
  return z.NEVER;
});

const questionSchema = z.object({ time_stamp: clockSeconds }).catchall(z.unknown());
const entrySchema = z.object({ video_path: z.string().min(1), questions: z.array(questionSchema) }).passthrough();
type Entry = z.infer<typeof entrySchema>;

const ANSWER = 'its text, or {answered, dialog_history} for a proactive question';

/**
 * What one model answered to one question: the text, and for a proactive one its dialog's last turn
 * (count.py reads `history[-1]`: its time and content), when and how long it took; null if it is not
 * an answer.
 */
function answerLine(model: string, answer: unknown): Omit<RunLineDraft, 'item' | 'video' | 'queryTime'> | null {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return null;
  if (parsed.data === null || typeof parsed.data === 'string') return { model, ...textOf(parsed.data, 'answer: null (count.py passes over it in the SQA file and stops on it in the others)') };
  const { answered, dialog_history: turns } = parsed.data;
  const last = turns.at(-1);
  return {
    model,
    response: last?.content ?? '',
    ...(last?.time !== undefined ? { t: last.time } : {}),
    ...(last?.cost !== undefined ? { latency: last.cost } : {}),
    meta: { answered, dialog_history: turns, ...(last ? {} : { error: 'an empty dialog history (count.py stops on it)' }) },
  };
}

const normalPath = (path: string): string => path.replace(/^\.\//, '');

/** The entries of a record, and whether the record is the SQA file's list of them. */
const entriesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const questionsOf = (entry: unknown): unknown[] => {
  const questions = entry !== null && typeof entry === 'object' ? (entry as { questions?: unknown }).questions : undefined;
  return Array.isArray(questions) ? questions : [];
};
const videoOf = (entry: unknown): string | null => {
  const path = entry !== null && typeof entry === 'object' ? (entry as { video_path?: unknown }).video_path : undefined;
  return typeof path === 'string' ? normalPath(path) : null;
};

export const readStreamingBenchRun = documentRunReader((document, _file, options) => {
  if (!Array.isArray(document)) return 'expected the StreamingBench question list with the models’ answers added';
  const only = options.model?.trim();
  // each question's place among its video's questions in the file, counted over the whole document
  // (a video's questions are spread over several entries) before records are read one at a time
  const counted = new Map<string, number>();
  const places = document.map((record) =>
    entriesOf(record).map((entry) =>
      questionsOf(entry).map(() => {
        const video = videoOf(entry);
        if (video === null) return 0;
        const n = counted.get(video) ?? 0;
        counted.set(video, n + 1);
        return n;
      }),
    ),
  );
  let record = 0;
  /** The lines of a record's entries; `nested` for the SQA file, whose records are lists of entries. */
  const linesOf = (entries: Entry[], nested: boolean, place: number[][]): Array<RunLineDraft | LineProblem> =>
    entries.flatMap((entry, e) => {
      const video = normalPath(entry.video_path);
      return entry.questions.flatMap((q, k) => {
        const models = only ? (only in q ? [only] : []) : Object.keys(q).filter((key) => !QUESTION_FIELDS.has(key));
        return models.map((model) => {
          const at = [...(nested ? [e] : []), 'questions', k, model];
          const line = answerLine(model, q[model]);
          if (line) return { ...line, item: `${video}#${place[e]![k]!}`, video, queryTime: q.time_stamp, at };
          return { problem: only ? `expected the model’s answer: ${ANSWER}` : `not a StreamingBench field, nor a model’s answer (${ANSWER}); name the model to read only its answers`, at };
        });
      });
    });
  // records are read in file order, each once: `record` counts them (a record that fails its schema too)
  return [
    {
      path: [],
      read: (value) => {
        const place = places[record++] ?? [];
        return Array.isArray(value)
          ? recordKind([], z.array(entrySchema), (entries) => linesOf(entries, true, place)).read(value)
          : recordKind([], entrySchema, (one) => linesOf([one], false, place)).read(value);
      },
    },
  ];
});
