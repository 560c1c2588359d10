// OVO-Bench's forward-task rules as its release applies them (utils/OVOBenchScore.py,
// calculate_score_forward), quirks included. Both test the response against the key, so each says
// whether it is right (`correct`) beside what it read:
// - REC: `"".join(re.findall(r'\d+', response)) == str(count)` — every run of digits joined, compared
//   as text: "2 or 3" reads 23, "01" is not 1. Python's \d takes any script's decimal digits.
// - SSR / CRR: right when the response is exactly "N" (key no) or "Y" (key yes), else when "No" /
//   "Yes" occurs in it, case and all: "Not yet" says no, "yes" says nothing, "Yes, no" says both.
// A response the results stored as a list (QWen2VL's) is tested as the release tests it: `gt in
// list` is membership, so only an element that is exactly "Yes" / "No" counts (REC: the release
// stops with a TypeError on a list; its strings' digits are read instead).
import type { Extraction, ExtractionContext, Extractor } from './extraction';

const DIGITS = /\p{Nd}+/gu;

/** What the release's digits-joined test reads, and whether it is the count. */
function countRead(text: string, answer: ExtractionContext['answer'], rule: string): Extraction | null {
  const joined = (text.match(DIGITS) ?? []).join('');
  if (!joined) return null;
  // the release compares text with str(count): a leading zero or another script's digits never match
  const plain = /^(0|[1-9]\d*)$/.test(joined);
  const value = plain && joined.length <= 15 ? Number(joined) : joined;
  return { value, rule, ...(answer !== undefined && answer !== null ? { correct: joined === String(answer).trim() } : {}) };
}

export const ovoBenchCount: Extractor = {
  id: 'ovo-bench-count',
  version: '1',
  label: 'OVO-Bench REC count (release: every digit joined)',
  brittle: true,
  kinds: ['number'],
  extract(response, ctx) {
    if (ctx.list) return countRead(ctx.list.join(''), ctx.answer, `the digits of a list's strings joined ("${ctx.list.join('", "')}"; the release stops with a TypeError on a list)`);
    const found = countRead(response, ctx.answer, 'every run of digits joined');
    if (found && response.trim() === String(found.value)) return { ...found, rule: 'the whole response' };
    return found && { ...found, rule: `every run of digits joined: "${(response.match(DIGITS) ?? []).join('')}"` };
  },
};

const WORD = { yes: 'Yes', no: 'No' } as const;
const LETTER = { yes: 'Y', no: 'N' } as const;

export const ovoBenchYesNo: Extractor = {
  id: 'ovo-bench-yes-no',
  version: '1',
  label: 'OVO-Bench yes/no (release: exactly "Y"/"N", else "Yes"/"No" in the response)',
  brittle: true,
  kinds: ['yesno'],
  extract(response, ctx) {
    const key = String(ctx.answer ?? '')
      .trim()
      .toLowerCase();
    if (key !== 'yes' && key !== 'no') return null; // the test is against the key: without one, nothing is read
    const other = key === 'yes' ? 'no' : 'yes';
    if (ctx.list) {
      if (ctx.list.includes(WORD[key])) return { value: key, rule: `"${WORD[key]}" is one of the list's strings`, correct: true };
      return ctx.list.includes(WORD[other]) ? { value: other, rule: `the list holds "${WORD[other]}", not "${WORD[key]}"`, correct: false } : null;
    }
    if (response === LETTER[key]) return { value: key, rule: `exactly "${LETTER[key]}"`, correct: true };
    if (response.includes(WORD[key])) return { value: key, rule: `"${WORD[key]}" occurs in the response`, correct: true };
    if (response === LETTER[other]) return { value: other, rule: `exactly "${LETTER[other]}"`, correct: false };
    return response.includes(WORD[other]) ? { value: other, rule: `"${WORD[other]}" occurs in the response, "${WORD[key]}" does not`, correct: false } : null;
  },
};
