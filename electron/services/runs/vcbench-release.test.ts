// VCBench scored through the services as its release scores it: the benchmark file imported, a run
// file read, and the score compared with what the release's own eval/unify_results.py +
// eval/compute_metrics.py printed for the same run (numbers in shared/scoring/fixtures/vcbench).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { importBenchmarkFile } from '../exchange/service';
import { builtinProfileId } from '../profiles/rows';
import { Project } from '../projects/project';
import { tempDir, tools } from '../test-support/fixtures';
import { importRunFile } from './import';
import { scoreRuns } from './scoring';

const lead: Caller = { person: 'ann', role: 'lead' };
const root = join(__dirname, '..', '..', '..');
const sample = join(root, '..', 'shared', 'fixtures', 'external', 'vcbench', 'vcbench_data.sample.jsonl');
const dir = tempDir();
afterAll(() => dir.remove());

interface DataRecord {
  id: string;
  counting_subtype: string;
  query_points: { time: number[]; count: number[] };
}
const recordsOf = (path: string): DataRecord[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DataRecord);

/** A project with a VCBench data file imported (its videos not on this machine: placeholders). */
async function imported(name: string, dataFile: string): Promise<Project> {
  const project = await Project.open(join(dir.path, `${name}.tidemark`), { create: true });
  const outcome = await importBenchmarkFile(project, lead, tools, { path: dataFile, format: 'vcbench', mediaDir: join(dir.path, 'no-media') });
  expect(outcome.problems).toEqual([]);
  return project;
}

/** unify_results.py rows answering every query point of `records` with `predict`. */
function unifiedRun(name: string, records: readonly DataRecord[], predict: (r: DataRecord, k: number) => number | null): string {
  const path = join(dir.path, `${name}.jsonl`);
  writeFileSync(path, records.map((r) => JSON.stringify({ id: r.id, query_times: r.query_points.time, predictions: r.query_points.time.map((_, k) => predict(r, k)), gts: r.query_points.count })).join('\n') + '\n');
  return path;
}

describe('VCBench scored from the stored answer key', () => {
  it('a perfect run of the sample (one question per subtype, O1-Delta and O2-Gain included) scores 100', async () => {
    const project = await imported('sample', sample);
    const records = recordsOf(sample);
    const run = await importRunFile(project, lead, { path: unifiedRun('perfect', records, (r, k) => r.query_points.count[k]!), format: 'vcbench-unified', model: 'perfect' });
    expect(run.unmatched).toEqual([]);
    expect(run.runs).toEqual([{ model: 'perfect', label: 'perfect', responses: records.reduce((n, r) => n + r.query_points.time.length, 0) }]);
    const [score] = await scoreRuns(project, builtinProfileId('vcbench'), []);
    // O1-Delta and O2-Gain make no marks: their keys are the file's counts, never a count of marks (0)
    for (const subtype of ['O1-Delta', 'O2-Gain']) expect(score!.byCategory[subtype]!.gpa).toBeCloseTo(100, 9);
    expect(score!.overall).toEqual({ gpa: 100, moc: 100, uda: 100 });
    await project.close();
  });
});
