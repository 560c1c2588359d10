// Marks on a video's timeline, typed. `start` is the mark's moment (events, identities, counts) or
// the start of its interval; `end` is set for intervals — except a span, cycle or entity opened and
// not closed yet, whose `end` is null (an open mark is stored like any other, so it survives a reload
// and its opening and closing are undoable). `target` names what a mark is about: the thing counted
// ("chairs") for counting marks, the VSAS task id for dense captions, free otherwise.
import { z } from 'zod';

export const markTypes = ['caption', 'event', 'span', 'cycle', 'identity', 'count', 'entity'] as const;
export type MarkType = (typeof markTypes)[number];

/** Types drawn as an interval; the rest are moments. */
const intervalMarkTypes: ReadonlySet<MarkType> = new Set(['caption', 'span', 'cycle', 'entity']);

/** Interval types a person opens with one key and closes with another: they may be stored open. */
const openableMarkTypes: ReadonlySet<MarkType> = new Set(['span', 'cycle', 'entity']);

const time = z.number().finite().min(0);

/** Normalised crop of a frame (0..1 of width and height): the identity's thumbnail. */
const cropSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().gt(0).max(1), h: z.number().gt(0).max(1) });

/** How an imported file wrote the mark's times ("663.0"), so a re-export writes them the same way. */
const sourceText = z.object({ start: z.string().max(40).optional(), end: z.string().max(40).optional() }).optional();

export const markDataSchemas = {
  caption: z.object({ text: z.string().max(10_000), sourceText }),
  event: z.object({ note: z.string().max(2_000).optional(), sourceText }),
  span: z.object({ note: z.string().max(2_000).optional(), sourceText }),
  /** Split points inside one cycle: sub-actions that each count once (VCBench A.4). */
  cycle: z.object({ splits: z.array(time).max(1_000).default([]), sourceText }),
  identity: z.object({
    sourceText,
    label: z.string().max(200),
    note: z.string().max(2_000).optional(),
    crop: cropSchema.optional(),
    /** The crop as a small JPEG data URL, for the identity registry. */
    thumbnail: z
      .string()
      .max(65_536)
      .regex(/^data:image\/(jpeg|png);base64,/)
      .optional(),
  }),
  count: z.object({ value: z.number().int().min(0), sourceText }),
  entity: z.object({ name: z.string().min(1).max(200), sourceText }),
} satisfies Record<MarkType, z.ZodType>;

type MarkData<T extends MarkType = MarkType> = z.infer<(typeof markDataSchemas)[T]>;

interface MarkBase {
  id: string;
  videoId: string;
  start: number;
  end: number | null;
  target: string;
}

export type Mark = { [T in MarkType]: MarkBase & { type: T; data: MarkData<T> } }[MarkType];
export type MarkOf<T extends MarkType> = Extract<Mark, { type: T }>;

const base = { start: time, end: time.nullable(), target: z.string().max(200).default('') };
const variant = <T extends MarkType>(type: T) => z.object({ type: z.literal(type), data: markDataSchemas[type], ...base });

/** A mark as it arrives from outside (IPC, HTTP, files): shape, kind of time, edges in order. */
export const markInputSchema = z
  .discriminatedUnion('type', [variant('caption'), variant('event'), variant('span'), variant('cycle'), variant('identity'), variant('count'), variant('entity')])
  .superRefine((mark, ctx) => {
    const isInterval = intervalMarkTypes.has(mark.type);
    if (isInterval && mark.end === null && !openableMarkTypes.has(mark.type)) ctx.addIssue({ code: 'custom', path: ['end'], message: `a ${mark.type} needs an end` });
    if (!isInterval && mark.end !== null) ctx.addIssue({ code: 'custom', path: ['end'], message: `a ${mark.type} is a moment and has no end` });
    if (mark.end !== null && mark.end < mark.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end is before start' });
    if (mark.type === 'cycle' && mark.data.splits.some((s) => s <= mark.start || (mark.end !== null && s >= mark.end))) {
      ctx.addIssue({ code: 'custom', path: ['data', 'splits'], message: 'split points must lie inside the cycle' });
    }
  });

/** A mark before it has an id and a video (distributive, so the type still tells the data apart). */
export type MarkInput = Mark extends infer M ? (M extends Mark ? Omit<M, 'id' | 'videoId'> : never) : never;

export function markEnd(mark: Pick<Mark, 'start' | 'end'>): number {
  return mark.end ?? mark.start;
}

/** A span, cycle or entity opened and not closed yet: it has not ended. */
export function isOpenInterval(mark: Pick<Mark, 'type' | 'end'>): boolean {
  return mark.end === null && intervalMarkTypes.has(mark.type);
}

/** Sorted by start, then end: the order of the side list and of lanes. */
export function compareMarks(a: Pick<Mark, 'start' | 'end' | 'id'>, b: Pick<Mark, 'start' | 'end' | 'id'>): number {
  return a.start - b.start || markEnd(a) - markEnd(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Index of the first mark whose start is ≥ t in a list sorted by start (binary search). */
export function lowerBoundByStart(marks: ReadonlyArray<Pick<Mark, 'start'>>, t: number): number {
  let lo = 0;
  let hi = marks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (marks[mid]!.start < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
