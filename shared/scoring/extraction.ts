// What an answer extraction rule is: its id, version, the answer kinds it reads and what it gives.
// The rules themselves live in extractors.ts (and a benchmark's own in files beside it).
import type { AnswerKind } from '../profiles';
import type { Answer, OptionLetter } from '../questions';

export interface ExtractionContext {
  /** The item's options; letters outside them are never returned. All of A–G when absent. */
  options?: Partial<Record<OptionLetter, string>>;
  /** The correct answer, for rules that test the response against it (OVO-Bench's substring test). */
  answer?: Answer;
  /** The strings of a response its results stored as a list (OVO-Bench's QWen2VL files); `response` is them joined by newlines. */
  list?: readonly string[];
}

export interface Extraction {
  value: string | number;
  /** The step or pattern that matched, in words. */
  rule: string;
  /** For rules that test the response against the answer: their verdict, which stands over comparing `value` with it. */
  correct?: boolean;
}

export const extractorIds = [
  'ovo-s-letter',
  'ovo-s-letter-paper',
  'rtv-letter',
  'first-letter',
  'phostream-objective',
  'substring',
  'number',
  'python-int',
  'yes-no',
  'ovo-bench-count',
  'ovo-bench-yes-no',
  'strict-letter',
] as const;
export type ExtractorId = (typeof extractorIds)[number];

export interface Extractor {
  id: ExtractorId;
  version: string;
  label: string;
  /** Known to misread ordinary answers (e.g. a substring test finds "A" in "Answer: D"). */
  brittle?: boolean;
  /** The answer kinds it reads. */
  kinds: readonly AnswerKind[];
  extract(response: string, ctx: ExtractionContext): Extraction | null;
}
