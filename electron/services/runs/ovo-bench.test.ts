// OVO-Bench scored by `tidemark score` against the numbers its own release scorer gives
// (JoeLeelyf/OVO-Bench utils/OVOBenchScore.py, run on the synthetic fixture in
// shared/scoring/fixtures/ovo-bench — the real data is CC BY-NC-SA and not committed): per record,
// per task, per family and overall, for a perfect run, GPT-, Gemini-, LongVU- and QWen2VL-style runs
// and a run with ids the data lacks. The fixture has the release's quirks: SSR probes out of time
// order (and two at one time answering differently), a REC count its spans do not give, twins
// (one question asked twice of a video) answered under one id, responses stored as lists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/cli';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { importRunFile } from './import';

const fixture = join(__dirname, '..', '..', '..', 'shared', 'scoring', 'fixtures', 'ovo-bench');

interface Printed {
  error: string | null;
  tasks: Record<string, number>;
  families: Record<string, number>;
  overall: number | null;
}
type ReleaseRecord = { file: string; family: string; index: number; id: number; task: string } & ({ score: number } | { probes: number[] } | { error: string });
const release = JSON.parse(readFileSync(join(fixture, 'release-scores.json'), 'utf8')) as {
  commit: string;
  configs: Record<string, Printed & { records: ReleaseRecord[]; withoutUnknownIds?: Printed }>;
};

interface Scored {
  model: string;
  run: string;
  overall: Record<string, number | null>;
  byCategory: Record<string, Record<string, number | null>>;
  items: Array<{ item: string; category: string; queries: Array<{ query: number; correct: boolean | null; extracted: unknown; rule: string | null }> }>;
  notes: string[];
}
interface ScoreJson {
  runs: Scored[];
  leftOut: Array<{ file: string; line: number; item: string | null; reason: string }>;
  leftOutCount: number;
  lineNotes: Array<{ file: string; line: number; item: string | null; note: string }>;
}

const dir = tempDir();
const project = join(dir.path, 'ovo.tidemark');
const env = { ...process.env, TIDEMARK_DATA_DIR: join(dir.path, 'data') };

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err };
}

const scores = new Map<string, ScoreJson>();
async function score(config: string, ...extra: string[]): Promise<ScoreJson> {
  const key = [config, ...extra].join(' ');
  if (!scores.has(key)) {
    const result = await cli('score', '--project', project, '--format', 'ovo-bench-results', '--run', join(fixture, 'results', config), '--json', ...extra);
    // stderr holds only the lines left out and those scored otherwise than they say (also in the JSON)
    expect(result.err.filter((l) => !l.endsWith('(left out)') && !l.endsWith('(scored so)'))).toEqual([]);
    expect(result.code).toBe(0);
    scores.set(key, JSON.parse(result.out) as ScoreJson);
  }
  return scores.get(key)!;
}
const only = async (config: string, ...extra: string[]): Promise<Scored> => {
  const json = await score(config, ...extra);
  expect(json.runs).toHaveLength(1);
  return json.runs[0]!;
};

const FAMILY = { Backward: 'Backward', Realtime: 'Real-time', Forward: 'Forward' } as const;
const round2 = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(v * 100) / 100);

/** Tidemark's numbers where the release printed them: tasks, families, overall (two decimals). */
function expectPrinted(scored: Scored, printed: Printed) {
  const tasks = Object.fromEntries(Object.keys(printed.tasks).map((t) => [t, round2(scored.byCategory[t]?.accuracy)]));
  expect(tasks).toEqual(printed.tasks);
  const families = Object.fromEntries(Object.keys(printed.families).map((f) => [f, round2(scored.byCategory[FAMILY[f as keyof typeof FAMILY]]?.accuracy)]));
  expect(families).toEqual(printed.families);
  if (printed.overall !== null) expect(round2(scored.overall.accuracy)).toBe(printed.overall);
}

/** Per item, the release's record scores beside Tidemark's (a record's id names its item unless `items` says otherwise). */
function expectPerItem(scored: Scored, records: readonly ReleaseRecord[], items: (r: ReleaseRecord) => string = (r) => String(r.id)) {
  const want = new Map<string, number[]>();
  const failed = new Set(records.filter((r) => 'error' in r).map((r) => items(r)));
  for (const r of records) {
    if ('error' in r) continue;
    const list = want.get(items(r)) ?? [];
    want.set(items(r), list.concat('score' in r ? [r.score] : r.probes));
  }
  // records the release stops on have no number to compare
  const got = new Map(scored.items.filter((i) => i.queries.length > 0 && !failed.has(i.item)).map((i) => [i.item, i.queries.map((q) => (q.correct ? 1 : 0))]));
  // a multiple-choice item answered twice: both records count, in any order; probes in the file's order
  const normal = (m: Map<string, number[]>, forward: Set<string>) => Object.fromEntries([...m].map(([k, v]) => [k, forward.has(k) ? v : [...v].sort()]));
  const forward = new Set(records.filter((r) => 'probes' in r).map((r) => String(r.id)));
  expect(normal(got, forward)).toEqual(normal(want, forward));
}

beforeAll(async () => {
  const imported = await cli('import', join(fixture, 'ovo_bench_synthetic.json'), '--format', 'ovo-bench', '--project', project, '--media', join(dir.path, 'no-media'));
  expect(imported.code).toBe(0);
}, 60_000);
afterAll(() => dir.remove());

describe('OVO-Bench scored as its release scores it (utils/OVOBenchScore.py)', () => {
  it('names the release and commit its numbers come from', () => {
    expect(release.commit).toBe('c34093f9a072d93f9e1c6b923446dfba71f4528e');
  });

  it('a perfect run scores 100 on every task, SSR probes out of time order and the REC count its spans do not give included', async () => {
    const scored = await only('Perfect');
    expectPrinted(scored, release.configs.Perfect!);
    expect(round2(scored.overall.accuracy)).toBe(100);
    expectPerItem(scored, release.configs.Perfect!.records);
    expect((await score('Perfect')).leftOutCount).toBe(0);
  });

  for (const config of ['Gemini', 'LongVU', 'QWen2VL_']) {
    it(`${config}: every record, task, family and the overall as the release scores them`, async () => {
      const scored = await only(config);
      expectPrinted(scored, release.configs[config]!);
      expectPerItem(scored, release.configs[config]!.records);
      expect((await score(config)).leftOutCount).toBe(0);
    });
  }

  it('GPT: twins answered under one id go to the question their ground truth names; a repeated id counts twice; tasks it did not run are left out', async () => {
    const scored = await only('GPT');
    expectPrinted(scored, release.configs.GPT!);
    // the third EPM record says id 1 with ground truth A: item 2 asks the same of the same video, its key A
    const twin = (r: ReleaseRecord) => (r.file === 'GPT_EPM_offline.json' && r.index === 2 ? '2' : String(r.id));
    expectPerItem(scored, release.configs.GPT!.records, twin);
    // the line a record's "{" is on: the one before its second "id": 1
    const lineOfTwin = readFileSync(join(fixture, 'results', 'GPT', 'GPT_EPM_offline.json'), 'utf8')
      .split('\n')
      .flatMap((l, i) => (l.includes('"id": 1,') ? [i] : []))[1];
    expect((await score('GPT')).lineNotes).toEqual([
      { file: 'GPT_EPM_offline.json', line: expect.any(Number), item: '1', note: expect.stringContaining('matched to question "2", the same question of the same video whose key it is') },
    ]);
    expect((await score('GPT')).lineNotes[0]!.line).toBe(lineOfTwin);
    expect(scored.byCategory.REC).toBeUndefined();
    expect(scored.notes.join('\n')).toMatch(/REC, SSR: no response.*left out/);
  });

  it('QWen2VL: list responses scored as the release scores them (membership), REC read where the release stops with a TypeError', async () => {
    const printed = release.configs.QWen2VL!;
    expect(printed.error).toMatch(/^TypeError/);
    const scored = await only('QWen2VL');
    expectPrinted(scored, printed);
    expectPerItem(scored, printed.records);
    // the release has no REC number for lists: the same answers as strings (QWen2VL_) give it
    expect(round2(scored.byCategory.REC!.accuracy)).toBe(release.configs.QWen2VL_!.tasks.REC);
    for (const r of release.configs.QWen2VL_!.records.filter((r) => r.task === 'REC')) {
      expect(scored.items.find((i) => i.item === String(r.id))!.queries.map((q) => (q.correct ? 1 : 0))).toEqual('probes' in r ? r.probes : null);
    }
    expect(scored.notes.join('\n')).toMatch(/responses were lists/);
  });

  it('Strays: an id the data lacks is left out by line with its reason; the rest scores as the release does without it', async () => {
    const json = await score('Strays');
    expect(json.leftOutCount).toBe(1);
    expect(json.leftOut).toEqual([expect.objectContaining({ file: 'Strays_EPM_ASI_HLD_offline.json', item: '999', reason: expect.stringContaining('no question with id "999"') })]);
    expectPrinted(json.runs[0]!, release.configs.Strays!.withoutUnknownIds!);
  });

  it('importing the results (Runs overlay) reports the twin by line, as tidemark score does', async () => {
    const opened = await Project.open(project, { create: false });
    try {
      const outcome = await importRunFile(opened, { person: 'Lee', role: 'lead' }, { path: join(fixture, 'results', 'GPT', 'GPT_EPM_offline.json'), format: 'ovo-bench-results' });
      expect(outcome).toMatchObject({ refused: false, unmatched: [], runs: [{ model: 'GPT', responses: 3 }] });
      expect(outcome.notes.map((p) => [p.file, p.line, p.reason])).toEqual([['GPT_EPM_offline.json', (await score('GPT')).lineNotes[0]!.line, expect.stringContaining('matched to question "2"')]]);
    } finally {
      await opened.close();
    }
  });

  it('an unknown --format is a usage error naming the formats', async () => {
    const result = await cli('score', '--project', project, '--format', 'ovo', '--run', join(fixture, 'results', 'GPT'));
    expect(result.code).toBe(2);
    expect(result.err.join('\n')).toContain('--format: one of tidemark-run, ovo-bench-results');
  });

  it('--extractor substring reads the letters only; the release rule is the default', async () => {
    const byDefault = await only('LongVU');
    const substring = await only('LongVU', '--extractor', 'substring');
    expect(substring.byCategory).toEqual(byDefault.byCategory);
    const strict = await only('LongVU', '--extractor', 'ovo-s-letter');
    expect(strict.byCategory.REC).toEqual(byDefault.byCategory.REC);
    expect(strict.byCategory.EPM).not.toEqual(byDefault.byCategory.EPM);
  });
});

describe("OVO-Bench: a strict column beside the release's substring test (issue 22, rule 4)", () => {
  interface Difference {
    item: string;
    query: number | null;
    response: string | null;
    answer: unknown;
    scored: { correct: boolean | null; rule: string | null } | null;
    other: { correct: boolean | null; extracted: unknown } | null;
  }
  interface Comparison {
    against: string;
    label: string;
    overall: Record<string, number | null>;
    byCategory: Record<string, Record<string, number | null>>;
    differences: Difference[];
    differenceCount: number;
  }
  const comparisons = async (config: string, ...extra: string[]): Promise<Comparison[]> => ((await only(config, ...extra)) as Scored & { comparisons: Comparison[] }).comparisons;

  it('lists the answers substring credits by accident, each with the response and what each rule read', async () => {
    const [strict, paper] = await comparisons('Gemini');
    expect(strict!.against).toBe('strict');
    expect(strict!.label).toBe('choice answers read by strict-letter instead of substring');
    const listed = strict!.differences.find((d) => d.response === 'A, B, C');
    expect(listed).toMatchObject({ item: '1', query: 0, answer: 'C', scored: { correct: true, rule: '"C" occurs in the response' }, other: { correct: false, extracted: null } });
    expect(strict!.differenceCount).toBe(strict!.differences.length);
    expect(strict!.byCategory.EPM!.accuracy).toBeLessThan((await only('Gemini')).byCategory.EPM!.accuracy!);
    // REC, SSR and CRR are read by their own release rules in both columns
    expect(strict!.differences.every((d) => !['REC', 'SSR', 'CRR'].includes((d as Difference & { category: string }).category))).toBe(true);
    // OVO-Bench's paper states no other rule: the paper's column is the release's, no item differs
    expect(paper).toMatchObject({ against: 'paper', differenceCount: 0, overall: (await only('Gemini')).overall });
  });

  it('"Answer: D" is A to the substring test and D to the strict one; a perfect run reads alike under both', async () => {
    const [strict] = await comparisons('GPT');
    expect(strict!.differences.find((d) => d.response === 'Answer: D')).toMatchObject({ scored: { correct: true }, other: { correct: false, extracted: 'D' } });
    const [perfect] = await comparisons('Perfect');
    expect(perfect).toMatchObject({ against: 'strict', differenceCount: 0, overall: { accuracy: 100 } });
  });

  it('no strict column when another letter rule is asked for', async () => {
    expect((await comparisons('Gemini', '--extractor', 'ovo-s-letter')).map((c) => c.against)).toEqual(['paper']);
  });
});
