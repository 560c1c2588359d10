// English cardinal number words ("five", "twenty-one", "one hundred and five"), which VCBench's
// post-processing accepts beside digits (App. B.1). A small grammar so that "one two three" reads as
// three numbers, not as six.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000 };

interface WordNumber {
  value: number;
  /** Where the words stand in the text. */
  index: number;
  text: string;
}

/** What a token may follow: the kind of the previous token in the same number. */
type Kind = 'unit' | 'teen' | 'tens' | 'hundred' | 'big' | 'and';

function kindOf(word: string): Kind | null {
  if (word in UNITS) return UNITS[word]! < 10 ? 'unit' : 'teen';
  if (word in TENS) return 'tens';
  if (word === 'hundred') return 'hundred';
  if (word in SCALES) return 'big';
  return null;
}

/** Whether a token of kind `next` continues a number whose last token was of kind `prev`. */
function continues(prev: Kind, next: Kind): boolean {
  switch (prev) {
    case 'unit':
    case 'teen':
      return next === 'hundred' || next === 'big';
    case 'tens':
      return next === 'unit' || next === 'hundred' || next === 'big';
    case 'hundred':
      return next !== 'hundred';
    case 'big':
    case 'and':
      return next === 'unit' || next === 'teen' || next === 'tens';
  }
}

const WORD = /[a-z]+/gi;
/** Any number word inside any word: most responses have none, and then the parse is skipped. */
const ANY = new RegExp(Object.keys(UNITS).concat(Object.keys(TENS)).join('|'), 'i');

interface Pending {
  total: number;
  group: number;
  index: number;
  /** End of the number's last word. */
  end: number;
  /** End of the last word read, "and" included: the gap to the next word is measured from here. */
  after: number;
  last: Kind;
}

/** Every number written in words, in order of appearance. */
export function numberWords(text: string): WordNumber[] {
  const found: WordNumber[] = [];
  if (!ANY.test(text)) return found;
  let current: Pending | null = null;
  const close = (): void => {
    if (current) found.push({ value: current.total + current.group, index: current.index, text: text.slice(current.index, current.end) });
    current = null;
  };
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    const at = m.index;
    // only spaces or a hyphen may join the words of one number
    const joined: boolean = current !== null && /^[\s-]+$/.test(text.slice((current as Pending).after, at));
    if (current && joined && word === 'and' && (current.last === 'hundred' || current.last === 'big')) {
      current.last = 'and'; // "one hundred and five"; `end` stays before the "and"
      current.after = at + word.length;
      continue;
    }
    const kind = kindOf(word);
    if (!kind || !current || !joined || !continues(current.last, kind)) {
      close();
      if (!kind || kind === 'hundred' || kind === 'big') continue; // "hundred" alone is not a count
      current = { total: 0, group: 0, index: at, end: at, after: at, last: kind };
    }
    const c: Pending = current;
    if (kind === 'hundred') c.group *= 100;
    else if (kind === 'big') {
      c.total += c.group * SCALES[word]!;
      c.group = 0;
    } else c.group += UNITS[word] ?? TENS[word]!;
    c.last = kind;
    c.end = c.after = at + word.length;
  }
  close();
  return found;
}
