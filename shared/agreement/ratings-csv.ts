// Ratings made anywhere, as CSV: a header `item,rater,label`, one row per rating (RFC 4180 quoting).
// Every problem names its line and field; numeric metrics need numeric labels.
import { z } from 'zod';
import type { Problem } from '../formats/json-text';
import type { Rating } from './metrics';

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function splitCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null; // an unclosed quote
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      fields.push(value);
    } else {
      const end = line.indexOf(',', i);
      fields.push(end === -1 ? line.slice(i) : line.slice(i, end));
      i = end === -1 ? line.length : end;
    }
    if (i >= line.length) return fields;
    if (line[i] !== ',') return null;
    i++;
  }
}

const cell = z.string().trim().min(1, 'empty').max(200, 'longer than 200 characters');

export function readRatingsCsv(text: string, file: string, numeric: boolean): { ratings: Rating[]; problems: Problem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: Problem[] = [];
  const ratings: Rating[] = [];
  const header = splitCsvLine(lines[0] ?? '')?.map((h) => h.trim().toLowerCase());
  if (!header || header.join(',') !== 'item,rater,label') {
    return { ratings, problems: [{ file, line: 1, field: '', reason: 'the first line must be the header item,rater,label' }] };
  }
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (!raw.trim()) return;
    const fields = splitCsvLine(raw);
    if (!fields || fields.length !== 3) {
      problems.push({ file, line, field: '', reason: 'expected three fields: item, rater, label' });
      return;
    }
    const parsed = ['item', 'rater', 'label'].map((name, f) => ({ name, result: cell.safeParse(fields[f]) }));
    const bad = parsed.find((p) => !p.result.success);
    if (bad) {
      problems.push({ file, line, field: bad.name, reason: bad.result.error!.issues[0]!.message });
      return;
    }
    const [item, rater, labelText] = parsed.map((p) => p.result.data!) as [string, string, string];
    const label = numeric ? Number(labelText) : labelText;
    if (numeric && !Number.isFinite(label)) {
      problems.push({ file, line, field: 'label', reason: 'not a number (this metric needs numeric labels)' });
      return;
    }
    const key = `${item}\u0000${rater}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ file, line, field: 'rater', reason: `a second rating of this item by this rater (first on line ${first})` });
      return;
    }
    seen.set(key, line);
    ratings.push({ item, rater, label });
  });
  return { ratings, problems };
}
