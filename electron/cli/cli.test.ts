import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../services/test-support/fixtures';
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

  it('imports into a new project, reports missing media, and exports', async () => {
    const project = join(dir.path, 'p.tidemark');
    const imported = await run('import', join(fixtures, 'phostream', 'phostream_annotations.sample.json'), '--format', 'phostream', '--project', project, '--media', join(dir.path, 'no-media'), '--report', join(dir.path, 'report.json'));
    expect(imported.code).toBe(1); // no media here: every question is reported, none imported
    expect(imported.err.filter((l) => l.startsWith('missing media:'))).toHaveLength(3);
    // its phases go to stderr, the result to stdout
    const phases = imported.err.filter((l) => /^\d+% /.test(l));
    expect(phases[0]).toBe('0% Reading phostream_annotations.sample.json');
    expect(phases.slice(-2)).toEqual([expect.stringMatching(/^40% Read \d+ records/), expect.stringMatching(/^70% Writing \d+ questions/)]);
    expect(JSON.parse(readFileSync(join(dir.path, 'report.json'), 'utf8')).missingMedia).toHaveLength(3);
    const exported = await run('export', '--format', 'phostream', '--project', project, '--out', join(dir.path, 'out.json'));
    expect(exported.code).toBe(0);
    expect(exported.out[0]).toMatch(/^Wrote 0 questions/);
    // the lossless format: export, import into a fresh project, export again — the same bytes
    expect((await run('export', '--format', 'tidemark', '--project', project, '--out', join(dir.path, 'a.jsonl'))).code).toBe(0);
    expect((await run('import', join(dir.path, 'a.jsonl'), '--format', 'tidemark', '--project', join(dir.path, 'copy.tidemark'))).code).toBe(0);
    expect((await run('export', '--format', 'tidemark', '--project', join(dir.path, 'copy.tidemark'), '--out', join(dir.path, 'b.jsonl'))).code).toBe(0);
    expect(readFileSync(join(dir.path, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(dir.path, 'a.jsonl'), 'utf8'));
    const stats = await run('stats', '--project', project, '--json');
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.out.join('\n'))).toEqual([]); // nothing was imported without media
    expect((await run('stats', '--project', join(dir.path, 'none.tidemark'))).code).toBe(1);
    const inputs = await run('eval-inputs', '--project', project, '--profile', 'phostream', '--sampling', 'uniform:8', '--out', join(dir.path, 'inputs.jsonl'));
    expect(inputs.code).toBe(0);
    expect(inputs.out[0]).toMatch(/^Wrote 0 query points/);
    expect((await run('eval-inputs', '--project', project, '--profile', 'phostream', '--sampling', 'nope', '--out', join(dir.path, 'x.jsonl'))).code).toBe(2);
  });
});
