// Every reader, held to the same rules: a bad field is one located problem and only its record is
// left out; a repeated id is a problem naming the first; no problem quotes the file; bytes that are
// not UTF-8 keep their records out; and no input makes a reader throw or hand over an item the
// project would refuse.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemIssues } from './item-check';
import { benchmarkIdOf } from './items';
import type { Problem } from './problems';
import { RawNumber, toPythonJson } from './python-json';
import { itemToRows } from './project-items';
import { findFormat, FORMATS, readAll, readBytes, type BenchmarkFormat, type FormatRead } from './registry';

type Json = Record<string, unknown>;
type Path = Array<string | number>;

const fixtures = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external');
const clone = <T>(v: T): T => structuredClone(v);

/** Sets a field by path, own properties only: fuzzed keys include "__proto__". */
function setAt(record: unknown, path: Path, value: unknown): void {
  let at = record as object;
  for (const part of path.slice(0, -1)) at = Object.getOwnPropertyDescriptor(at, part)!.value as object;
  Object.defineProperty(at, path.at(-1)!, { value, writable: true, enumerable: true, configurable: true });
}

/** A format's good records, and fields to spoil (by path) with the field name a problem should give. */
interface Spec {
  format: string;
  record: (i: number) => Json;
  /** A text field whose domain limit is 10,000 characters. */
  text: { path: Path; field: string };
  /** Another field out of the domain's range, its bad value and the reason's gist. */
  other: { path: Path; value: unknown; field: string; reason: RegExp };
  /** The record field holding the benchmark's id (formats that have ids). */
  id?: string;
}

const vcbenchLines = readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Json);
const phostreamVideos = JSON.parse(readFileSync(join(fixtures, 'phostream', 'phostream_annotations.sample.json'), 'utf8')) as Json[];
const FIG_11 = JSON.parse(
  '{"id": 0, "category_index": "1.1.1_0", "source_dataset": "CODa_full", "video_id": "10", "video_path": "CODa_full/10.mp4", "level": 1, "task_main_category": "1.1", "task_subcategory": "1.1.1", "task_type_name": "Object-to-Object Absolute Distance", "question": "How far is the yellow wet-floor caution sign from the camera?", "options": {"A": "About 0.5 m", "B": "About 6 m", "C": "About 3 m", "D": "About 1.5 m"}, "query_times": [22.8], "evidence_times": [[21.8, 23.8]], "answers": ["D"]}',
) as Json;
const RTV = {
  video: 'SportsCam_004.mp4',
  field: 'sports_cam',
  start_time: 0,
  end_time: 119.08,
  questionID: 'q-group-9eq4fqfqg-2-option2',
  type: 'Event-SR',
  question: 'Which team will most likely score next?',
  options: { A: 'Red', B: 'Blue', C: 'Neither', D: 'Both' },
  answer: 'B',
};
const VSAS = {
  task_id: 'cook-01-present',
  video_path: 'recorded/cook-01.mp4',
  category: 'Cooking',
  task_type: 'present',
  prompt: 'Describe what the cook is doing right now.',
  captions: [
    { second: 0, caption: 'Slicing onions.' },
    { second: 1, caption: 'Adding onions to the pan.' },
  ],
};
const STREAMINGBENCH = {
  time: '[0:00:00 - 0:00:10]',
  questions: [
    {
      task_type: 'Clips Summarize',
      question: 'Which of the following options best summarizes the actions of the individual taken just now?',
      time_stamp: '00:00:31',
      answer: 'C',
      options: ['A. Organized trays', 'B. Washed dishes', 'C. Served food', 'D. Left'],
      required_ability: 'episodic memory',
    },
    {
      task_type: 'Proactive Output',
      question: 'When the scoreboard shows 3 points for USA, output "3".',
      time_stamp: '00:00:20',
      ground_truth_time_stamp: '00:00:29',
      ground_truth_output: '3',
      required_ability: 'working memory',
    },
  ],
  video_categories: 'preparation_of_meals',
  video_path: './videos/sample_348_real.mp4',
};
const OVO_BENCH = [
  {
    id: 0,
    task: 'EPM',
    video: 'Ego4D/clips/ec4a3ba3.mp4',
    realtime: 215,
    question: 'Who did I talk to when chopping egg plants?',
    answer: 'a person with blue shirt',
    options: ['a person with brown shirt', 'a person with green shirt', 'a person with blue shirt', 'a person with white shirt'],
    gt: 2,
  },
  {
    id: 1,
    task: 'CRR',
    video: 'MovieNet/tt0048028.mp4',
    question: 'The woman in a black coat walks towards the car.',
    answer: 'She walks past the car.',
    ask_time: 297,
    clue_time: 308,
    test_info: [
      { realtime: 297, type: 0 },
      { realtime: 310, type: 1 },
    ],
  },
  {
    id: 2,
    task: 'REC',
    video: 'perception_test/video_4017.mp4',
    activity: 'breaking something',
    start_times: [6],
    end_times: [17],
    test_info: [
      { realtime: 17, count: 1 },
      { realtime: 32.0, count: 1 },
    ],
  },
];

const LONG_TEXT = 'x'.repeat(10_001);
const LONG_OPTION = 'o'.repeat(2_001);
/** Record 501 of 1,000 is spoiled: line 502 of a JSONL file. */
const N = 1_000;
const BAD = 501;

const SPECS: Spec[] = [
  {
    format: 'vcbench',
    record: (i) => ({ ...clone(vcbenchLines[i % vcbenchLines.length]!), id: String(i).padStart(4, '0') }),
    text: { path: ['question'], field: 'question' },
    // a time is kept with the text it was written in, up to 40 characters
    other: { path: ['query_points', 'time', 0], value: new RawNumber(`1.${'0'.repeat(45)}`), field: 'query_points.time[0]', reason: /^longer than 40 characters$/ },
    id: 'id',
  },
  {
    format: 'ovo-s',
    record: (i) => ({ ...clone(FIG_11), id: i, category_index: `1.1.1_${i}` }),
    text: { path: ['question'], field: 'question' },
    other: { path: ['options', 'B'], value: LONG_OPTION, field: 'options.B', reason: /^longer than 2,000 characters$/ },
    id: 'id',
  },
  {
    format: 'rtv',
    record: (i) => ({ ...clone(RTV), questionID: `q-group-g${Math.floor(i / 3)}-${i % 3}` }),
    text: { path: ['question'], field: `[${BAD}].question` },
    other: { path: ['options', 'C'], value: LONG_OPTION, field: `[${BAD}].options.C`, reason: /^longer than 2,000 characters$/ },
    id: 'questionID',
  },
  {
    format: 'phostream',
    record: (i) => clone(phostreamVideos[i % phostreamVideos.length]!),
    text: { path: ['verified_responses', 1, 'user_query'], field: `[${BAD}].verified_responses[1].user_query` },
    other: { path: ['verified_responses', 0, 'capability'], value: 'c'.repeat(81), field: `[${BAD}].verified_responses[0].capability`, reason: /^longer than 80 characters$/ },
  },
  {
    format: 'vsas',
    record: (i) => ({ ...clone(VSAS), task_id: `task-${i}` }),
    text: { path: ['prompt'], field: 'prompt' },
    other: { path: ['category'], value: 'k'.repeat(201), field: 'category', reason: /^longer than 200 characters$/ },
    id: 'task_id',
  },
  {
    format: 'streamingbench',
    record: () => clone(STREAMINGBENCH),
    text: { path: ['questions', 0, 'question'], field: `[${BAD}].questions[0].question` },
    other: { path: ['questions', 0, 'options', 1], value: `B. ${LONG_OPTION}`, field: `[${BAD}].questions[0].options[1]`, reason: /^longer than 2,000 characters$/ },
  },
  {
    format: 'ovo-bench',
    record: (i) => ({ ...clone(OVO_BENCH[i % 3]!), id: i }),
    // record 501 is a multiple-choice one (501 % 3 = 0)
    text: { path: ['question'], field: `[${BAD}].question` },
    other: { path: ['options', 2], value: LONG_OPTION, field: `[${BAD}].options[2]`, reason: /^longer than 2,000 characters$/ },
    id: 'id',
  },
];

const formatOf = (id: string) => findFormat(id) as BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>;
const isJsonl = (id: string) => formatOf(id).extension === 'jsonl';

function fileOf(id: string, records: unknown[]): string {
  return isJsonl(id) ? records.map((r) => toPythonJson(r, { ensureAscii: false })).join('\n') + '\n' : `${toPythonJson(records, { indent: 4, ensureAscii: false })}\n`;
}
const read = (id: string, text: string): FormatRead => readAll(formatOf(id).read(text, 'bench.file'));
const goodRecords = (spec: Spec): Json[] => Array.from({ length: N }, (_, i) => spec.record(i));
/** The line a marker is on. */
const lineOf = (text: string, marker: string): number => text.slice(0, text.indexOf(marker)).split('\n').length;
const brief = (p: Problem) => ({ line: p.line, field: p.field, reason: p.reason });

describe.each(SPECS)('the $format reader', (spec) => {
  const good = fileOf(spec.format, goodRecords(spec));
  const all = read(spec.format, good);

  it('reads the good file whole', () => {
    expect(all.problems).toEqual([]);
    expect(all.records).toBe(N);
    expect(all.items.length).toBeGreaterThanOrEqual(N);
  });

  it('makes a 10,001-character text one problem of its record, on its line, and reads the rest', () => {
    const records = goodRecords(spec);
    setAt(records[BAD], spec.text.path, LONG_TEXT);
    const text = fileOf(spec.format, records);
    const result = read(spec.format, text);
    expect(result.problems.map(brief)).toEqual([{ line: lineOf(text, LONG_TEXT), field: spec.text.field, reason: 'longer than 10,000 characters' }]);
    expect(result.items).toHaveLength(all.items.length - 1);
    expect(result.records).toBe(N);
  });

  it('makes another field out of the domain range one problem too', () => {
    const records = goodRecords(spec);
    setAt(records[BAD], spec.other.path, spec.other.value);
    const text = fileOf(spec.format, records);
    const result = read(spec.format, text);
    const marker = spec.other.value instanceof RawNumber ? spec.other.value.text : String(spec.other.value);
    expect(result.problems.map(brief)).toEqual([{ line: lineOf(text, marker), field: spec.other.field, reason: expect.stringMatching(spec.other.reason) }]);
    expect(result.items).toHaveLength(all.items.length - 1);
  });

  it('hands over only items the project can store, with the very rows that were checked', () => {
    for (const { item, rows } of all.items) {
      expect(itemIssues(item)).toEqual([]);
      expect(rows).toEqual(itemToRows(item));
    }
  });

  it('leaves out the records on lines that are not UTF-8, and only those', () => {
    const records = goodRecords(spec);
    setAt(records[BAD], spec.text.path, 'before-MARK-after');
    const text = fileOf(spec.format, records);
    const bytes = new TextEncoder().encode(text);
    const at = Buffer.from(bytes).indexOf('MARK');
    bytes[at + 1] = 0xff; // "M\xffRK": not UTF-8
    const result = readAll(readBytes(formatOf(spec.format), bytes, 'bench.file'));
    expect(result.problems.map(brief)).toEqual([{ line: lineOf(text, 'MARK'), field: '', reason: `not valid UTF-8 (byte offset ${at + 1})` }]);
    const itemsOfBad = read(spec.format, fileOf(spec.format, [records[BAD]])).items.length;
    expect(result.items).toHaveLength(all.items.length - itemsOfBad);
    expect(result.records).toBe(N);
    expect(result.items.every(({ item }) => !JSON.stringify(item).includes('\uFFFD'))).toBe(true);
  });
});

describe.each(SPECS.filter((s) => s.id !== undefined))('the $format reader', (spec) => {
  it('makes a repeated id a problem on the id, naming the line of the first', () => {
    const key = spec.id!;
    const records = goodRecords(spec);
    const all = read(spec.format, fileOf(spec.format, records));
    records[7]![key] = records[3]![key];
    records[9]![key] = records[3]![key];
    const text = fileOf(spec.format, records);
    const result = read(spec.format, text);
    // each record names its id once, in order: the n-th "key": is record n's
    const idLines = text.split('\n').flatMap((line, i) => (line.includes(`"${key}": `) ? [i + 1] : []));
    const field = (i: number) => (isJsonl(spec.format) ? key : `[${i}].${key}`);
    const reason = `duplicate id ${String(records[3]![key])} (first on line ${idLines[3]})`;
    expect(result.problems.map(brief)).toEqual([
      { line: idLines[7], field: field(7), reason },
      { line: idLines[9], field: field(9), reason },
    ]);
    expect(result.items).toHaveLength(all.items.length - 2);
    expect(result.items.filter(({ item }) => benchmarkIdOf(item) === String(records[3]![key]))).toHaveLength(1);
  });
});

describe('problems never quote the file', () => {
  it('a JSON document that does not parse is a problem at the line and column of its fault', () => {
    const { problems } = read('rtv', '[\n  {"a": 1},\n  {"a": tru}\n]\n');
    expect(problems.map(brief)).toEqual([{ line: 3, field: '', reason: 'not valid JSON (unexpected character at column 9)' }]);
  });

  const SECRET = 'root:$6$Xq9vT2pL$hK8mZ3QwE7rY1uNbVc0sJ4fG:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\nadmin:$y$j9T$Wm5Rk2Zp8Qx$Lt3Nv6Bc9Hs1Df4Gj7Ka0:19321:0:99999:7:::\n';
  /** Every 4-character piece of the secret: no reason may contain one. */
  const pieces = new Set<string>();
  for (let i = 0; i + 4 <= SECRET.length; i++) pieces.add(SECRET.slice(i, i + 4));
  const quoted = (reason: string): string[] => [...pieces].filter((p) => reason.includes(p));

  /** A good record with every string in it (values and one key) replaced by lines of the secret. */
  function secretRecord(record: unknown): unknown {
    const lines = SECRET.split('\n').filter(Boolean);
    let n = 0;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return lines[n++ % lines.length];
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])), [lines[0]!]: lines[1] };
      return v;
    };
    return walk(record);
  }

  it.each(SPECS)('in the $format reader', (spec) => {
    const texts = [
      SECRET,
      fileOf(spec.format, [secretRecord(spec.record(0)), spec.record(1)]),
      fileOf(spec.format, SECRET.split('\n')),
      isJsonl(spec.format) ? `{"a": ${SECRET.split('\n')[0]}}` : `[{"a": 1}, ${SECRET}]`,
    ];
    for (const text of texts) {
      const { problems } = read(spec.format, text);
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect({ reason: p.reason, quotes: quoted(p.reason) }).toEqual({ reason: p.reason, quotes: [] });
    }
  });
});

describe('readers never throw, and hand over only storable items (fuzzed)', () => {
  /** Values that probe the limits: lengths either side of each domain maximum, odd numbers, odd shapes. */
  const nasty: fc.Arbitrary<unknown> = fc.oneof(
    fc.constantFrom(0, 1, 40, 41, 50, 51, 80, 81, 100, 101, 200, 201, 2_000, 2_001, 10_000, 10_001).map((n) => 'z'.repeat(n)),
    fc.constantFrom(-1, -0.5, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, 3.0),
    fc.constantFrom(new RawNumber('1e400'), new RawNumber('-0'), new RawNumber(`2.${'0'.repeat(50)}`)),
    fc.constantFrom('99999999999999999999:00', '-00:05', '00:61', '1:2:3:4', '[0:00:00 - 0:00:10]', 'A. ', 'H', 'q-group--0', 'Object-TP', '1.1.1', '9.9.9', ''),
    fc.jsonValue({ maxDepth: 2 }),
  );
  /** Paths in a record to spoil: every field and element of it. */
  function paths(v: unknown, prefix: Path = []): Path[] {
    if (!v || typeof v !== 'object' || v instanceof RawNumber) return [prefix];
    const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    return [prefix, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...prefix, k]))];
  }
  function check(format: BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>, result: FormatRead): void {
    for (const { item } of result.items) expect(itemIssues(item)).toEqual([]);
    for (const p of result.problems) {
      expect(p.line).toBeGreaterThanOrEqual(0);
      expect(p.reason.length).toBeGreaterThan(0);
    }
    const ids = result.items.map(({ item }) => benchmarkIdOf(item)).filter((id) => id !== null);
    expect(new Set(ids).size).toBe(ids.length);
    expect(format.id).toBeTruthy();
  }

  it.each(SPECS)('$format: spoiled fields of good records', (spec) => {
    const format = formatOf(spec.format);
    const seeds = [0, 1, 2, 3].map((i) => spec.record(i));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(fc.tuple(fc.nat(), nasty), { minLength: 1, maxLength: 3 }), (target, edits) => {
        const records = seeds.map(clone);
        for (const [pick, nastyValue] of edits) {
          const value = nastyValue instanceof RawNumber ? new RawNumber(nastyValue.text) : clone(nastyValue);
          const all = paths(records[target]);
          const path = all[pick % all.length]!;
          if (path.length === 0) records[target] = value as Json;
          else setAt(records[target], path, value);
        }
        const result = read(spec.format, fileOf(spec.format, records));
        check(format, result);
        // the untouched records are still read
        const others = read(
          spec.format,
          fileOf(
            spec.format,
            records.filter((_, i) => i !== target),
          ),
        ).items.length;
        expect(result.items.length).toBeGreaterThanOrEqual(others - 1); // a spoiled id may take a good record's
      }),
      { numRuns: 300 },
    );
  });

  it.each(FORMATS.filter((f) => f.read).map((f) => f.id))('%s: arbitrary text and bytes', (id) => {
    const format = formatOf(id);
    const jsonish = fc
      .array(fc.oneof(fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\n', '"id"', '"question"', '1', '-2.0', 'null', '\\u'), fc.string({ maxLength: 4 })), { maxLength: 40 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          jsonish,
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.jsonValue().map((v) => (isJsonl(id) ? JSON.stringify(v) : JSON.stringify([v, v]))),
        ),
        (text) => {
          check(format, read(id, text));
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        check(format, readAll(readBytes(format, bytes, 'f')));
      }),
      { numRuns: 300 },
    );
  });
});
