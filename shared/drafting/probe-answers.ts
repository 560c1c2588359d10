// Reading a model's answer in the text-only probe, and when an item counts as answerable without
// video: right in at least half of the repeats (a single lucky guess out of five is chance, not a
// giveaway; with four options chance is 25 %).
import type { AnswerKind } from '../profiles';
import type { Answer, ModelChecks } from '../questions';

/** The answer a reply gives, in the item's terms: an option letter, yes/no, a number; null if none. */
export function readReply(kind: AnswerKind, reply: string): string | number | null {
  const text = reply.trim();
  if (kind === 'choice') return /^\(?([A-G])\b/.exec(text)?.[1] ?? /\b(?:answer|option)\s*(?:is|:)?\s*\(?([A-G])\b/i.exec(text)?.[1] ?? null;
  if (kind === 'yesno') return /^(yes|no)\b/i.exec(text)?.[1]?.toLowerCase() ?? null;
  if (kind === 'number') {
    const n = Number(/-?\d+(?:\.\d+)?/.exec(text)?.[0]);
    return Number.isFinite(n) ? n : null;
  }
  return text || null;
}

export function answersMatch(kind: AnswerKind, reply: string, answer: Exclude<Answer, null>): boolean {
  const read = readReply(kind, reply);
  if (read === null) return false;
  if (kind === 'number') return Number(read) === Number(answer);
  return String(read).toLowerCase() === String(answer).trim().toLowerCase();
}

/** The share of repeats answered right without video, when it makes the item a shortcut; else null. */
export function shortcutRate(checks: ModelChecks | undefined): number | null {
  const probe = checks?.textOnly;
  if (!probe) return null;
  return probe.correct * 2 >= probe.repeats ? probe.correct / probe.repeats : null;
}
