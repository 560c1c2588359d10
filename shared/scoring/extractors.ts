// Answer extraction: named, versioned rules that read an option letter, a number or yes/no from a
// model's raw response, each saying which step matched so the replay can show it. They follow the
// papers and their releases (reference/ digests), quirks included: a different rule gives different
// scores, so a score always names the rule (id and version) that produced it.
//
// Word boundaries are written as look-arounds over Unicode letters, digits and "_" because the
// releases are Python, whose \b is Unicode-aware (JavaScript's is ASCII-only).
import type { AnswerKind } from '../profiles';
import { OPTION_LETTERS, type Answer } from '../questions';
import type { Extraction, ExtractionContext, Extractor, ExtractorId } from './extraction';
import { numberWords } from './number-words';
import { ovoBenchCount, ovoBenchYesNo } from './ovo-bench-extractors';

export { extractorIds } from './extraction';
export type { ExtractionContext, Extractor, ExtractorId } from './extraction';

const W = '[\\p{L}\\p{N}_]';
const BEFORE = `(?<!${W})`;
const AFTER = `(?!${W})`;

function offered(ctx: ExtractionContext): Set<string> {
  const letters = OPTION_LETTERS.filter((l) => ctx.options?.[l] !== undefined);
  return new Set(letters.length > 0 ? letters : OPTION_LETTERS);
}

/** The last n code points (Python's s[-n:]); code units are never fewer than code points. */
function lastCodePoints(s: string, n: number): string {
  if (s.length <= n) return s;
  let i = s.length;
  for (let count = 0; count < n && i > 0; count++) {
    i--;
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const h = s.charCodeAt(i - 1);
      if (h >= 0xd800 && h <= 0xdbff) i--;
    }
  }
  return s.slice(i);
}

const letterIn = (ctx: ExtractionContext, letter: string | undefined, rule: string): Extraction | null => {
  const value = letter?.toUpperCase();
  return value && offered(ctx).has(value) ? { value, rule } : null;
};

// OVO-S-Bench §G.7 (digest ovo-s-bench.md §3) and its release's score.py extract_answer: seven patterns
// tried in order, tail first, case-insensitive. The first pattern that matches decides; a letter the
// item does not offer is no answer (scored wrong, as unmatched responses are). The two differ in the
// letters: the release's patterns read A–E only ("the bench uses at most 5 options"), the paper's A–G
// (up to 7 options, as the data card says) — so the release reads no answer from "Answer: F", and can
// fall through to another pattern ("G. … (C) …" is C).
const ovoSSteps = (letters: string): Array<{ pattern: RegExp; tail: boolean; rule: string }> => [
  { pattern: new RegExp(`(?:answer|final\\s+answer|final)[:\\s]+([${letters}])${AFTER}`, 'iu'), tail: true, rule: 'step 1: "Answer: X" in the last 300 characters' },
  { pattern: new RegExp(`<answer>\\s*([${letters}])${AFTER}`, 'iu'), tail: true, rule: 'step 2: "<answer> X" in the last 300 characters' },
  { pattern: new RegExp(`${BEFORE}([${letters}])${AFTER}\\s*\\.?\\s*$`, 'iu'), tail: true, rule: 'step 3: a bare letter at the very end' },
  { pattern: new RegExp(`<\\|begin_of_box\\|>\\s*([${letters}])`, 'iu'), tail: true, rule: 'step 4: "<|begin_of_box|> X" in the last 300 characters' },
  { pattern: new RegExp(`^([${letters}])${AFTER}`, 'iu'), tail: false, rule: 'step 5: a letter at the start' },
  { pattern: new RegExp(`(?:answer|choice|option)s?[:\\s]+([${letters}])${AFTER}`, 'iu'), tail: false, rule: 'step 6: "answer/choice/option: X" anywhere' },
  { pattern: new RegExp(`[([]\\s*([${letters}])\\s*[)\\]]`, 'iu'), tail: false, rule: 'step 7: "(X)" or "[X]" anywhere' },
];

const ovoSExtractor = (id: 'ovo-s-letter' | 'ovo-s-letter-paper', version: string, label: string, letters: string): Extractor => {
  const steps = ovoSSteps(letters);
  return {
    id,
    version,
    label,
    kinds: ['choice'],
    extract(response, ctx) {
      let text = response.trim();
      let suffix = '';
      // only the answer after the reasoning counts; an unclosed <think> was cut off (tagged T1a, §C.1)
      if (text.includes('</think>')) {
        text = text.split('</think>').at(-1)!.trim();
        suffix = ' (after </think>)';
      } else if (text.includes('<think>')) suffix = ' (no closing </think>: truncated, T1a)';
      if (!text) return null;
      const tail = lastCodePoints(text, 300);
      for (const step of steps) {
        const m = step.pattern.exec(step.tail ? tail : text);
        if (m) return letterIn(ctx, m[1], step.rule + suffix);
      }
      return null;
    },
  };
};

const ovoSLetter = ovoSExtractor('ovo-s-letter', '2', 'OVO-S-Bench release letter (score.py extract_answer, A–E)', 'A-E');
const ovoSLetterPaper = ovoSExtractor('ovo-s-letter-paper', '1', 'OVO-S-Bench paper letter (§G.7, A–G)', 'A-G');

// RTV-Bench release (scripts/utils/prompt_utils.py, digest rtv-bench.md §3): on the upper-cased text,
// the first standalone letter, else "OPTION/ANSWER: X", else the first character; each only if it is
// an offered option, otherwise the next rule is tried ("Unknown" when none is).
const RTV_STEPS: Array<{ pattern: RegExp; rule: string }> = [
  { pattern: new RegExp(`${BEFORE}([A-Z])${AFTER}`, 'u'), rule: 'step 1: the first standalone letter' },
  { pattern: /(?:OPTION|ANSWER)\s*[:-]?\s*([A-Z])/u, rule: 'step 2: "Option/Answer: X"' },
];

const rtvLetter: Extractor = {
  id: 'rtv-letter',
  version: '1',
  label: 'RTV-Bench letter (release)',
  kinds: ['choice'],
  extract(response, ctx) {
    if (!response) return null;
    const upper = response.toUpperCase();
    for (const step of RTV_STEPS) {
      const found = letterIn(ctx, step.pattern.exec(upper)?.[1], step.rule);
      if (found) return found;
    }
    return letterIn(ctx, response.trim().slice(0, 1), 'step 3: the first character');
  },
};

// StreamingBench (src/data/count.py, formats digest §2): the response's first character is the letter.
const firstLetter: Extractor = {
  id: 'first-letter',
  version: '1',
  label: 'StreamingBench first character',
  kinds: ['choice'],
  extract(response, ctx) {
    const first = response.slice(0, 1);
    return first === first.toUpperCase() ? letterIn(ctx, first, 'the first character') : null;
  },
};

// PhoStream release (run_stream_eval.py): an objective answer is the first character once the
// response is trimmed and stripped of periods, compared without case.
const phostreamObjective: Extractor = {
  id: 'phostream-objective',
  version: '1',
  label: 'PhoStream objective letter (release)',
  kinds: ['choice'],
  extract(response, ctx) {
    return letterIn(ctx, response.trim().replaceAll('.', '').slice(0, 1), 'the first character, periods removed');
  },
};

// OVO-Bench (utils/OVOBenchScore.py): correct when the answer letter occurs anywhere in the response.
// Brittle: the "A" of "Answer: D" counts as A.
const substring: Extractor = {
  id: 'substring',
  version: '1',
  label: 'OVO-Bench substring test',
  brittle: true,
  kinds: ['choice'],
  extract(response, ctx) {
    // on a list the release's `gt in response` is membership: only an element that is the letter counts
    if (ctx.list) {
      const letter = ctx.answer !== undefined && ctx.answer !== null ? String(ctx.answer).trim() : undefined;
      return letter && ctx.list.includes(letter) ? letterIn(ctx, letter, `"${letter}" is one of the list's strings`) : null;
    }
    if (ctx.answer !== undefined && ctx.answer !== null) {
      const answer = String(ctx.answer).trim();
      return answer && response.includes(answer) ? letterIn(ctx, answer, `"${answer}" occurs in the response`) : null;
    }
    const letter = [...offered(ctx)].find((l) => response.includes(l));
    return letter ? { value: letter, rule: `"${letter}" occurs in the response (the first offered letter that does; no answer given)` } : null;
  },
};

// A strict reading beside a lenient release rule (issue 22, rule 4): one option letter, stated as the
// answer — the whole response, a label that opens it ("(B) SHOW DANCE", "C. strip…", LongVU's "(C. …"),
// or "the answer is X" / "Answer: X". A response naming two labels ("(B) or (C)"), listing letters
// ("A, B, C") or only containing one ("SHOW DANCE" holds a C) states no answer: wrong, where the
// substring test credits it by accident. Upper-case letters only: "a" and "I" are words.
const STRICT_STEPS: Array<{ pattern: RegExp; rule: string }> = [
  { pattern: /^\(?\s*([A-G])\s*\)?\s*[.:]?$/u, rule: 'the whole response' },
  { pattern: /^\(?\s*([A-G])\s*[).:]/u, rule: 'the label that opens the response' },
  { pattern: new RegExp(`${BEFORE}(?:[Aa]nswer|ANSWER)(?:\\s+is)?\\s*:?\\s*\\(?([A-G])\\)?${AFTER}`, 'u'), rule: '"the answer is X"' },
];
const LABELS = /\(\s*([A-G])\s*\)/gu;

const strictLetter: Extractor = {
  id: 'strict-letter',
  version: '1',
  label: 'strict letter (one option letter, stated as the answer)',
  kinds: ['choice'],
  extract(response, ctx) {
    const text = (response.includes('</think>') ? response.split('</think>').at(-1)! : response).trim();
    for (const step of STRICT_STEPS) {
      const letter = step.pattern.exec(text)?.[1];
      if (!letter) continue;
      // the answer must be the only option it names: "(B) or (C)" answers neither
      const others = [...text.matchAll(LABELS)].map((m) => m[1]!).filter((l) => l !== letter);
      return others.length > 0 ? null : letterIn(ctx, letter, step.rule);
    }
    return null;
  },
};

// VCBench App. B.1: "Arabic numerals such as '5' and English number words such as 'five'". The paper
// does not say which number of several counts; the last one is taken (answers tend to close the
// response) and the rule says how many there were.
const DIGITS = new RegExp(`(?<![\\p{L}\\p{N}_.\\-−])([-−]?)(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)${AFTER}`, 'gu');

function numbersIn(text: string): Array<{ value: number; index: number; text: string }> {
  const found = [...text.matchAll(DIGITS)].map((m) => ({ value: (m[1] ? -1 : 1) * Number(m[2]!.replaceAll(',', '')), index: m.index, text: m[0] }));
  return [...found, ...numberWords(text)].sort((a, b) => a.index - b.index);
}

const number: Extractor = {
  id: 'number',
  version: '1',
  label: 'VCBench number (digits or English words)',
  kinds: ['number'],
  extract(response) {
    const text = response.trim().replace(/\.$/, '');
    if (/^\d{1,15}$/.test(text)) return { value: Number(text), rule: 'the whole response' }; // the usual answer, read fast
    const found = numbersIn(text);
    const last = found.at(-1);
    if (!last) return null;
    if (found.length === 1 && last.text.length === text.length) return { value: last.value, rule: 'the whole response' };
    return { value: last.value, rule: found.length === 1 ? `the only number ("${last.text}")` : `the last of ${found.length} numbers ("${last.text}")` };
  },
};

// VCBench release (eval/unify_results.py): `int(prediction)`, the prediction being the model's text
// stripped; what raises is None. Python's int() of a string allows surrounding whitespace of its own
// set, one sign, and decimal digits of any script (Unicode Nd: "٣" is 3) with single underscores
// between them ("1_000"), at most 4,300 of them; nothing else — no words, no "7.0", no "7 apples".
const PY_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_INT = new RegExp(`^[${PY_SPACE}]*([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)[${PY_SPACE}]*$`, 'u');
const ND = /\p{Nd}/u;
const PY_MAX_DIGITS = 4300;

/** A decimal digit's value: Unicode encodes each script's digits as a run of ten from 0. */
function digitValue(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp <= 0x39) return cp - 0x30;
  let before = 0;
  while (ND.test(String.fromCodePoint(cp - before - 1))) before++;
  return before % 10;
}

const pythonInt: Extractor = {
  id: 'python-int',
  version: '1',
  label: 'VCBench release: int() of the response (eval/unify_results.py)',
  kinds: ['number'],
  extract(response) {
    const m = PY_INT.exec(response);
    if (!m) return null;
    const digits = [...m[2]!.replaceAll('_', '')].map(digitValue);
    if (digits.length > PY_MAX_DIGITS) return null;
    const value = Number(digits.join(''));
    return { value: (m[1] === '-' ? -value : value) + 0, rule: 'int() of the whole response' }; // + 0: no −0
  },
};

// Yes/no answers (OVO-Bench forward probes accept "Y"/"N" or a "Yes"/"No" in the response).
const YES_NO = new RegExp(`${BEFORE}(yes|no)${AFTER}`, 'giu');

const yesNo: Extractor = {
  id: 'yes-no',
  version: '1',
  label: 'Yes / no',
  kinds: ['yesno'],
  extract(response) {
    const text = response.trim().replace(/[.!]$/, '').toLowerCase();
    if (text === 'y' || text === 'yes') return { value: 'yes', rule: 'the whole response' };
    if (text === 'n' || text === 'no') return { value: 'no', rule: 'the whole response' };
    const words = new Set([...text.matchAll(YES_NO)].map((m) => m[1]!));
    const first = /^(yes|no)\b/.exec(text)?.[1];
    if (first) return { value: first, rule: 'the first word' };
    return words.size === 1 ? { value: [...words][0]!, rule: 'the only yes/no word' } : null;
  },
};

export const EXTRACTORS: Readonly<Record<ExtractorId, Extractor>> = {
  'ovo-s-letter': ovoSLetter,
  'ovo-s-letter-paper': ovoSLetterPaper,
  'rtv-letter': rtvLetter,
  'first-letter': firstLetter,
  'phostream-objective': phostreamObjective,
  substring,
  number,
  'python-int': pythonInt,
  'ovo-bench-count': ovoBenchCount,
  'ovo-bench-yes-no': ovoBenchYesNo,
  'yes-no': yesNo,
  'strict-letter': strictLetter,
};

/** Whether what was read is the answer: letters and yes/no without case, numbers by value. */
export function answerMatches(kind: AnswerKind, extracted: string | number | null, answer: Answer): boolean | null {
  if (answer === null || answer === '') return null;
  if (extracted === null) return false;
  if (kind === 'number') return Number(extracted) === Number(answer);
  return String(extracted).toLowerCase() === String(answer).trim().toLowerCase();
}
