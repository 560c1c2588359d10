// When do two answers to the same query point agree? Both are normalised first, so "b", "B." and
// "(B)" are one choice, "Yes" and "true" one yes, and "12" the number 12.
import { withinTolerance } from '../agreement/tolerance';
import type { AnswerKind } from '../profiles';
import type { Answer } from '../questions';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const YES = new Set(['yes', 'y', 'true']);
const NO = new Set(['no', 'n', 'false']);

const text = (s: string): string => s.trim().replace(/\s+/g, ' ');

/**
 * An answer in a comparable form, or null when there is none (null, empty, a non-number for a
 * number question). Choice: a bare letter, "B.", "B)", "(B)" → "B"; any other choice text is kept
 * (trimmed, upper case) so equal texts still agree. Yes/no: yes/y/true, no/n/false → "yes"/"no";
 * other text is kept lower case. Text: trimmed, lower case, inner whitespace collapsed.
 */
export function normalizeAnswer(answer: Answer, kind: AnswerKind): string | number | null {
  if (answer === null) return null;
  if (kind === 'number') {
    if (typeof answer === 'number') return Number.isFinite(answer) ? answer + 0 : null; // + 0: no −0
    const s = answer.trim();
    if (!DECIMAL.test(s)) return null; // Number() would also take "0x10", "" and " "
    const n = Number(s);
    return Number.isFinite(n) ? n + 0 : null;
  }
  const s = text(String(answer));
  if (s === '') return null;
  switch (kind) {
    case 'choice': {
      const letter = /^(?:\(([A-Za-z])\)|([A-Za-z])[.)]?)$/.exec(s);
      return letter ? (letter[1] ?? letter[2]!).toUpperCase() : s.toUpperCase();
    }
    case 'yesno': {
      const l = s.toLowerCase();
      return YES.has(l) ? 'yes' : NO.has(l) ? 'no' : l;
    }
    case 'text':
      return s.toLowerCase();
  }
}

/** Do two answers agree? Numbers within the tolerance (|a − b| ≤ tolerance); a missing answer never agrees. */
export function answersAgree(a: Answer, b: Answer, kind: AnswerKind, tolerance = 0): boolean {
  const x = normalizeAnswer(a, kind);
  const y = normalizeAnswer(b, kind);
  if (x === null || y === null) return false;
  if (typeof x === 'number' && typeof y === 'number') return withinTolerance(x, y, tolerance);
  return x === y;
}
