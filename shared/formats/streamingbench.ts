// StreamingBench item files (formats §2; import only): a list of {time, questions:[…],
// video_categories, video_path} — the SQA file nests one more list. Times are "HH:MM:SS"; options
// are "A. text" strings; proactive questions carry ground_truth_time_stamp / ground_truth_output.
// No built-in profile fits, so items land in a custom "StreamingBench" profile made from what the
// file holds (its task types become the taxonomy). A time its runners read but that is not HH:MM:SS
// ("00:00:8", "00:12450" in questions_real.json) is read as they read it, with a warning: the release's
// scorer never reads a multiple-choice question's time, and refusing the file would lose the question.
import { z } from 'zod';
import { STREAMINGBENCH_PROFILE } from '../benchmarks';
import { blankCustomProfile, type ProfileDefinition } from '../profiles';
import { OPTION_LETTERS, type OptionLetter } from '../questions';
import { itemQuestion, type ExchangeItem, type FieldPath, type FieldSource } from './items';
import { parseTime, type EncodedTime } from './time-encoding';

/**
 * A time as the release's runners read it (src/benchmark/*.py, count.py's proactive branch):
 * `sum(int(x) * 60 ** i for i, x in enumerate(reversed(t.split(":"))))` — whole numbers joined by
 * colons, each field however wide. Null where Python's int() would raise.
 */
export function releaseClockSeconds(text: string): number | null {
  const fields = text.split(':');
  if (!fields.every((f) => /^\s*[+-]?\d+\s*$/.test(f))) return null;
  const seconds = fields.reverse().reduce((sum, f, i) => sum + Number(f) * 60 ** i, 0);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** A StreamingBench time: HH:MM:SS (or any time Tidemark reads), else as the runners read it. */
export function streamingBenchTime(text: string): { value: EncodedTime; strict: boolean } | null {
  const r = parseTime(text);
  if (r.ok) return { value: r.value, strict: true };
  const seconds = releaseClockSeconds(text);
  return seconds === null ? null : { value: { seconds, text, style: 'hh:mm:ss' }, strict: false };
}

const clock = z.string().superRefine((v, ctx) => {
  if (!streamingBenchTime(v)) ctx.addIssue({ code: 'custom', message: 'not a time (HH:MM:SS, nor whole numbers joined by ":" as the release\'s runners read)' });
});

const questionSchema = z
  .object({
    task_type: z.string().min(1),
    question: z.string().min(1),
    time_stamp: clock,
    answer: z.string().optional(),
    options: z.array(z.string()).optional(),
    required_ability: z.string().optional(),
    ground_truth_time_stamp: clock.optional(),
    ground_truth_output: z.string().optional(),
  })
  .passthrough()
  .superRefine((q, ctx) => {
    const proactive = q.ground_truth_time_stamp !== undefined;
    if (!proactive && (q.answer === undefined || !q.options?.length)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a multiple-choice question needs options and an answer' });
    if (proactive && q.ground_truth_output === undefined) ctx.addIssue({ code: 'custom', path: ['ground_truth_output'], message: 'a proactive question needs its expected output' });
  });

const entrySchema = z
  .object({
    time: z.string().optional(),
    questions: z.array(questionSchema).min(1),
    video_categories: z.string().optional(),
    video_path: z.string().min(1),
  })
  .passthrough();

/** An entry, or (the SQA file) a list of entries. */
export const streamingBenchRecordSchema = z.union([entrySchema, z.array(entrySchema)]);
type StreamingBenchRecord = z.infer<typeof streamingBenchRecordSchema>;

const time = (text: string): EncodedTime => streamingBenchTime(text)!.value;

const LETTERED = /^([A-G])\.\s*(.*)$/s;
/** The letter of option i: its "A. " prefix, else its place (as the eval does). */
const letterOf = (option: string, i: number): string => LETTERED.exec(option)?.[1] ?? OPTION_LETTERS[i]!;

/** "A. text" → {A: "text"}; options without the prefix take letters in order. */
function lettered(options: readonly string[]): Partial<Record<OptionLetter, string>> {
  return Object.fromEntries(
    options.slice(0, OPTION_LETTERS.length).map((option, i) => {
      const m = LETTERED.exec(option);
      return m ? [m[1], m[2]] : [OPTION_LETTERS[i], option];
    }),
  );
}

export function streamingBenchToItems(record: StreamingBenchRecord): ExchangeItem[] {
  const entries = Array.isArray(record) ? record : [record];
  return entries.flatMap((entry) =>
    entry.questions.map((q) => {
      const proactive = q.ground_truth_time_stamp !== undefined;
      const question = itemQuestion({
        taskCode: q.task_type,
        text: q.question,
        answerKind: proactive ? 'text' : 'choice',
        options: proactive ? {} : lettered(q.options ?? []),
        temporalType: proactive ? 'forward' : null,
        facets: { ...(q.required_ability ? { required_ability: q.required_ability } : {}), ...(entry.video_categories ? { video_categories: entry.video_categories } : {}) },
      });
      return {
        profile: 'custom',
        videoPath: entry.video_path.replace(/^\.\//, ''),
        sourceDataset: null,
        question,
        points: [
          {
            time: time(q.time_stamp),
            answer: proactive ? (q.ground_truth_output ?? null) : (q.answer ?? null),
            evidence: [],
            proactiveTime: proactive ? time(q.ground_truth_time_stamp!) : null,
            windowStart: null,
          },
        ],
        marks: [],
        extra: { time: entry.time ?? null, video_path: entry.video_path },
      } satisfies ExchangeItem;
    }),
  );
}

/** Item fields → record fields: item k is the k-th question of the entry (or of the list of entries). */
export const streamingBenchFieldSource =
  (record: StreamingBenchRecord, k: number): FieldSource =>
  ([part, a, b]) => {
    const entries = Array.isArray(record) ? record : [record];
    let e = 0;
    while (e < entries.length - 1 && k >= entries[e]!.questions.length) k -= entries[e++]!.questions.length;
    const entry = entries[e]!;
    const q = entry.questions[k];
    const at = (...rest: FieldPath): FieldPath => [...(Array.isArray(record) ? [e] : []), ...rest];
    const field = (name: string): FieldPath => at('questions', k, name);
    if (part === 'question') {
      if (a === 'text') return field('question');
      if (a === 'taskCode') return field('task_type');
      if (a === 'options') {
        const i = q?.options?.findIndex((o, n) => letterOf(o, n) === b) ?? -1;
        return i < 0 ? field('options') : at('questions', k, 'options', i);
      }
      if (a === 'facets') return b === 'video_categories' ? at('video_categories') : field('required_ability');
      return null;
    }
    if (part !== 'points') return null;
    if (b === 'time') return field('time_stamp');
    if (b === 'proactiveTime') return field('ground_truth_time_stamp');
    return b === 'answer' ? field(q?.ground_truth_time_stamp === undefined ? 'answer' : 'ground_truth_output') : null;
  };

/** Times read the runners' way rather than as HH:MM:SS (by item path): warnings, never a refusal. */
export function streamingBenchWarnings(item: ExchangeItem): Array<{ path: FieldPath; reason: string }> {
  const warnings: Array<{ path: FieldPath; reason: string }> = [];
  item.points.forEach((p, k) => {
    for (const [field, t] of [
      ['time', p.time],
      ['proactiveTime', p.proactiveTime],
    ] as const) {
      if (t && !parseTime(t.text).ok) warnings.push({ path: ['points', k, field], reason: `not HH:MM:SS; read as ${t.seconds} s, as the release's runners read it (each field × 60^i)` });
    }
  });
  return warnings;
}

/** The custom profile StreamingBench items land in: the task types, abilities and categories seen. */
export function streamingBenchProfile(items: readonly ExchangeItem[]): ProfileDefinition {
  const base = blankCustomProfile(STREAMINGBENCH_PROFILE);
  const codes = [...new Set(items.map((i) => i.question.taskCode).filter((c): c is string => Boolean(c)))].sort();
  const facet = (name: string) => [...new Set(items.map((i) => i.question.facets[name]).filter((v): v is string => Boolean(v)))].sort();
  return {
    ...base,
    taxonomy: codes.map((code) => ({ code, name: code })),
    rules: {
      ...base.rules,
      answerKinds: ['choice', 'text'],
      temporalTypes: ['forward'],
      groups: false,
      counting: false,
      denseCaptions: false,
      namedEntities: false,
      facets: { required_ability: facet('required_ability'), video_categories: facet('video_categories') },
    },
  };
}
