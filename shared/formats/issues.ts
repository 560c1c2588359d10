// Zod issues as a person reads them: a field path and a reason. Reasons never quote the input: zod
// names an unknown key in its message ('Unrecognized key: "…"'), so the key goes to the field path
// (cut short) and the reason says what is wrong with it.
import type { z } from 'zod';
import type { FieldPath } from './json-syntax';

export interface FieldIssue {
  path: FieldPath;
  reason: string;
}

const count = (n: unknown): string => (typeof n === 'number' || typeof n === 'bigint' ? n.toLocaleString('en') : String(n));

/** A reason in the field's words: "longer than 10,000 characters" rather than zod's "Too big: …". */
function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') {
    const max = count(issue.maximum);
    const strict = issue.inclusive === false;
    if (issue.origin === 'string') return strict ? `must be shorter than ${max} characters` : `longer than ${max} characters`;
    if (issue.origin === 'array' || issue.origin === 'set') return strict ? `must have fewer than ${max} items` : `has more than ${max} items`;
    return strict ? `must be below ${max}` : `greater than ${max}`;
  }
  if (issue.code === 'too_small') {
    const min = count(issue.minimum);
    const strict = issue.inclusive === false;
    if (issue.origin === 'string') return min === '1' && !strict ? 'empty' : `shorter than ${min} characters`;
    if (issue.origin === 'array' || issue.origin === 'set') return min === '1' && !strict ? 'empty' : `has fewer than ${min} items`;
    if (min === '0') return strict ? 'must be above 0' : 'negative';
    return strict ? `must be above ${min}` : `less than ${min}`;
  }
  // zod says "Invalid input: expected string, received undefined" for a field that is not there
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `missing (expected ${issue.expected})`;
  if (issue.code === 'invalid_key') return issue.issues[0] ? `key ${reasonOf(issue.issues[0])}` : 'key not allowed here';
  return issue.message;
}

/** Long keys from a file are cut in field paths: enough to find them, not a copy of the file. */
const KEY_LENGTH = 40;
const cut = (part: string | number): string | number => (typeof part === 'string' && part.length > KEY_LENGTH ? `${part.slice(0, KEY_LENGTH)}…` : part);

/** Issues as field paths and reasons; an unknown key is a problem of its own field. */
export function fieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) out.push({ path: [...path, key], reason: 'not a field of this format' });
    else out.push({ path, reason: reasonOf(issue) });
  }
  return out;
}

/** A path as a field name, with long keys cut short. */
export function displayPath(path: FieldPath): FieldPath {
  return path.map(cut);
}
