// The benchmark id a question made in Tidemark is given when it is made, so every export writes it
// under the same id and a run file written against one export matches the project ever after (an
// export that numbered questions by their place renumbered them as others were added or removed).
// The id is stored where an imported question keeps its file's id (origin.extra[<id field>]), so
// matching, the question panel and the exporters read both the same way.
import type { ProfileKind } from '../profiles';
import type { QuestionFields } from '../questions';
import { benchmarkIdField, type ExchangeItem } from './items';

type Style = { prefix: string; width: number; number: boolean };

/**
 * How a format writes the ids Tidemark gives: a prefix and a zero-padded number (the OVO-S release
 * numbers its questions 0, 1, … as JSON numbers; VCBench "0000"; VSAS "task-0000", Tidemark's own
 * style, the paper publishing none). Formats whose ids are made from other fields (RTV's questionID
 * names its group) or that have none (PhoStream, StreamingBench, custom profiles) are given none.
 */
const STYLES: Partial<Record<ProfileKind, Style>> = {
  'ovo-s-bench': { prefix: '', width: 0, number: true },
  vcbench: { prefix: '', width: 4, number: false },
  'vsas-bench': { prefix: 'task-', width: 4, number: false },
};

/** One past the greatest of `taken` written in the style (ids in other styles, from a file that wrote its own, cannot clash with it). */
function pastGreatest(style: Style, taken: Iterable<string>): number {
  const pattern = new RegExp(`^${style.prefix.replace(/[-]/g, '\\-')}(\\d+)$`);
  let next = 0;
  for (const id of taken) {
    const digits = pattern.exec(id)?.[1];
    if (digits !== undefined) next = Math.max(next, Number(digits) + 1);
  }
  return next;
}

const inStyle = (style: Style, n: number): string | number => (style.number ? n : `${style.prefix}${String(n).padStart(style.width, '0')}`);

/**
 * The next id in the profile's style that none of `taken` has: one past the greatest taken id of that
 * style. Null where the profile's format gives Tidemark no ids to make.
 */
export function nextBenchmarkId(profile: ProfileKind, taken: Iterable<string>): string | number | null {
  const style = STYLES[profile];
  return style ? inStyle(style, pastGreatest(style, taken)) : null;
}

/**
 * The ids an export writes a profile's questions under, in their order (the order they were made):
 * each its kept id (its file's, or the one given when it was made), and each with none — made before
 * ids were given — the next free one in the format's style, past every kept id of the set and every
 * one given before it (as if it were made now, in its turn). A second question keeping an id an earlier
 * one has is given a free one too: one file never names two questions alike, so a run line written
 * against it names one question. Run matching names the questions by the same ids (call it with the
 * same questions in the same order). Kept ids are as stored (OVO-S numbers stay numbers); null where
 * the question has none and its format makes none (RTV's are made of other fields; PhoStream has none).
 */
export function exportedBenchmarkIds(profile: ProfileKind, questions: ReadonlyArray<Pick<QuestionFields, 'origin'>>): Array<string | number | null> {
  const field = benchmarkIdField({ profile });
  const kept = questions.map((q) => {
    const id = field === null ? undefined : q.origin?.extra[field];
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  });
  const style = STYLES[profile];
  if (!style) return kept;
  let next = pastGreatest(
    style,
    kept.flatMap((id) => (id === null ? [] : [String(id)])),
  );
  const named = new Set<string>();
  return kept.map((id) => {
    // a given id is past every kept one of its style: it can never be one a question keeps
    const written = id !== null && !named.has(String(id)) ? id : inStyle(style, next++);
    named.add(String(written));
    return written;
  });
}

/** An item rebuilt from a project with the id its export writes it under (exportedBenchmarkIds) where its format reads it. */
export function withExportedId(item: ExchangeItem, id: string | number | null): ExchangeItem {
  const field = benchmarkIdField(item);
  return id === null || field === null ? item : { ...item, extra: { ...item.extra, [field]: id } };
}

/**
 * A new question's fields with its benchmark id: the one it already carries (an id given on purpose,
 * or kept from a file) is left alone; otherwise the next free one is stored in its origin.
 */
export function withBenchmarkId<F extends Pick<QuestionFields, 'origin'>>(fields: F, profile: ProfileKind, taken: () => Iterable<string>): F {
  const field = benchmarkIdField({ profile });
  if (field === null || fields.origin?.extra[field] !== undefined) return fields;
  const id = nextBenchmarkId(profile, taken());
  if (id === null) return fields;
  return { ...fields, origin: { format: fields.origin?.format ?? profile, extra: { ...fields.origin?.extra, [field]: id } } };
}
