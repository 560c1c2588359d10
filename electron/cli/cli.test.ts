import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../services/test-support/fixtures';
import { Project } from '../services/projects/project';
import { openRound } from '../services/review/rounds';
import { submitReview } from '../services/review/reviewing';
import { savePerson } from '../services/review/people';
import { lead, populateForReview, rita } from '../services/test-support/review';
import { runCli } from './cli';

const fixtures = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external');
const dir = tempDir();
afterAll(() => dir.remove());

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...process.env, TIDEMARK_DATA_DIR: join(dir.path, 'data') } });
  return { code, out, err };
}

describe('tidemark CLI', () => {
  it('prints help, and exits 2 on usage errors', async () => {
    expect((await run('--help')).code).toBe(0);
    expect((await run('import', '--help')).out.join('\n')).toMatch(/--skip-invalid/);
    expect((await run()).code).toBe(2);
    expect((await run('launch')).code).toBe(2);
    expect((await run('validate', 'x.jsonl')).err[0]).toBe('tidemark: validate needs --format.');
    expect((await run('validate', 'x.jsonl', '--format', 'vcbench', '--bogus')).code).toBe(2);
    expect((await run('validate', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'nope')).code).toBe(2);
  });

  it('validates: 0 for a good file, 1 with file:line:field problems for a bad one', async () => {
    const good = await run('validate', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream');
    expect(good.code).toBe(0);
    expect(good.out[0]).toMatch(/^3 records, \d+ questions, 0 problems$/);
    const bad = join(dir.path, 'bad.jsonl');
    writeFileSync(bad, readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8').replace('"count": [2, 4, 0]', '"count": [2, 4]'));
    const result = await run('validate', bad, '--format', 'vcbench');
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['bad.jsonl:1:query_points.count: has 2 counts for 3 times']);
  });

  it("validate warns where a VCBench file's counts are not what its occurrence times give (exit 0: the file's count is the key)", async () => {
    const file = join(dir.path, 'counts.jsonl');
    writeFileSync(file, readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8').replace('"count": [1, 2, 5]', '"count": [1, 3, 5]'));
    const result = await run('validate', file, '--format', 'vcbench');
    expect(result.code).toBe(0);
    expect(result.err).toEqual(['counts.jsonl:6:query_points.count[1]: warning: the file says 3; its occurrence times give 2 (E1-Transit: those at or before 27.7 s)']);
    expect(result.out[0]).toBe('8 records, 8 questions, 0 problems, 1 warning');
  });

  it('imports a benchmark file without its media onto placeholders (exit 0), reports beside the project, and exports it back', async () => {
    const input = join(fixtures, 'phostream', 'phostream_annotations.sample.json');
    const projectDir = join(dir.path, 'work');
    mkdirSync(projectDir);
    const project = join(projectDir, 'p.tidemark');
    const imported = await run('import', input, '--format', 'phostream', '--project', project, '--media', join(dir.path, 'no-media'));
    expect(imported.code).toBe(0);
    expect(imported.err.filter((l) => l.startsWith('missing media:'))).toHaveLength(3);
    expect(imported.err.find((l) => l.startsWith('missing media:'))).toMatch(/on a placeholder until it is relinked/);
    const count = Number(/Imported (\d+) questions/.exec(imported.out.at(-1)!)?.[1]);
    expect(count).toBeGreaterThan(0);
    // its phases go to stderr, the result to stdout
    const phases = imported.err.filter((l) => /^\d+% /.test(l));
    expect(phases[0]).toBe('0% Reading phostream_annotations.sample.json');
    expect(phases.at(-1)).toMatch(/^70% Writing \d+ questions/);
    // the report lands beside the project, never beside the input (a fixture folder, maybe read-only)
    expect(existsSync(join(projectDir, 'phostream_annotations.sample.json.import-report.json'))).toBe(true);
    expect(existsSync(`${input}.import-report.json`)).toBe(false);
    const exported = await run('export', '--format', 'phostream', '--project', project, '--out', join(dir.path, 'out.json'));
    expect(exported.code).toBe(0);
    expect(exported.out[0]).toMatch(new RegExp(`^Wrote ${count} questions`));
    // a second import (PhoStream has no ids: its questions are known by video, text and time) adds nothing
    const reimported = await run('import', input, '--format', 'phostream', '--project', project, '--media', join(dir.path, 'no-media'));
    expect(reimported.out.at(-1)).toMatch(new RegExp(`^Imported 0 questions and 0 marks from 3 records into .*; ${count} questions were already present\\.$`));
    // (the sample was saved without a final newline; Python's json.dump writes none either, Tidemark one)
    expect(readFileSync(join(dir.path, 'out.json'), 'utf8').trimEnd()).toBe(readFileSync(input, 'utf8').trimEnd());
    const stats = await run('stats', '--project', project);
    expect(stats.code).toBe(0);
    expect(stats.out.join('\n')).toMatch(/video durations: none/);
    const inputs = await run('eval-inputs', '--project', project, '--profile', 'phostream', '--sampling', 'uniform:8', '--out', join(dir.path, 'inputs.jsonl'));
    expect(inputs.code).toBe(0);
    expect(inputs.out[0]).toMatch(/^Wrote 0 query points/);
    expect(inputs.err.at(-1)).toMatch(/^\d+ questions on placeholder videos left out: relink their media first\.$/);
    expect((await run('eval-inputs', '--project', project, '--profile', 'phostream', '--sampling', 'nope', '--out', join(dir.path, 'x.jsonl'))).code).toBe(2);
    // the lossless format: export, import into a fresh project, export again — the same bytes; again: all present
    expect((await run('export', '--format', 'tidemark', '--project', project, '--out', join(dir.path, 'a.jsonl'))).code).toBe(0);
    const copy = join(dir.path, 'copy.tidemark');
    expect((await run('import', join(dir.path, 'a.jsonl'), '--format', 'tidemark', '--project', copy)).code).toBe(0);
    expect((await run('export', '--format', 'tidemark', '--project', copy, '--out', join(dir.path, 'b.jsonl'))).code).toBe(0);
    expect(readFileSync(join(dir.path, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(dir.path, 'a.jsonl'), 'utf8'));
    const again = await run('import', join(dir.path, 'a.jsonl'), '--format', 'tidemark', '--project', copy);
    expect(again.out.at(-1)).toMatch(/^Imported 0 of \d+ rows \(0 questions, 0 marks\) into .*; \d+ rows were already present\.$/);
  });

  it('refuses to export over the open project, its WAL or a link to it, and leaves it whole', async () => {
    const project = join(dir.path, 'guarded.tidemark');
    expect((await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream', '--project', project)).code).toBe(0);
    symlinkSync(project, join(dir.path, 'link.jsonl'));
    // a folder link and `..`: the OS follows the link before the `..`, a lexical resolve would not
    mkdirSync(join(dir.path, 'elsewhere'));
    symlinkSync(join(dir.path, 'projects-sub'), join(dir.path, 'elsewhere', 'link'));
    mkdirSync(join(dir.path, 'projects-sub'));
    const tricky = join(dir.path, 'elsewhere', 'link') + '/../guarded.tidemark';
    for (const out of [project, `${project}-wal`, `${project}-shm`, join(dir.path, 'link.jsonl'), tricky]) {
      const result = await run('export', '--format', 'tidemark', '--project', project, '--out', out);
      expect(result.code).toBe(1);
      expect(result.err.join('\n')).toMatch(/Refused: .* is the open project's own file/);
    }
    // nor over another project, nor a folder
    const other = join(dir.path, 'other-project.tidemark');
    expect((await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream', '--project', other)).code).toBe(0);
    const overProject = await run('export', '--format', 'tidemark', '--project', project, '--out', other);
    expect(overProject.err.join('\n')).toMatch(/Refused: .* is a Tidemark project/);
    const overFolder = await run('export', '--format', 'tidemark', '--project', project, '--out', dir.path);
    expect(overFolder.err.join('\n')).toMatch(/is a folder; name a file/);
    const stats = await run('stats', '--project', project, '--json');
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.out.join('\n'))[0].questions).toBeGreaterThan(0);
  });

  it('reads without writing: stats and export never change a project, and refuse empty or foreign files untouched', async () => {
    const empty = join(dir.path, 'empty.tidemark');
    writeFileSync(empty, '');
    const stats = await run('stats', '--project', empty);
    expect(stats.code).toBe(1);
    expect(stats.err[0]).toMatch(/empty file, not a Tidemark project/);
    expect(statSync(empty).size).toBe(0);
    const foreign = join(dir.path, 'foreign.sqlite');
    const raw = new Database(foreign);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    const refused = await run('stats', '--project', foreign);
    expect(refused.code).toBe(1); // a data problem, not a usage error
    expect(refused.err[0]).toMatch(/not a Tidemark project/);
    const check = new Database(foreign);
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
    const text = join(dir.path, 'text.tidemark');
    writeFileSync(text, 'hello');
    expect((await run('stats', '--project', text)).code).toBe(1);
    // reading a project leaves no -wal or -shm beside it
    const project = join(dir.path, 'read-me.tidemark');
    expect((await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream', '--project', project)).code).toBe(0);
    expect([existsSync(`${project}-wal`), existsSync(`${project}-shm`)]).toEqual([false, false]);
    const before = readFileSync(project);
    expect((await run('stats', '--project', project)).code).toBe(0);
    expect((await run('export', '--format', 'phostream', '--project', project, '--out', join(dir.path, 'read-me.json'))).code).toBe(0);
    expect([existsSync(`${project}-wal`), existsSync(`${project}-shm`)]).toEqual([false, false]);
    expect(readFileSync(project).equals(before)).toBe(true);
  });

  it('says a truncated project is damaged, with its size, and leaves nothing beside it', async () => {
    const project = join(dir.path, 'cut-short.tidemark');
    expect((await run('import', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'vcbench', '--project', project)).code).toBe(0);
    const whole = readFileSync(project);
    for (const kept of [whole.length / 2, 4096, 60]) {
      writeFileSync(project, whole.subarray(0, kept));
      for (const command of [
        ['stats'],
        ['export', '--format', 'vcbench', '--out', join(dir.path, 'cut.jsonl')],
        ['import', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'vcbench'],
      ]) {
        const result = await run(...command, '--project', project);
        expect(result.code, `${command[0]} of ${kept} bytes`).toBe(1);
        expect(result.err[0]).toBe(
          `tidemark: ${project} is damaged: it has ${kept.toLocaleString('en')} bytes where its header says ${whole.length.toLocaleString('en')} (it was cut short). A backup copy of it, or a cut-short-tidemark-wal file kept beside the original, may hold what is missing; Tidemark has not changed it.`.replace(
            'cut-short-tidemark-wal',
            'cut-short.tidemark-wal',
          ),
        );
        expect([existsSync(`${project}-wal`), existsSync(`${project}-shm`)], `${command[0]} of ${kept} bytes`).toEqual([false, false]);
        expect(readFileSync(project).length).toBe(kept);
      }
    }
  });

  it('an export removes the temporary file an export killed part way left beside its target', async () => {
    const project = join(dir.path, 'temps.tidemark');
    expect((await run('import', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'vcbench', '--project', project)).code).toBe(0);
    const folder = join(dir.path, 'exports');
    mkdirSync(folder);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const left = `.v.jsonl.${gone}.${Date.now() - 60_000}.0a1b2c3d.tmp`;
    writeFileSync(join(folder, left), 'x'.repeat(100_000));
    expect((await run('export', '--format', 'vcbench', '--project', project, '--out', join(folder, 'v.jsonl'))).code).toBe(0);
    expect(readdirSync(folder)).toEqual(['v.jsonl']);
  });

  it('creates nothing when an import cannot start or is refused', async () => {
    const project = join(dir.path, 'never.tidemark');
    const missing = await run('import', join(dir.path, 'nope.json'), '--format', 'phostream', '--project', project);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toBe(`tidemark: No file at ${join(dir.path, 'nope.json')}.`);
    expect((await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'nope', '--project', project)).code).toBe(2);
    const bad = join(dir.path, 'bad-for-import.jsonl');
    writeFileSync(bad, '{"broken": \n');
    const refused = await run('import', bad, '--format', 'vcbench', '--project', project);
    expect(refused.code).toBe(1);
    expect(refused.out[0]).toBe('Nothing imported: 1 problem in 1 record. Fix them, or use --skip-invalid to import the good records.');
    for (const suffix of ['', '-wal', '-shm']) expect(existsSync(`${project}${suffix}`)).toBe(false);
  });

  it('says "No file at …" for a missing file and writes counts in good English', async () => {
    const missing = await run('validate', join(dir.path, 'nothing.jsonl'), '--format', 'vcbench');
    expect(missing).toMatchObject({ code: 1, err: [`tidemark: No file at ${join(dir.path, 'nothing.jsonl')}.`] });
    const one = join(dir.path, 'one.jsonl');
    writeFileSync(one, `${readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8').split('\n')[0]}\n`);
    expect((await run('validate', one, '--format', 'vcbench')).out[0]).toBe('1 record, 1 question, 0 problems');
  });

  it('names each readiness problem by its question, and a forced export leaves out (and lists) what its format cannot hold', async () => {
    const project = join(dir.path, 'drafts.tidemark');
    const data = join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl');
    expect((await run('import', data, '--format', 'vcbench', '--project', project)).code).toBe(0);
    const tidemark = join(dir.path, 'drafts.jsonl');
    expect((await run('export', '--format', 'tidemark', '--project', project, '--out', tidemark)).code).toBe(0);
    // a question with no counting settings and no query points: not a VCBench row
    const lines = readFileSync(tidemark, 'utf8').trimEnd().split('\n');
    const video = JSON.parse(lines.find((l) => l.includes('"table":"videos"'))!) as { row: { id: string } };
    const draft = {
      table: 'questions',
      row: {
        id: 'draft-1',
        video_id: video.row.id,
        profile_id: 'builtin:vcbench',
        fields: JSON.stringify({ text: 'How many chairs?', answerKind: 'number', status: 'accepted' }),
        provenance: '{}',
        created_by: 'ann',
        created_at: '2026-11-23T00:00:00.000Z',
        updated_at: '2026-11-23T00:00:00.000Z',
      },
    };
    writeFileSync(tidemark, `${[...lines, JSON.stringify(draft)].join('\n')}\n`);
    expect((await run('import', tidemark, '--format', 'tidemark', '--project', project)).code).toBe(0);
    const refused = await run('export', '--format', 'vcbench', '--project', project, '--out', join(dir.path, 'v.jsonl'));
    expect(refused.code).toBe(1);
    expect(refused.err.some((l) => l.startsWith('"How many chairs?" (draft-1, ') && l.includes('lint-error'))).toBe(true);
    const forced = await run('export', '--format', 'vcbench', '--project', project, '--out', join(dir.path, 'v.jsonl'), '--force');
    expect(forced.code).toBe(0);
    expect(forced.err.filter((l) => !/^\d+% /.test(l))).toEqual([expect.stringMatching(/^left out draft-1: a VCBench data JSONL record needs/)]);
    expect(forced.out[0]).toMatch(/^Wrote 8 questions .* Left out 1 question the format cannot hold/);
    expect((await run('validate', join(dir.path, 'v.jsonl'), '--format', 'vcbench')).code).toBe(0);
  });

  it('agreement from a ratings CSV: each metric as a line or as JSON, and clear errors', async () => {
    const csv = join(dir.path, 'ratings.csv');
    const rows = ['item,rater,label'];
    // the textbook 2 × 2 table: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4
    const pairs = [...Array(20).fill(['yes', 'yes']), ...Array(5).fill(['yes', 'no']), ...Array(10).fill(['no', 'yes']), ...Array(15).fill(['no', 'no'])] as Array<[string, string]>;
    pairs.forEach(([a, b], i) => rows.push(`q${i},ann,${a}`, `q${i},bob,${b}`));
    writeFileSync(csv, `${rows.join('\n')}\n`);
    const json = await run('agreement', '--ratings', csv, '--metric', 'cohen', '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.out[0]!) as { metric: string; value: number; ci95: [number, number]; items: number; raters: number };
    expect(result).toMatchObject({ metric: 'cohen', items: 50, raters: 2 });
    expect(result.value).toBeCloseTo(0.4, 10);
    expect(result.ci95[0]).toBeCloseTo(0.1511, 4);
    expect((await run('agreement', '--ratings', csv, '--metric', 'cohen')).out[0]).toBe(
      'cohen: 0.400 (95 % CI 0.151 to 0.649, large-sample: Fleiss, Cohen & Everitt 1969), fair (Landis–Koch); 50 items, 2 raters',
    );
    expect((await run('agreement', '--ratings', csv, '--metric', 'percent')).out[0]).toBe('percent: 0.700 (95 % CI 0.562 to 0.809, Wilson); 50 items, 2 raters');
    // three raters: Cohen's needs two named; Fleiss' takes them all
    writeFileSync(csv, `${[...rows, 'q0,cy,yes'].join('\n')}\n`);
    const three = await run('agreement', '--ratings', csv, '--metric', 'cohen');
    expect(three.code).toBe(1);
    expect(three.err[0]).toMatch(/exactly two raters/);
    expect((await run('agreement', '--ratings', csv, '--metric', 'cohen', '--raters', 'ann,bob')).code).toBe(0);
    expect((await run('agreement', '--ratings', csv, '--metric', 'fleiss')).err[0]).toMatch(/same number/);
    // numeric metrics want numbers; an unknown metric is a usage error
    const numeric = await run('agreement', '--ratings', csv, '--metric', 'krippendorff-interval');
    expect(numeric.code).toBe(1);
    expect(numeric.err[0]).toBe('ratings.csv:2:label: not a number (this metric needs numeric labels)');
    expect((await run('agreement', '--ratings', csv, '--metric', 'scotts-pi')).code).toBe(2);
  });

  it('agreement gives every metric its 95 % interval and says how it was computed; the bootstrap takes --draws and --seed', async () => {
    const csv = join(dir.path, 'three.csv');
    // 30 items, three raters: everyone agrees on items 0–19, cy differs on 20–24, all three differ on 25–29
    const labels = (i: number): [number, number, number] => (i < 20 ? [i % 3, i % 3, i % 3] : i < 25 ? [1, 1, 2] : [0, 1, 2]);
    writeFileSync(
      csv,
      `item,rater,label\n${Array.from({ length: 30 }, (_, i) =>
        labels(i)
          .map((l, r) => `i${i},${['ann', 'bob', 'cy'][r]},${l + 1}`)
          .join('\n'),
      ).join('\n')}\n`,
    );
    const json = async (...args: string[]) => {
      const result = await run('agreement', '--ratings', csv, '--json', ...args);
      expect(result.code).toBe(0);
      return JSON.parse(result.out[0]!) as { value: number; ci95: [number, number] | null; interval: Record<string, unknown> | null };
    };
    for (const metric of ['percent', 'cohen', 'cohen-linear', 'cohen-quadratic', 'fleiss', 'krippendorff-nominal', 'krippendorff-ordinal', 'krippendorff-interval', 'krippendorff-ratio']) {
      const result = await json('--metric', metric, ...(metric.startsWith('cohen') ? ['--raters', 'ann,bob'] : []));
      expect(result.ci95, metric).not.toBeNull();
      expect(result.ci95![0]).toBeLessThanOrEqual(result.value);
      expect(result.ci95![1]).toBeGreaterThanOrEqual(result.value);
      expect(result.interval, metric).not.toBeNull();
    }
    expect((await json('--metric', 'percent')).interval).toEqual({ method: 'wilson' });
    expect((await json('--metric', 'fleiss')).interval).toEqual({ method: 'large-sample', variance: 'Gwet 2021' });
    const alpha = await json('--metric', 'krippendorff-nominal');
    expect(alpha.interval).toEqual({ method: 'bootstrap', draws: 1000, seed: 1, undefinedDraws: 0 });
    expect((await json('--metric', 'krippendorff-nominal')).ci95).toEqual(alpha.ci95);
    const other = await json('--metric', 'krippendorff-nominal', '--draws', '300', '--seed', '7');
    expect(other.interval).toEqual({ method: 'bootstrap', draws: 300, seed: 7, undefinedDraws: 0 });
    expect(other.ci95).not.toEqual(alpha.ci95);
    const line = (await run('agreement', '--ratings', csv, '--metric', 'krippendorff-nominal', '--draws', '300', '--seed', '7')).out[0]!;
    expect(line).toMatch(/^krippendorff-nominal: 0\.\d{3} \(95 % CI -?\d\.\d{3} to \d\.\d{3}, bootstrap over items: 300 draws, seed 7\); 30 items, 3 raters$/);
    expect((await run('agreement', '--ratings', csv, '--metric', 'fleiss')).out[0]).toMatch(
      /^fleiss: 0\.\d{3} \(95 % CI \d\.\d{3} to \d\.\d{3}, large-sample: Gwet 2021\), \w+ \(Landis–Koch\); 30 items, 3 raters$/,
    );
    // --draws and --seed are the bootstrap's: refused for the other metrics, and checked
    const refused = await run('agreement', '--ratings', csv, '--metric', 'fleiss', '--draws', '300');
    expect(refused.code).toBe(2);
    expect(refused.err[0]).toBe('tidemark: --draws and --seed apply to the krippendorff-* metrics (their bootstrap interval).');
    expect((await run('agreement', '--ratings', csv, '--metric', 'krippendorff-nominal', '--draws', '12.5')).code).toBe(2);
    expect((await run('agreement', '--ratings', csv, '--metric', 'krippendorff-nominal', '--seed', '-1')).code).toBe(2);
  });

  it('agreement reads a CSV with a line break inside quotes, and says a folder is not a CSV file', async () => {
    const csv = join(dir.path, 'multiline.csv');
    writeFileSync(csv, 'item,rater,label\r\nq1,ann,"yes,\r\nsure"\r\nq1,bob,"yes,\r\nsure"\r\nq2,ann,no\r\nq2,bob,yes\r\n');
    const read = await run('agreement', '--ratings', csv, '--metric', 'percent', '--json');
    expect(read.err).toEqual([]);
    expect(JSON.parse(read.out[0]!)).toMatchObject({ metric: 'percent', value: 0.5, items: 2, raters: 2 });
    const folder = join(dir.path, 'a-folder');
    mkdirSync(folder);
    expect(await run('agreement', '--ratings', folder, '--metric', 'percent')).toMatchObject({ code: 1, out: [], err: [`tidemark: ${folder} is a folder, not a CSV file.`] });
  });

  it('agreement of a project: a round’s report as Markdown, CSV or JSON, read-only', async () => {
    const path = join(dir.path, 'reviewed.tidemark');
    const project = await Project.open(path, { create: true, name: 'Reviewed' });
    const fx = await populateForReview(project);
    await openRound(project, lead, {
      name: 'Pilot',
      purpose: 'review',
      selection: { profileId: null, taskCodes: ['1', '2'], statuses: [], authors: [], sample: null },
      reviewers: ['Rita'],
      reviewsPerItem: 1,
      threshold: 0.8,
      numericTolerance: 0,
      eventTolerance: 1,
    });
    for (const [questionId, answer] of [
      [fx.choiceId, 'B'],
      [fx.plainId, 'B'],
    ] as const) {
      const point = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === questionId)!;
      await submitReview(project, rita, { questionId, round: 1, answers: [{ queryPointId: point.id, answer }], verdict: 'accept', reason: null, notes: '', secondsSpent: 1 });
    }
    await project.close();
    // the CLI acts as the person in settings.json: here the project's lead
    mkdirSync(join(dir.path, 'data'), { recursive: true });
    writeFileSync(join(dir.path, 'data', 'settings.json'), JSON.stringify({ personName: 'Lee', role: 'lead', ffmpegSource: 'bundled', identityChosen: true }));
    const before = readFileSync(path);
    const json = await run('agreement', '--project', path, '--round', '1', '--by', 'level', '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out.join('\n'));
    expect(report).toMatchObject({ project: 'Reviewed', round: 1, roundName: 'Pilot', by: 'level', funnel: { items: 2, agreed: 1, escalated: 1 } });
    const pair = report.pairs.find((p: { on: string; stratum: string }) => p.on === 'answers' && p.stratum === 'all');
    expect(pair).toMatchObject({ a: 'Ann', b: 'Rita', units: 2, percent: 0.5 });
    expect((await run('agreement', '--project', path, '--round', '1')).out.join('\n')).toMatch(/Ann/);
    expect((await run('agreement', '--project', path, '--format', 'csv')).out[0]).toMatch(/^section,on,answer_kind,stratum,a,b,units/);
    expect((await run('agreement', '--project', path, '--round', '7')).err[0]).toMatch(/no review round 7/);
    expect((await run('agreement', '--project', path, '--by', 'team')).code).toBe(2);
    expect((await run('agreement', '--project', path, '--ratings', 'x.csv')).code).toBe(2);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("score --rules: the release's rule by default, the paper's on request (PhoStream: a forward answer at t_q)", async () => {
    const project = join(dir.path, 'rules.tidemark');
    expect((await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream', '--project', project, '--media', join(dir.path, 'no-media'))).code).toBe(0);
    // the second video's forward question asked at 00:36 (T_p 00:42): answered at 00:36, again at 00:42
    const sample = JSON.parse(readFileSync(join(fixtures, 'phostream', 'phostream_annotations.sample.json'), 'utf8')) as Array<Record<string, unknown>>;
    const runFile = join(dir.path, 'stream.jsonl');
    writeFileSync(
      runFile,
      `${JSON.stringify({
        ...sample[1],
        responses: [
          { timestamp: '00:36', response: 'She borrows scrub pants.' },
          { timestamp: '00:42', response: 'She borrows scrub pants.' },
        ],
      })}\n`,
    );
    const timing = async (...rules: string[]) => {
      const scored = await run('score', '--project', project, '--run', runFile, '--format', 'phostream-run', '--model', 'm', '--json', ...rules);
      expect(scored.code).toBe(0);
      const items = JSON.parse(scored.out.join('\n')).runs[0].items as Array<{ item: string; queries: Array<{ timing: string; t: number }> }>;
      const asked = items.find((i) => i.item === `${String(sample[1]!.video_path)}#0`)!;
      return [asked.queries[0]!.timing, asked.queries[0]!.t];
    };
    expect(await timing()).toEqual(['on-time', 42]);
    expect(await timing('--rules', 'release')).toEqual(['on-time', 42]);
    expect(await timing('--rules', 'paper')).toEqual(['early', 36]);
    expect((await run('score', '--project', project, '--run', runFile, '--rules', 'mine')).err[0]).toBe('tidemark: --rules: one of release, paper (got "mine").');
  });

  it("imports a StreamingBench file whose time_stamp only the release's runners read (exit 0, a warning on its line)", async () => {
    const file = join(dir.path, 'questions_real.json');
    const question = { task_type: 'Counting', question: 'How many cups are on the table?', time_stamp: '00:00:8', answer: 'C', options: ['A. 1', 'B. 2', 'C. 3', 'D. 4'] };
    writeFileSync(file, JSON.stringify([{ questions: [question], video_path: './videos/sample_1_real.mp4' }], null, 4));
    const imported = await run('import', file, '--format', 'streamingbench', '--project', join(dir.path, 'sb.tidemark'), '--media', join(dir.path, 'no-media'));
    expect(imported.code).toBe(0);
    expect(imported.err.filter((l) => l.includes('warning:'))).toEqual([
      "questions_real.json:7:[0].questions[0].time_stamp: warning: not HH:MM:SS; read as 8 s, as the release's runners read it (each field × 60^i)",
    ]);
    expect(imported.out.at(-1)).toMatch(/^Imported 1 question and 0 marks from 1 record/);
  });
});

describe("tidemark as one of the project's people (--as, --role, --data-dir)", () => {
  const home = tempDir();
  afterAll(() => home.remove());
  /** A data folder whose settings.json names someone (the walk that found this ran as root). */
  const dataDir = (name: string, personName: string, role: string): string => {
    const path = join(home.path, name);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'settings.json'), JSON.stringify({ personName, role, ffmpegSource: 'bundled', identityChosen: true }));
    return path;
  };
  const rootData = dataDir('root', 'root', 'lead');
  /** As the shell runs it: TIDEMARK_DATA_DIR unset, the app's data folder being root's. */
  const run = async (...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...process.env, TIDEMARK_DATA_DIR: rootData } });
    return { code, out, err };
  };
  let path = '';

  beforeAll(async () => {
    path = join(home.path, 'people.tidemark');
    const project = await Project.open(path, { create: true, name: 'People' });
    const fx = await populateForReview(project);
    await savePerson(project, lead, 'Pat', ['annotator', 'researcher']);
    await openRound(project, lead, {
      name: 'Pilot',
      purpose: 'review',
      selection: { profileId: null, taskCodes: ['1', '2'], statuses: [], authors: [], sample: null },
      reviewers: ['Rita'],
      reviewsPerItem: 1,
      threshold: 0.8,
      numericTolerance: 0,
      eventTolerance: 1,
    });
    for (const [questionId, answer] of [
      [fx.choiceId, 'B'],
      [fx.plainId, 'B'],
    ] as const) {
      const point = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === questionId)!;
      await submitReview(project, rita, { questionId, round: 1, answers: [{ queryPointId: point.id, answer }], verdict: 'accept', reason: null, notes: '', secondsSpent: 1 });
    }
    await project.close();
  });

  it('names --as, --role and --data-dir in the help of every command', async () => {
    for (const command of [[], ['import'], ['export'], ['stats'], ['eval-inputs'], ['agreement'], ['draft'], ['probe'], ['score']]) {
      const help = (await run(...command, '--help')).out.join('\n');
      for (const option of ['--as NAME', '--role ROLE', '--data-dir DIR']) expect(help, `${command[0] ?? 'tidemark'} --help`).toContain(option);
    }
  });

  it('works as the person --as names, in their role', async () => {
    // as the settings' person, who is not one of the project's people: refused, and told what to do
    const asRoot = await run('agreement', '--project', path);
    expect(asRoot.code).toBe(1);
    expect(asRoot.err[0]).toMatch(/^tidemark: root is not one of this project's people/);
    const asLee = await run('agreement', '--project', path, '--round', '1', '--as', 'Lee', '--json');
    expect(asLee.err).toEqual([]);
    expect(asLee.code).toBe(0);
    expect(JSON.parse(asLee.out.join('\n'))).toMatchObject({ project: 'People', funnel: { items: 2 } });
    expect((await run('stats', '--project', path, '--as', 'Ann')).code).toBe(0);
    // a person with two roles acts in the one asked for
    expect((await run('export', '--format', 'tidemark', '--project', path, '--out', join(home.path, 'pat.jsonl'), '--as', 'Pat', '--role', 'researcher')).code).toBe(0);
  });

  it('lets nobody past the checks any caller meets', async () => {
    const refused = async (argv: string[], message: RegExp): Promise<void> => {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.err.join('\n'), argv.join(' ')).toMatch(message);
    };
    await refused(
      ['agreement', '--project', path, '--as', 'Nobody'],
      /^tidemark: --as Nobody: Nobody is not one of this project's people; its people are Ada \(adjudicator\), Ann \(annotator\), Lee \(lead\), Pat \(annotator, researcher\), Rita \(reviewer\), Rob \(reviewer\)\.$/,
    );
    await refused(['agreement', '--project', path, '--as', 'lee'], /lee is not one of this project's people \(did you mean Lee\?\)/);
    // a reviewer stays blind, and cannot take a role the project does not give them
    await refused(['agreement', '--project', path, '--as', 'Rita'], /reviewer/);
    await refused(['export', '--format', 'tidemark', '--project', path, '--out', join(home.path, 'rita.jsonl'), '--as', 'Rita'], /reviewer|blind/);
    await refused(['agreement', '--project', path, '--as', 'Rita', '--role', 'lead'], /^tidemark: --role lead: Rita is listed in this project as reviewer, not lead\.$/);
    const run_ = join(home.path, 'run.jsonl');
    writeFileSync(run_, '');
    await refused(['score', '--project', path, '--run', run_, '--as', 'Rita'], /reviewer|blind/);
    await refused(['probe', '--project', path, '--as', 'Rita'], /reviewer|blind/);
    // the settings' person is checked too: root may no longer export a project that lists its people
    await refused(['export', '--format', 'tidemark', '--project', path, '--out', join(home.path, 'root.jsonl')], /root is not one of this project's people/);
    expect(existsSync(join(home.path, 'root.jsonl'))).toBe(false);
    // a person with several roles names one when the settings' role is not among them
    const pat = await run('stats', '--project', path, '--as', 'Pat');
    expect(pat.code).toBe(2);
    expect(pat.err[0]).toBe('tidemark: Pat is listed in this project as annotator, researcher: choose one with --role.');
    expect((await run('stats', '--project', path, '--as', 'Lee', '--role', 'boss')).code).toBe(2);
  });

  it('reads the settings of the data folder --data-dir names', async () => {
    const lees = dataDir('lee', 'Lee', 'lead');
    expect((await run('agreement', '--project', path, '--data-dir', lees)).code).toBe(0);
    // its settings decide, over TIDEMARK_DATA_DIR's
    expect((await run('agreement', '--project', path, '--data-dir', join(home.path, 'root'))).code).toBe(1);
    // and a new project made by an import belongs to nobody yet: --as is refused, the settings' person works
    const fresh = join(home.path, 'fresh.tidemark');
    const named = await run('import', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'vcbench', '--project', fresh, '--as', 'Lee');
    expect(named.code).toBe(1);
    expect(named.err.at(-1)).toMatch(/Lee is not one of this project's people; it lists nobody yet/);
    expect(existsSync(fresh)).toBe(false);
    expect((await run('import', join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), '--format', 'vcbench', '--project', fresh, '--data-dir', lees)).code).toBe(0);
  });
});
