// Ratings made anywhere, as CSV: a header `item,rater,label`, one row per rating (RFC 4180: quoted
// fields may hold commas, quotes and line breaks). Every problem names its line and field; numeric
// metrics need numeric labels.
import { z } from 'zod';
import { parseCsv } from '../csv';
import type { Problem } from '../formats/problems';
import type { Rating } from './metrics';

const cell = z.string().trim().min(1, 'empty').max(200, 'longer than 200 characters');

export function readRatingsCsv(text: string, file: string, numeric: boolean): { ratings: Rating[]; problems: Problem[] } {
  const { records, problems: malformed } = parseCsv(text.replace(/^\uFEFF/, ''));
  const problems: Problem[] = malformed.map((p) => ({ file, line: p.line, field: '', reason: p.reason }));
  const ratings: Rating[] = [];
  const [first, ...rows] = records;
  const header = first?.line === 1 ? first.fields.map((h) => h.trim().toLowerCase()) : null;
  if (!header || header.join(',') !== 'item,rater,label') {
    return { ratings, problems: [{ file, line: 1, field: '', reason: 'the first line must be the header item,rater,label' }] };
  }
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    if (fields.every((f) => !f.trim())) continue;
    if (fields.length !== 3) {
      problems.push({ file, line, field: '', reason: `expected three fields: item, rater, label (found ${fields.length})` });
      continue;
    }
    const parsed = ['item', 'rater', 'label'].map((name, f) => ({ name, result: cell.safeParse(fields[f]) }));
    const bad = parsed.find((p) => !p.result.success);
    if (bad) {
      problems.push({ file, line, field: bad.name, reason: bad.result.error!.issues[0]!.message });
      continue;
    }
    const [item, rater, labelText] = parsed.map((p) => p.result.data!) as [string, string, string];
    const label = numeric ? Number(labelText) : labelText;
    if (numeric && !Number.isFinite(label)) {
      problems.push({ file, line, field: 'label', reason: 'not a number (this metric needs numeric labels)' });
      continue;
    }
    const key = `${item}\u0000${rater}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ file, line, field: 'rater', reason: `a second rating of this item by this rater (first on line ${earlier})` });
      continue;
    }
    seen.set(key, line);
    ratings.push({ item, rater, label });
  }
  // in the order of the file, malformed records among the others
  return { ratings, problems: problems.sort((a, b) => a.line - b.line) };
}
