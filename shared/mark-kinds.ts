// How each kind of mark shows: its lane (in the order lanes are drawn), its colour, the label it
// carries on the timeline and the line it has in the marks list. One entry per kind, so that a new
// kind of mark is its type and data in marks.ts plus one entry here (the compiler asks for both).
import type { MarkOf, MarkType } from './marks';

interface MarkKind<T extends MarkType> {
  colour: string;
  /** The short text drawn on the mark in its lane. */
  label: (mark: MarkOf<T>) => string;
  /** The mark's line in the marks list. */
  describe: (mark: MarkOf<T>) => string;
}

const MARK_KINDS: { readonly [T in MarkType]: MarkKind<T> } = {
  caption: { colour: '#5b8def', label: (m) => m.data.text, describe: (m) => m.data.text || '(empty caption)' },
  event: { colour: '#f4a261', label: (m) => m.target, describe: () => 'event' },
  span: { colour: '#2a9d8f', label: (m) => m.target, describe: () => 'span' },
  cycle: { colour: '#b388eb', label: (m) => m.target, describe: (m) => (m.data.splits.length ? `${m.data.splits.length + 1} sub-actions` : 'cycle') },
  identity: { colour: '#e9c46a', label: (m) => m.data.label, describe: (m) => `${m.data.label}${m.data.note ? ` — ${m.data.note}` : ''}` },
  count: { colour: '#8ecae6', label: (m) => String(m.data.value), describe: (m) => `count ${m.data.value}` },
  entity: { colour: '#e76f51', label: (m) => m.data.name, describe: (m) => m.data.name },
};

/** The lanes under the filmstrip, top to bottom: one per kind of mark, in the registry's order. */
export const LANE_ORDER = Object.keys(MARK_KINDS) as MarkType[];

/** A mark's kind, typed by the mark (one lookup instead of a switch in every view). */
function kindOf<T extends MarkType>(mark: MarkOf<T>): MarkKind<T> {
  return MARK_KINDS[mark.type] as unknown as MarkKind<T>;
}

export const markColour = (type: MarkType): string => MARK_KINDS[type].colour;
export const markLabel = (mark: MarkOf<MarkType>): string => kindOf(mark).label(mark);
export const describeMark = (mark: MarkOf<MarkType>): string => kindOf(mark).describe(mark);
