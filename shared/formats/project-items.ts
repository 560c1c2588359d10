// Exchange items ↔ what the project stores. Imported time texts and verbatim extras are kept on the
// question (`origin`), its query points (`timeTexts`) and marks (`data.sourceText`), so exporting an
// imported question writes it the way its file did; a time edited since is written in the same style.
import type { Mark, MarkInput } from '../marks';
import type { ProfileKind } from '../profiles';
import type { QueryPoint, QueryPointFields, Question, QuestionFields } from '../questions';
import type { ExchangeItem, ExchangeMark, ExchangePoint } from './items';
import { parseTime, type EncodedTime } from './time-encoding';

export interface ProjectRows {
  fields: Omit<QuestionFields, 'profileId'>;
  points: QueryPointFields[];
  marks: MarkInput[];
}

const text = (t: EncodedTime | null | undefined): string | undefined => (t?.text ? t.text : undefined);

export function itemToRows(item: ExchangeItem): ProjectRows {
  return {
    fields: { ...item.question, origin: { format: item.profile, extra: { ...item.extra, sourceDataset: item.sourceDataset, videoPath: item.videoPath } } },
    points: item.points.map((p) => ({
      time: p.time.seconds,
      answer: p.answer,
      evidence: p.evidence.map(([s, e]) => [s.seconds, e.seconds] as [number, number]),
      proactiveTime: p.proactiveTime?.seconds ?? null,
      windowStart: p.windowStart?.seconds ?? null,
      timeTexts: {
        time: text(p.time),
        proactiveTime: text(p.proactiveTime),
        windowStart: text(p.windowStart),
        ...(p.evidence.length ? { evidence: p.evidence.map(([s, e]) => [s.text, e.text] as [string, string]) } : {}),
      },
      ...(p.probe !== undefined ? { probe: p.probe } : {}),
    })),
    marks: item.marks.map((m) => ({ ...m.mark, data: { ...m.mark.data, sourceText: { start: text(m.startText), end: text(m.endText) } } }) as MarkInput),
  };
}

/** Seconds with the text they were imported as (its style read back from the text: a clock has a colon). */
function restore(seconds: number, original: string | undefined): EncodedTime {
  if (!original) return { seconds, text: '', style: 'seconds' };
  const parsed = original.includes(':') ? parseTime(original) : null;
  return { seconds, text: original, style: parsed?.ok ? parsed.value.style : 'seconds' };
}

export function rowsToItem(question: Question, points: readonly QueryPoint[], marks: readonly Mark[], videoPath: string, profile: ProfileKind): ExchangeItem {
  const { id: _id, videoId: _v, profileId: _p, provenance: _pr, createdBy: _c, updatedAt: _u, origin, ...fields } = question;
  const { sourceDataset, videoPath: _path, ...extra } = origin?.extra ?? {};
  const exchangePoints: ExchangePoint[] = points.map((p) => ({
    time: restore(p.time, p.timeTexts?.time),
    answer: p.answer,
    evidence: p.evidence.map(([s, e], i) => [restore(s, p.timeTexts?.evidence?.[i]?.[0]), restore(e, p.timeTexts?.evidence?.[i]?.[1])] as [EncodedTime, EncodedTime]),
    proactiveTime: p.proactiveTime === null ? null : restore(p.proactiveTime, p.timeTexts?.proactiveTime),
    windowStart: p.windowStart === null ? null : restore(p.windowStart, p.timeTexts?.windowStart),
    ...(p.probe !== undefined ? { probe: p.probe } : {}),
  }));
  const exchangeMarks: ExchangeMark[] = marks.map((m) => {
    const { sourceText, ...data } = m.data as typeof m.data & { sourceText?: { start?: string; end?: string } };
    return {
      mark: { type: m.type, start: m.start, end: m.end, target: m.target, data } as MarkInput,
      startText: sourceText?.start ? restore(m.start, sourceText.start) : null,
      endText: sourceText?.end && m.end !== null ? restore(m.end, sourceText.end) : null,
    };
  });
  return {
    profile,
    videoPath,
    sourceDataset: typeof sourceDataset === 'string' ? sourceDataset : null,
    question: Object.assign(fields, { origin: null }),
    points: exchangePoints,
    marks: exchangeMarks,
    extra,
  };
}
