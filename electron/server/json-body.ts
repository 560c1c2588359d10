// A large request body parsed a slice at a time: JSON.parse of a 10 MB bulk call (a hundred thousand
// marks) would hold the server for a tenth of a second or more in one piece. The body's top-level
// object is walked by hand; an array member of it that is long is parsed an element at a time, with
// other requests let in between; everything else goes to JSON.parse whole. Any fault is a
// SyntaxError, as JSON.parse's would be.
import { skipValue } from '../../shared/formats/json-syntax';
import { Pacer } from '../services/pacer';

/** Bodies below this are parsed in one go. */
const SLICED_FROM = 1024 * 1024;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A member as JSON.parse makes it: an own property, even one named "__proto__". */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export async function parseJsonBody(text: string, slicedFrom = SLICED_FROM): Promise<unknown> {
  if (text.length < slicedFrom) return JSON.parse(text);
  let i = 0;
  const space = (): void => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  };
  const expect = (char: string): void => {
    space();
    if (text[i] !== char) throw new SyntaxError(`Expected "${char}" at position ${i}.`);
    i++;
  };
  /** The value at i, its end checked by JSON.parse itself. */
  const value = (): unknown => {
    space();
    const end = skipValue(text, i);
    if (end <= i) throw new SyntaxError(`Expected a value at position ${i}.`);
    const parsed: unknown = JSON.parse(text.slice(i, end));
    i = end;
    return parsed;
  };
  const pacer = new Pacer();

  const out: Record<string, unknown> = {};
  expect('{');
  space();
  if (text[i] === '}') i++;
  else {
    for (;;) {
      space();
      if (text[i] !== '"') throw new SyntaxError(`Expected a key at position ${i}.`);
      const key = value() as string;
      expect(':');
      space();
      const end = skipValue(text, i);
      if (text[i] === '[' && end - i >= slicedFrom / 4) {
        // a long array: an element at a time
        const items: unknown[] = [];
        i++;
        space();
        if (text[i] === ']') i++;
        else {
          for (;;) {
            items.push(value());
            await pacer.pace();
            space();
            if (text[i] === ',') i++;
            else if (text[i] === ']') {
              i++;
              break;
            } else throw new SyntaxError(`Expected "," or "]" at position ${i}.`);
          }
        }
        own(out, key, items);
      } else own(out, key, value());
      space();
      if (text[i] === ',') i++;
      else if (text[i] === '}') {
        i++;
        break;
      } else throw new SyntaxError(`Expected "," or "}" at position ${i}.`);
    }
  }
  space();
  if (i !== text.length) throw new SyntaxError(`Unexpected text after the body at position ${i}.`);
  return out;
}
