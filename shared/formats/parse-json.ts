// JSON.parse that keeps what it would lose: the source text of numbers JavaScript writes differently
// ("663.0", "1e3"), so that an untouched record is written back as it was, and why a text does not
// parse in words that do not quote it.
import { forEachNumberSource, jsonSyntaxError } from './json-syntax';

/** Why a JSON text does not parse, and where, in words that do not quote it. */
export function describeJsonError(text: string, error: unknown): { offset: number | null; reason: string } {
  const fault = jsonSyntaxError(text);
  if (fault) return { offset: fault.offset, reason: fault.reason };
  // it is JSON, but JSON.parse gave up (a value nested too deeply for the reviver's stack)
  return { offset: null, reason: error instanceof RangeError ? 'nested too deeply' : 'could not be read' };
}

/**
 * Source texts of parsed numbers that JavaScript would write differently ("663.0", "1e3"), keyed by
 * container and key, so an untouched record can be written back as it was. A number not listed
 * was written as `String(value)` writes it.
 */
export type NumberSources = WeakMap<object, Map<string, string>>;

interface ParsedJson {
  value: unknown;
  numbers: NumberSources;
}

/**
 * Text in which every number, if any, is written as String(value) writes it: no exponent, no
 * trailing fractional zero, no "-0", at most 15 significant digits (which round-trip exactly) and
 * not below 1e-6 (which String writes with an exponent). Matches inside strings only cost speed.
 */
const MAYBE_NON_CANONICAL_NUMBER = /\.\d*0(?!\d)|\d[eE]|-0(?![.\d])|\d(?:\.?\d){15}|\.0{6}/;

/**
 * JSON.parse that also keeps the source text of numbers JavaScript would write differently. Text
 * whose numbers are all canonical needs nothing more; other text is walked beside its value.
 */
export function parseJsonKeepingNumbers(text: string): ParsedJson {
  const numbers: NumberSources = new WeakMap();
  const value: unknown = JSON.parse(text);
  if (!MAYBE_NON_CANONICAL_NUMBER.test(text)) return { value, numbers };
  forEachNumberSource(text, value, (holder, key, v, source) => {
    const byKey = numbers.get(holder);
    // a repeated key is seen once per occurrence: the last, whose value JSON.parse kept, decides
    if (source === String(v)) byKey?.delete(key);
    else if (byKey) byKey.set(key, source);
    else numbers.set(holder, new Map([[key, source]]));
  });
  return { value, numbers };
}

/** The text a parsed number was written as. */
export function numberSource(numbers: NumberSources, holder: object, key: string, value: number): string {
  return numbers.get(holder)?.get(key) ?? String(value);
}
