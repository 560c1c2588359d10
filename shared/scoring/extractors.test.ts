import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPTION_LETTERS } from '../questions';
import { EXTRACTORS, answerMatches, extractorIds, type ExtractionContext } from './extractors';

const ABCD: ExtractionContext = { options: { A: 'About 0.5 m', B: 'About 6 m', C: 'About 3 m', D: 'About 1.5 m' } };
const read = (id: keyof typeof EXTRACTORS, response: string, ctx: ExtractionContext = ABCD) => EXTRACTORS[id].extract(response, ctx);
const stepOf = (response: string, ctx: ExtractionContext = ABCD) => /^step (\d)/.exec(read('ovo-s-letter', response, ctx)?.rule ?? '')?.[1];

describe('ovo-s-letter (OVO-S-Bench §G.7)', () => {
  it('reads the digest\'s fixture "…therefore B" by step 3', () => {
    expect(read('ovo-s-letter', 'The sign is close to the camera, therefore B')).toEqual({ value: 'B', rule: 'step 3: a bare letter at the very end' });
    expect(read('ovo-s-letter', '…so the closest is B.')?.value).toBe('B');
  });

  it("tries the seven patterns in the paper's order, reporting the step that matched", () => {
    expect(stepOf('Looking at (A) and [B], the final answer: C')).toBe('1');
    expect(read('ovo-s-letter', 'Final answer: d')?.value).toBe('D'); // case-insensitive, as the release
    expect(stepOf('Final C is wrong')).toBe('1'); // "final" followed by a letter is step 1's pattern
    expect(stepOf('<answer> C </answer>')).toBe('2');
    expect(stepOf('<answer>B</answer> is my pick, (A) was close')).toBe('2');
    expect(stepOf('I would say D')).toBe('3');
    expect(stepOf('<|begin_of_box|>A<|end_of_box|>')).toBe('4');
    expect(stepOf('B because the sign is about 6 m away from the camera')).toBe('5');
    expect(stepOf('C) About 3 m, judging by the floor tiles')).toBe('5');
    expect(stepOf('The correct option is (C), judging by the tiles.')).toBe('7');
    expect(stepOf('My choice: D, judging by the tiles.')).toBe('6');
  });

  it('looks only at the last 300 characters for steps 1–4; steps 6–7 scan everything', () => {
    const filler = ' The floor tiles are thirty centimetres wide and there are many of them.'.repeat(6); // > 300 chars
    expect(stepOf(`Answer: C.${filler}`)).toBe('6'); // too far from the end for step 1; step 6 finds it anywhere
    expect(read('ovo-s-letter', `Answer: C.${filler}`)?.value).toBe('C');
    expect(stepOf(`(B) looks right.${filler}`)).toBe('7');
    expect(read('ovo-s-letter', `<answer>B${filler} and so on`)).toBeNull(); // step 2 only in the tail; nothing else matches
  });

  it('requires a real separator in step 6 ("options: 3 m" is not option S nor a letter)', () => {
    expect(read('ovo-s-letter', "Let's look at the options: 3m, 5m, and so on, the distance looks small", ABCD)).toBeNull();
  });

  it('reads only the text after </think>, and tags an unclosed <think> as truncated (T1a)', () => {
    expect(read('ovo-s-letter', '<think>Option A seems wrong, maybe (B)?</think>\nAnswer: C')).toEqual({ value: 'C', rule: 'step 1: "Answer: X" in the last 300 characters (after </think>)' });
    expect(read('ovo-s-letter', '<think>Option A seems wrong</think>')).toBeNull();
    expect(read('ovo-s-letter', '<think>the answer: B, or maybe')?.rule).toContain('truncated, T1a');
  });

  it("reads letters A–E as the release's score.py does; the paper's rule (ovo-s-letter-paper) up to G, never one the item does not offer", () => {
    const seven: ExtractionContext = { options: { A: '1', B: '2', C: '3', D: '4', E: '5', F: '6', G: '7' } };
    expect(read('ovo-s-letter', 'Answer: E', seven)?.value).toBe('E');
    expect(read('ovo-s-letter', 'Answer: G', seven)).toBeNull(); // the release's patterns stop at E
    expect(read('ovo-s-letter', 'G. At first (C) looked right', seven)).toEqual({ value: 'C', rule: 'step 7: "(X)" or "[X]" anywhere' });
    expect(read('ovo-s-letter-paper', 'Answer: G', seven)?.value).toBe('G');
    expect(read('ovo-s-letter-paper', 'G. At first (C) looked right', seven)).toEqual({ value: 'G', rule: 'step 5: a letter at the start' });
    expect(read('ovo-s-letter-paper', 'Answer: G', ABCD)).toBeNull(); // G is not offered: no answer, scored wrong
    expect(read('ovo-s-letter-paper', 'Answer: H', seven)).toBeNull();
  });

  it('returns null when nothing matches (the paper scores it wrong, not skipped)', () => {
    expect(read('ovo-s-letter', 'I cannot determine the distance from these frames')).toBeNull();
    expect(read('ovo-s-letter', '   ')).toBeNull();
  });
});

describe('rtv-letter (RTV-Bench release)', () => {
  it('takes the first standalone letter, then "Option/Answer: X", then the first character, each if offered', () => {
    expect(read('rtv-letter', 'B')?.rule).toBe('step 1: the first standalone letter');
    expect(read('rtv-letter', 'The answer is C')?.value).toBe('C');
    expect(read('rtv-letter', 'I think ANSWER:D')).toEqual({ value: 'D', rule: 'step 2: "Option/Answer: X"' }); // "I" is no option
    expect(read('rtv-letter', 'Bravo')).toEqual({ value: 'B', rule: 'step 3: the first character' });
    expect(read('rtv-letter', 'a man')?.value).toBe('A'); // upper-cased first: a quirk of the release
    expect(read('rtv-letter', 'Hmm, hard to say')).toBeNull(); // "Unknown"
  });
});

describe('first-letter (StreamingBench)', () => {
  it('compares the first character only', () => {
    expect(read('first-letter', 'C. The individual organized serving trays')).toEqual({ value: 'C', rule: 'the first character' });
    expect(read('first-letter', ' C')).toBeNull();
    expect(read('first-letter', 'c')).toBeNull();
    expect(read('first-letter', 'The answer is C')).toBeNull();
  });
});

describe('phostream-objective (PhoStream release)', () => {
  it('takes the first character once trimmed and stripped of periods, without case', () => {
    expect(read('phostream-objective', ' b. ')).toEqual({ value: 'B', rule: 'the first character, periods removed' });
    expect(read('phostream-objective', '...A')?.value).toBe('A');
    expect(read('phostream-objective', 'silent')).toBeNull();
  });
});

describe('substring (OVO-Bench), brittle', () => {
  it('is marked brittle and finds the answer letter anywhere, even inside a word', () => {
    expect(EXTRACTORS.substring.brittle).toBe(true);
    expect(read('substring', 'Answer: D', { ...ABCD, answer: 'A' })?.value).toBe('A'); // the digest's warning
    expect(read('substring', 'Answer: D', { ...ABCD, answer: 'D' })?.value).toBe('D');
    expect(read('substring', 'the fourth one', { ...ABCD, answer: 'D' })).toBeNull();
    expect(read('substring', 'pick B')?.value).toBe('B');
  });
});

describe('number (VCBench)', () => {
  it('reads Arabic numerals and English number words, as App. B.1 says', () => {
    expect(read('number', '5')).toEqual({ value: 5, rule: 'the whole response' });
    expect(read('number', 'five')).toEqual({ value: 5, rule: 'the whole response' });
    expect(read('number', 'Five.')?.value).toBe(5);
    expect(read('number', 'There are 3 chairs visible.')).toEqual({ value: 3, rule: 'the only number ("3")' });
    expect(read('number', 'twenty-one')?.value).toBe(21);
    expect(read('number', 'one hundred and five')?.value).toBe(105);
    expect(read('number', 'two thousand three hundred')?.value).toBe(2300);
    expect(read('number', '1,234')?.value).toBe(1234);
    expect(read('number', '-2')?.value).toBe(-2); // O1-Delta changes can be negative
  });

  it('takes the last of several numbers and says so', () => {
    expect(read('number', 'At 12.5 seconds I counted two, so the answer is 4')).toEqual({ value: 4, rule: 'the last of 3 numbers ("4")' });
    expect(read('number', 'one two three')?.rule).toBe('the last of 3 numbers ("three")');
  });

  it('ignores digits inside names and gives null when there is no number', () => {
    expect(read('number', 'In O1-Snap the count is seven')?.value).toBe(7);
    expect(read('number', 'I cannot tell')).toBeNull();
    expect(read('number', 'someone and everyone')).toBeNull();
  });

  it('reads back every integer written in digits or in words (property)', () => {
    const ONES = [
      '',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
      'thirteen',
      'fourteen',
      'fifteen',
      'sixteen',
      'seventeen',
      'eighteen',
      'nineteen',
    ];
    const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
    const below1000 = (n: number): string => {
      const parts: string[] = [];
      if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ' and' : ''}`);
      const r = n % 100;
      if (r >= 20) parts.push(TENS[Math.floor(r / 10)]! + (r % 10 ? `-${ONES[r % 10]}` : ''));
      else if (r > 0) parts.push(ONES[r]!);
      return parts.join(' ');
    };
    const words = (n: number): string => (n === 0 ? 'zero' : [n >= 1000 ? `${below1000(Math.floor(n / 1000))} thousand` : '', below1000(n % 1000)].filter(Boolean).join(' '));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.constantFrom('', 'I count ', 'So far: '), (n, prefix) => {
        expect(read('number', `${prefix}${n}`)?.value).toBe(n);
        expect(read('number', `${prefix}${words(n)}.`)?.value).toBe(n);
      }),
    );
  });
});

describe('python-int (VCBench release: int() in eval/unify_results.py)', () => {
  // each case with what CPython 3.11's int() gave for it (None: it raised ValueError)
  const CPYTHON: Array<[string, number | null]> = [
    ['7', 7],
    [' 7 ', 7],
    ['7\n', 7],
    ['+7', 7],
    ['-2', -2],
    ['-0', 0],
    ['007', 7],
    ['1_000', 1000],
    ['_1', null],
    ['1_', null],
    ['1__0', null],
    ['7.0', null],
    ['7 apples', null],
    ['seven', null],
    ['', null],
    ['  ', null],
    ['\u0663', 3],
    ['\u0661\u0662', 12],
    ['\uff11\uff12', 12],
    ['\u{1d7d5}', 7],
    ['\u0663_\u0663', 33],
    ['0x10', null],
    ['1e2', null],
    ['\u22123', null],
    ['- 5', null],
    ['+-1', null],
    ['\u00a07\u3000', 7],
    ['\u00857', 7],
    ['\ufeff7', null],
    ['7\u001c', null],
    ['5.', null],
    ['\u00b2', null],
    ['\u216b', null],
    ['3-4', null],
  ];
  it.each(CPYTHON)('int(%j) → %j', (text, expected) => {
    const read = EXTRACTORS['python-int'].extract(text, {});
    expect(read?.value ?? null).toBe(expected);
    if (read) expect(read.rule).toBe('int() of the whole response');
  });
  it('refuses more than 4,300 digits, as CPython does', () => {
    expect(EXTRACTORS['python-int'].extract('1'.repeat(4300), {})?.value).toBeGreaterThan(0);
    expect(EXTRACTORS['python-int'].extract('1'.repeat(4301), {})).toBeNull();
  });
});

describe('yes-no', () => {
  it('reads a whole Y/N or yes/no, a leading yes/no, or the only yes/no word', () => {
    expect(read('yes-no', 'Y')).toEqual({ value: 'yes', rule: 'the whole response' });
    expect(read('yes-no', 'No.')).toEqual({ value: 'no', rule: 'the whole response' });
    expect(read('yes-no', 'Yes, the man is chopping now')?.rule).toBe('the first word');
    expect(read('yes-no', 'I would say no')).toEqual({ value: 'no', rule: 'the only yes/no word' });
    expect(read('yes-no', 'Either yes or no')).toBeNull();
    expect(read('yes-no', 'Nobody knows')).toBeNull();
  });
});

describe('every extractor (properties)', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc
      .array(
        fc.constantFrom(
          'Answer',
          ':',
          ' ',
          'A',
          'b',
          'G',
          'H',
          '(',
          ')',
          '[',
          ']',
          '<think>',
          '</think>',
          '<answer>',
          '<|begin_of_box|>',
          'five',
          '3',
          '-',
          '.',
          'yes',
          'no',
          '\n',
          'option',
          's',
          'é',
          '😀',
        ),
        { maxLength: 80 },
      )
      .map((parts) => parts.join('')),
  );
  const anyOptions = fc.subarray([...OPTION_LETTERS], { minLength: 2 }).map((letters) => Object.fromEntries(letters.map((l) => [l, `option ${l}`])) as ExtractionContext['options']);

  it('never throws, is deterministic and names a rule whenever it reads something', () => {
    fc.assert(
      fc.property(anyText, anyOptions, fc.constantFrom(...extractorIds), (text, options, id) => {
        const first = EXTRACTORS[id].extract(text, { options });
        expect(EXTRACTORS[id].extract(text, { options })).toEqual(first);
        if (first) expect(first.rule.length).toBeGreaterThan(0);
      }),
    );
  });

  it('returns only letters the item offers', () => {
    fc.assert(
      fc.property(anyText, anyOptions, fc.constantFrom(...extractorIds.filter((id) => EXTRACTORS[id].kinds.includes('choice'))), fc.constantFrom(...OPTION_LETTERS), (text, options, id, answer) => {
        const value = EXTRACTORS[id].extract(text, { options, answer })?.value;
        if (value !== undefined) expect(Object.keys(options!)).toContain(value);
      }),
    );
  });

  it('numbers are finite and yes/no is yes or no', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const n = EXTRACTORS.number.extract(text, {})?.value;
        if (n !== undefined) expect(Number.isFinite(n)).toBe(true);
        const yn = EXTRACTORS['yes-no'].extract(text, {})?.value;
        if (yn !== undefined) expect(['yes', 'no']).toContain(yn);
      }),
    );
  });

  it('are named and versioned', () => {
    for (const id of extractorIds) {
      expect(EXTRACTORS[id].id).toBe(id);
      expect(EXTRACTORS[id].version).toMatch(/^\d+$/);
      expect(EXTRACTORS[id].label.length).toBeGreaterThan(0);
    }
  });
});

describe('answerMatches', () => {
  it('compares letters and yes/no without case, numbers by value; no answer gives null', () => {
    expect(answerMatches('choice', 'B', ' b')).toBe(true);
    expect(answerMatches('number', 3, '3.0')).toBe(true);
    expect(answerMatches('number', null, 3)).toBe(false);
    expect(answerMatches('yesno', 'yes', 'Yes')).toBe(true);
    expect(answerMatches('choice', 'B', null)).toBeNull();
  });
});
