// The benchmark id a question made in Tidemark is given when it is made, so every export writes it
// under the same id and a run file written against one export matches the project ever after (an
// export that numbered questions by their place renumbered them as others were added or removed).
// The id is stored where an imported question keeps its file's id (origin.extra[<id field>]), so
// matching, the question panel and the exporters read both the same way.
import type { ProfileKind } from '../profiles';
import type { QuestionFields } from '../questions';
import { benchmarkIdField } from './items';

/**
 * How a format writes the ids Tidemark gives: a prefix and a zero-padded number (the OVO-S release
 * numbers its questions 0, 1, … as JSON numbers; VCBench "0000"; VSAS "task-0000", Tidemark's own
 * style, the paper publishing none). Formats whose ids are made from other fields (RTV's questionID
 * names its group) or that have none (PhoStream, StreamingBench, custom profiles) are given none.
 */
const STYLES: Partial<Record<ProfileKind, { prefix: string; width: number; number: boolean }>> = {
  'ovo-s-bench': { prefix: '', width: 0, number: true },
  vcbench: { prefix: '', width: 4, number: false },
  'vsas-bench': { prefix: 'task-', width: 4, number: false },
};

/**
 * The next id in the profile's style that none of `taken` has: one past the greatest taken id of that
 * style (ids in other styles, from a file that wrote its own, cannot clash with it). Null where the
 * profile's format gives Tidemark no ids to make.
 */
export function nextBenchmarkId(profile: ProfileKind, taken: Iterable<string>): string | number | null {
  const style = STYLES[profile];
  if (!style) return null;
  const pattern = new RegExp(`^${style.prefix.replace(/[-]/g, '\\-')}(\\d+)$`);
  let next = 0;
  for (const id of taken) {
    const digits = pattern.exec(id)?.[1];
    if (digits !== undefined) next = Math.max(next, Number(digits) + 1);
  }
  return style.number ? next : `${style.prefix}${String(next).padStart(style.width, '0')}`;
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
