// VCBench scored through the services as its release scores it: the benchmark file imported, a run
// file read, and the score compared with what the release's own eval/unify_results.py +
// eval/compute_metrics.py printed for the same run (numbers in shared/scoring/fixtures/vcbench).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import type { RunScore } from '../../../shared/scoring/types';
import { exportBenchmark, importBenchmarkFile } from '../exchange/service';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject, type Engine } from '../test-support/project';
import { importRunFile } from './import';
import { scoreRuns } from './scoring';

const lead: Caller = { person: 'ann', role: 'lead' };
const root = join(__dirname, '..', '..', '..');
const sample = join(root, '..', 'shared', 'fixtures', 'external', 'vcbench', 'vcbench_data.sample.jsonl');
const fixtures = join(root, 'shared', 'scoring', 'fixtures', 'vcbench');
const subset = join(fixtures, 'vcbench_data.subset.jsonl');
const dir = tempDir();
afterAll(() => dir.remove());

/** One of the release's whole files (CC BY 4.0, committed gzipped beside the numbers), unpacked for the test. */
function unpacked(name: string): string {
  const path = join(dir.path, name);
  writeFileSync(path, gunzipSync(readFileSync(join(fixtures, `${name}.gz`))));
  return path;
}

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
async function imported(name: string, dataFile: string, engine: Engine): Promise<Project> {
  const project = await openTestProject(join(dir.path, `${name}-${engine}.tidemark`), engine);
  const outcome = await importBenchmarkFile(project, lead, tools, { path: dataFile, format: 'vcbench', mediaDir: join(dir.path, 'no-media') });
  expect(outcome.problems).toEqual([]);
  return project;
}

/** unify_results.py rows answering every query point of `records` with `predict`. */
function unifiedRun(name: string, records: readonly DataRecord[], predict: (r: DataRecord, k: number) => number | null): string {
  const path = join(dir.path, `${name}.jsonl`);
  writeFileSync(
    path,
    records.map((r) => JSON.stringify({ id: r.id, query_times: r.query_points.time, predictions: r.query_points.time.map((_, k) => predict(r, k)), gts: r.query_points.count })).join('\n') + '\n',
  );
  return path;
}

describe.each(ENGINES)('the VCBench release (%s)', (engine) => {
  describe('VCBench scored from the stored answer key', () => {
    it('a perfect run of the sample (one question per subtype, O1-Delta and O2-Gain included) scores 100', async () => {
      const project = await imported('sample', sample, engine);
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

  /** What compute_metrics.py gave (subset.release.json; 0–1): overall, by subtype, per question [eval id, data id, subtype, n, GPA, MoC, UDA]. */
  interface ReleaseRun {
    release_error?: string;
    unreadable_rows?: number;
    overall: { n_questions: number; gpa: number; moc: number; uda: number };
    by_subtype: Record<string, { n_questions: number; gpa: number | null; moc: number | null; uda: number | null }>;
    per_question: Array<[string, string, string, number, number | null, number | null, number | null]>;
  }
  const release = (JSON.parse(readFileSync(join(fixtures, 'subset.release.json'), 'utf8')) as { runs: Record<string, ReleaseRun> }).runs;

  /** A release number (0–1) on Tidemark's scale (0–100), to 1e-9. */
  const pct = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : (100 * v).toFixed(9));
  const fixed = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : v.toFixed(9));

  /** The run's raw rows (demo_gemini.py's, "gt" added for the release's unifier) written where the import reads them. */
  function rawRun(name: string): string {
    const path = join(dir.path, `${name}.raw.jsonl`);
    writeFileSync(path, gunzipSync(readFileSync(join(fixtures, `subset.${name}.raw.jsonl.gz`))));
    return path;
  }

  async function scoredRun(project: Project, name: string, options: Parameters<typeof scoreRuns>[3] = {}, path = rawRun(name)): Promise<RunScore> {
    const run = await importRunFile(project, lead, { path, format: 'vcbench-raw', model: name });
    // every raw row finds its question: by its video and text, whatever question its eval id names in the data file
    expect(run.unmatched).toEqual([]);
    expect(run.problems).toEqual([]);
    const scores = await scoreRuns(project, builtinProfileId('vcbench'), [], options);
    return scores.find((s) => s.model === name)!;
  }

  /** Tidemark's score beside the release's, per question (by the data file's id), per subtype and overall. */
  function compare(score: RunScore, r: ReleaseRun | undefined): void {
    if (!r) throw new Error('no release numbers for this run');
    const items = new Map(score.items.map((i) => [i.item, i]));
    // a question none of whose answers could be read is no row of the release's; Tidemark lists it with no values
    const listed = new Set(r.per_question.map(([, dataId]) => dataId));
    expect(score.items.filter((i) => !listed.has(i.item)).map((i) => i.metrics)).toEqual(score.items.filter((i) => !listed.has(i.item)).map(() => ({ gpa: null, moc: null, uda: null })));
    expect(listed.size).toBe(r.per_question.length);
    expect(r.per_question.map(([, dataId, subtype]) => [dataId, subtype, items.get(dataId)?.category])).toEqual(r.per_question.map(([, dataId, subtype]) => [dataId, subtype, subtype]));
    expect(r.per_question.map(([, dataId]) => [dataId, fixed(items.get(dataId)!.metrics.gpa), fixed(items.get(dataId)!.metrics.moc), fixed(items.get(dataId)!.metrics.uda)])).toEqual(
      r.per_question.map(([, dataId, , , gpa, moc, uda]) => [dataId, pct(gpa), pct(moc), pct(uda)]),
    );
    expect(Object.fromEntries(Object.entries(score.byCategory).map(([k, m]) => [k, [fixed(m.gpa), fixed(m.moc), fixed(m.uda)]]))).toEqual(
      Object.fromEntries(Object.entries(r.by_subtype).map(([k, m]) => [k, [pct(m.gpa), pct(m.moc), pct(m.uda)]])),
    );
    expect([fixed(score.overall.gpa), fixed(score.overall.moc), fixed(score.overall.uda)]).toEqual([pct(r.overall.gpa), pct(r.overall.moc), pct(r.overall.uda)]);
  }

  describe('VCBench through the services, as eval/unify_results.py + eval/compute_metrics.py score it', () => {
    it.each(['perfect', 'imperfect'])('the subset, %s run (raw rows of the eval file): every question, subtype and the overall', async (name) => {
      const project = await imported(name, subset, engine);
      const score = await scoredRun(project, name);
      compare(score, release[name]!);
      if (name === 'perfect') expect(score.overall).toEqual({ gpa: 100, moc: 100, uda: 100 });
      await project.close();
    });

    it("the subset, malformed run: the release stops on what int() cannot read; Tidemark skips it (the paper's B.1) and equals the release on the rest", async () => {
      const r = release.malformed!;
      expect(r.release_error).toMatch(/^TypeError/);
      const project = await imported('malformed', subset, engine);
      const score = await scoredRun(project, 'malformed');
      compare(score, r);
      // of the rows int() cannot read, five gave no answer at all (three with neither field, a null, an empty one): said as such
      expect(score.notes).toContain(`${r.unreadable_rows! - 5} answers could not be read as a number and were skipped (invalid, App. B.1).`);
      expect(score.notes).toContain('5 query points with no response were skipped (nothing to read).');
      await project.close();
    });

    it("unified rows (unify_results.py) name questions by the eval file's ids only: a line its id does not place is left out, one its id places on another question is noted", async () => {
      const project = await imported('unified', subset, engine);
      const rows = gunzipSync(readFileSync(join(fixtures, 'subset.perfect.raw.jsonl.gz')))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; query_time: number; prediction: string; gt: number });
      // unify_results.py: grouped by id in the order met, int(prediction), gt
      const grouped = new Map<string, { id: string; query_times: number[]; predictions: number[]; gts: number[] }>();
      for (const r of rows) {
        const g = grouped.get(r.id) ?? { id: r.id, query_times: [], predictions: [], gts: [] };
        grouped.set(r.id, g);
        g.query_times.push(r.query_time);
        g.predictions.push(Number(r.prediction));
        g.gts.push(r.gt);
      }
      const path = join(dir.path, 'perfect.unified.jsonl');
      writeFileSync(path, [...grouped.values()].map((g) => JSON.stringify(g)).join('\n') + '\n');
      const run = await importRunFile(project, lead, { path, format: 'vcbench-unified', model: 'unified' });
      // ids alone: 168 of the 253 lines name a data question not asked at their time (raw rows, with
      // their video and text, place all 253), and 3 land on one whose key is not their ground truth
      expect(run.unmatched).toHaveLength(168);
      // each with its reason: the id is no data question's, or its question has no such point, or asks it at another time
      expect(new Set(run.unmatched.map((u) => u.reason.replace(/"\d{4}"/, '"…"').replace(/\d+(\.\d+)?/g, 'n')))).toEqual(
        new Set([
          'question "…" asks query point n at n s, not n s ± n s',
          'no question with id "…" (a Tidemark question id, or the id its benchmark format exports)',
          'question "…" has n query points (query counts from n)',
        ]),
      );
      expect(run.notes.map((n) => n.reason)).toEqual([
        'question "0954" has the key 9, the line\'s ground truth is 21: scored against the key',
        'question "0954" has the key 18, the line\'s ground truth is 42: scored against the key',
        'question "0960" has the key 12, the line\'s ground truth is 24: scored against the key',
      ]);
      await project.close();
    });

    it('--rules paper differs from the release only where the README says: UDA of questions asked out of time order', async () => {
      const project = await imported('paper', subset, engine);
      const release = await scoredRun(project, 'imperfect');
      const [paper] = await scoreRuns(project, builtinProfileId('vcbench'), [], { rules: 'paper' });
      const outOfOrder = recordsOf(subset)
        .filter((r) => r.query_points.time.some((t, i) => i > 0 && t < r.query_points.time[i - 1]!))
        .map((r) => r.id);
      expect(outOfOrder).toEqual(['0002', '0018', '0072', '0076']);
      const differing = paper!.items.flatMap((item, i) => (['gpa', 'moc', 'uda'] as const).filter((m) => item.metrics[m] !== release.items[i]!.metrics[m]).map((m) => `${item.item} ${m}`));
      expect(differing.length).toBeGreaterThan(0);
      expect(differing.every((d) => outOfOrder.includes(d.slice(0, 4)) && d.endsWith(' uda'))).toBe(true);
      await project.close();
    });

    it('import → export → import scores a perfect run 100, the export byte for byte the file', async () => {
      const project = await imported('round-trip', subset, engine);
      const exported = (await exportBenchmark(project, lead, 'vcbench')).parts.join('');
      expect(exported.split('\n')).toEqual(readFileSync(subset, 'utf8').split('\n'));
      await project.close();
      const again = join(dir.path, 'exported.jsonl');
      writeFileSync(again, exported);
      const reimported = await imported('reimported', again, engine);
      const records = recordsOf(again);
      const run = await importRunFile(reimported, lead, { path: unifiedRun('exported-perfect', records, (r, k) => r.query_points.count[k]!), format: 'vcbench-unified', model: 'perfect' });
      expect(run.unmatched).toEqual([]);
      const [score] = await scoreRuns(reimported, builtinProfileId('vcbench'), []);
      expect(score!.overall).toEqual({ gpa: 100, moc: 100, uda: 100 });
      await reimported.close();
    });

    it("all 1,000 questions, each run: every question, subtype and the overall (the release's own files)", async () => {
      const [fullData, fullEval] = [unpacked('vcbench_data.jsonl'), unpacked('vcbench_eval.jsonl')];
      const full = (JSON.parse(gunzipSync(readFileSync(join(fixtures, 'full.release.json.gz'))).toString('utf8')) as { runs: Record<string, ReleaseRun> }).runs;
      const predictions = JSON.parse(gunzipSync(readFileSync(join(fixtures, 'full.predictions.json.gz'))).toString('utf8')) as Record<string, Record<string, Record<string, unknown>>>;
      const evalRows = readFileSync(fullEval, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { q_id: string; count: number });
      const project = await imported('full', fullData, engine);
      for (const name of ['perfect', 'imperfect', 'malformed']) {
        const path = join(dir.path, `full.${name}.raw.jsonl`);
        writeFileSync(path, evalRows.map((r) => JSON.stringify({ ...r, ...predictions[name]![r.q_id], gt: r.count })).join('\n') + '\n');
        compare(await scoredRun(project, name, {}, path), full[name]);
      }
      await project.close();
    }, 120_000);
  });
});
