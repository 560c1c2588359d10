import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Mark } from '../marks';
import { compareMarks, markInputSchema } from '../marks';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question } from '../questions';
import { benchmarkIdOf, type ExchangeItem } from './items';
import { parseJsonKeepingNumbers } from './parse-json';
import { toPythonJson } from './python-json';
import { itemsToPhostream, phostreamFileSchema, phostreamToItems } from './phostream';
import { itemToRows, rowsToItem } from './project-items';
import { itemToVcbench, vcbenchDataSchema, vcbenchToItem } from './vcbench';

const fixtures = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external');

/** What a project stores for an item, validated the way the services validate it, and read back. */
function throughProject(item: ExchangeItem, n: number): ExchangeItem {
  const rows = itemToRows(item);
  const fields = questionFieldsSchema.parse({ ...rows.fields, profileId: 'p' });
  const question: Question = { ...fields, id: `q${n}`, videoId: 'v', provenance: {}, createdBy: 'a', updatedAt: 'now' };
  const points: QueryPoint[] = rows.points.map((p, i) => ({ ...queryPointFieldsSchema.parse(JSON.parse(JSON.stringify(p))), id: `p${i}`, questionId: question.id }));
  // the store gives a target's marks back in time order (compareMarks), whatever order they were made in
  const marks = rows.marks.map((m, i) => ({ ...(markInputSchema.parse(JSON.parse(JSON.stringify(m))) as object), id: `m${String(i).padStart(4, '0')}`, videoId: 'v' }) as Mark).sort(compareMarks);
  return rowsToItem(question, points, marks, item.videoPath, item.profile);
}

describe('items through the project', () => {
  it('VCBench lines come back byte for byte after being stored', () => {
    const lines = readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    lines.forEach((line, n) => {
      const raw = parseJsonKeepingNumbers(line);
      const item = throughProject(vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw), n);
      expect(toPythonJson(itemToVcbench(item, n))).toBe(line);
    });
  });
  it("all 1,000 lines of the release's VCBench file come back byte for byte after being stored (0935 lists its episodes out of time order)", () => {
    const release = gunzipSync(readFileSync(join(__dirname, '..', 'scoring', 'fixtures', 'vcbench', 'vcbench_data.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    expect(release).toHaveLength(1000);
    const differing = release.filter((line, n) => {
      const raw = parseJsonKeepingNumbers(line);
      return toPythonJson(itemToVcbench(throughProject(vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw), n), n)) !== line;
    });
    expect(differing).toEqual([]);
  });
  it('the PhoStream file comes back byte for byte after being stored', () => {
    const file = readFileSync(join(fixtures, 'phostream', 'phostream_annotations.sample.json'), 'utf8');
    const items = phostreamFileSchema.parse(JSON.parse(file)).flatMap(phostreamToItems).map(throughProject);
    expect(toPythonJson(itemsToPhostream(items), { indent: 4, ensureAscii: false })).toBe(file.replace(/\n$/, ''));
  });
  it("an item's benchmark id survives being stored (and PhoStream items have none)", () => {
    const lines = readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    const items = lines.map((line) => {
      const raw = parseJsonKeepingNumbers(line);
      return vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw);
    });
    expect(items.map(benchmarkIdOf)).toEqual(lines.map((l) => (JSON.parse(l) as { id: string }).id));
    expect(items.map((item, n) => benchmarkIdOf(throughProject(item, n)))).toEqual(items.map(benchmarkIdOf));
    const file = readFileSync(join(fixtures, 'phostream', 'phostream_annotations.sample.json'), 'utf8');
    expect(
      phostreamFileSchema
        .parse(JSON.parse(file))
        .flatMap(phostreamToItems)
        .map(benchmarkIdOf)
        .every((id) => id === null),
    ).toBe(true);
    expect(benchmarkIdOf({ profile: 'ovo-s-bench', extra: { id: 17 } })).toBe('17');
    expect(benchmarkIdOf({ profile: 'rtv-bench', extra: { questionID: 'q-group-a-0' } })).toBe('q-group-a-0');
    expect(benchmarkIdOf({ profile: 'vsas-bench', extra: { task_id: 'cook-01' } })).toBe('cook-01');
    expect(benchmarkIdOf({ profile: 'custom', extra: { time: null } })).toBeNull();
  });
  it('a time edited after import is written in the style it came in', () => {
    const file = readFileSync(join(fixtures, 'phostream', 'phostream_annotations.sample.json'), 'utf8');
    const item = phostreamFileSchema
      .parse(JSON.parse(file))
      .flatMap(phostreamToItems)
      .find((i) => /^\d:\d\d$/.test(i.points[0]!.time.text))!;
    const stored = throughProject(item, 0);
    stored.points[0]!.time = { ...stored.points[0]!.time, seconds: stored.points[0]!.time.seconds + 1 };
    const written = itemsToPhostream([stored])[0]!.verified_responses[0]!.timestamp_question;
    expect(written).toMatch(/^\d:\d\d$/);
  });
});
