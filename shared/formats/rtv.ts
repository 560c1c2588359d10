// RTV-Bench QA list (formats §6, digest §2.2): one flat record per (question, timestamp) with
// questionID "q-group-<gid>-<0|1|2>[-suffix]" and type "<Object|Action|Event>-<dimension>".
import { z } from 'zod';
import { OPTION_LETTERS, type GroupRole } from '../questions';
import { itemQuestion, jsonTime, numberAt, type ExchangeItem, type FieldSource, type RawSource } from './items';
import { PyFloat } from './python-json';
import type { EncodedTime } from './time-encoding';

const isEncoded = (v: unknown): v is EncodedTime => typeof v === 'object' && v !== null && 'seconds' in v && 'text' in v;

const QUESTION_ID = /^q-group-([^-]+)-([012])(?:-(.+))?$/;
const TYPE = /^(Object|Action|Event)-(TP|VP|SP|IA|PU|GU|SR|FP)\b/;

export const rtvRecordSchema = z
  .object({
    video: z.string().min(1),
    field: z.string(),
    start_time: z.number().finite().min(0),
    end_time: z.number().finite().min(0),
    questionID: z.string().regex(QUESTION_ID, 'expected q-group-<group>-<0|1|2>[-suffix]'),
    type: z.string().regex(TYPE, 'expected <Object|Action|Event>-<TP|VP|SP|IA|PU|GU|SR|FP>'),
    question: z.string().min(1),
    options: z.partialRecord(z.enum(OPTION_LETTERS), z.string()),
    answer: z.enum(OPTION_LETTERS),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.end_time < r.start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'ends before start_time' });
    if (r.options[r.answer] === undefined) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'not one of the options' });
  });
type RtvRecord = z.infer<typeof rtvRecordSchema>;

export function rtvToItem(record: RtvRecord, raw?: RawSource): ExchangeItem {
  const [, group = '', role = '0'] = QUESTION_ID.exec(record.questionID) ?? [];
  const [, perspective = 'Object', dimension = 'TP'] = TYPE.exec(record.type) ?? [];

  const question = itemQuestion({
    taskCode: dimension,
    text: record.question,
    answerKind: 'choice',
    options: record.options,
    group: { id: group, role: `q${role}` as GroupRole },
    facets: { perspective },
  });
  return {
    profile: 'rtv-bench',
    // the file names the video and the folder of its domain; the path joins them
    videoPath: record.field ? `${record.field}/${record.video}` : record.video,
    sourceDataset: null,
    question,
    points: [{ time: numberAt(raw, ['end_time'], record.end_time), answer: record.answer, evidence: [], proactiveTime: null, windowStart: null }],
    marks: [],
    extra: { questionID: record.questionID, type: record.type, field: record.field, video: record.video, start_time: numberAt(raw, ['start_time'], record.start_time) },
  };
}

/** Item fields → record fields: the group is named in questionID, the dimension and perspective in type. */
export const rtvFieldSource = (): FieldSource => (path) => {
  const [part, a, b] = path;
  if (part === 'points') return b === 'time' ? ['end_time'] : b === 'answer' ? ['answer'] : null;
  if (part !== 'question') return null;
  if (a === 'text') return ['question'];
  if (a === 'options') return b === undefined ? ['options'] : ['options', b];
  if (a === 'group') return ['questionID'];
  if (a === 'taskCode' || a === 'facets') return ['type'];
  return null;
};

/** Items back to the flat list: one record per query point, the prefix [0, t_q] as start/end time. */
export function itemsToRtv(items: readonly ExchangeItem[]): Array<Record<string, unknown>> {
  return items.flatMap((item) =>
    [...item.points]
      .sort((a, b) => a.time.seconds - b.time.seconds)
      .map((p, i) => {
        const role = item.question.group?.role.slice(1) ?? '0';
        const base = `q-group-${item.question.group?.id ?? 'ungrouped'}-${role}`;
        const questionID = typeof item.extra.questionID === 'string' && item.points.length === 1 ? item.extra.questionID : i === 0 ? base : `${base}-t${i}`;
        const field = typeof item.extra.field === 'string' ? item.extra.field : item.videoPath.includes('/') ? item.videoPath.split('/')[0]! : '';
        return {
          video: typeof item.extra.video === 'string' ? item.extra.video : item.videoPath.split('/').pop()!,
          field,
          start_time: isEncoded(item.extra.start_time) ? jsonTime(item.extra.start_time, { float: true }) : new PyFloat(0),
          end_time: jsonTime(p.time, { float: true }),
          questionID,
          type: typeof item.extra.type === 'string' ? item.extra.type : `${item.question.facets.perspective ?? 'Object'}-${item.question.taskCode ?? ''}`,
          question: item.question.text,
          options: Object.fromEntries(OPTION_LETTERS.filter((l) => item.question.options[l] !== undefined).map((l) => [l, item.question.options[l]])),
          answer: String(p.answer ?? ''),
        };
      }),
  );
}
