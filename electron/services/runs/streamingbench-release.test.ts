// StreamingBench through the services as its release scores it: each of its four question files
// imported as it is (the runners' run file is the question file with every model's answers added),
// the same file imported as a run for each model, and the scores compared with what the release's own
// src/data/count.py printed for the same runs (numbers in shared/scoring/fixtures/streamingbench; how
// they were made in its README).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { formatProblem } from '../../../shared/formats/problems';
import { importBenchmarkFile } from '../exchange/service';
import { tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { importRunFile } from './import';
import { scoreRuns } from './scoring';

const lead: Caller = { person: 'ann', role: 'lead' };
const fixtures = join(__dirname, '..', '..', '..', 'shared', 'scoring', 'fixtures', 'streamingbench');
const dir = tempDir();
afterAll(() => dir.remove());

type Stats = Record<string, { total: number; correct?: number; accuracy?: number; time_correct?: number; time_accuracy?: number; answer_correct?: number; answer_accuracy?: number }>;
const release = JSON.parse(readFileSync(join(fixtures, 'release.json'), 'utf8')) as { files: Record<string, Record<string, Stats>> };
const perQuestion = JSON.parse(gunzipSync(readFileSync(join(fixtures, 'release-items.json.gz'))).toString('utf8')) as Record<string, Record<string, number[][]>>;
const MODELS = ['perfect', 'realistic', 'malformed'] as const;

/** count.py's accuracies in percent (its fractions × 100), by task; `total` is its pooled row. */
function expected(stats: Stats): Record<string, Record<string, number | null>> {
  return Object.fromEntries(
    Object.entries(stats).map(([task, s]): [string, Record<string, number>] => [
      task,
      s.time_accuracy !== undefined ? { timeAccuracy: 100 * s.time_accuracy, answerAccuracy: 100 * s.answer_accuracy! } : { accuracy: 100 * s.accuracy! },
    ]),
  );
}

const fixed = (m: Record<string, number | null | undefined>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === null || v === undefined ? v : v.toFixed(9)]));

describe.each(ENGINES)('the StreamingBench release (%s)', (engine) => {
  describe('StreamingBench scored as src/data/count.py scores it', () => {
    it.each(['real', 'omni', 'sqa', 'proactive'])("questions_%s.json: imported whole, every model's answers matched, scored per question and per task as the release", async (name) => {
      const path = join(dir.path, `questions_${name}.json`);
      writeFileSync(path, gunzipSync(readFileSync(join(fixtures, `questions_${name}.run.json.gz`))));
      const project = await openTestProject(join(dir.path, `${name}-${engine}.tidemark`), engine);
      const imported = await importBenchmarkFile(project, lead, tools, { path, format: 'streamingbench', mediaDir: join(dir.path, 'no-media') });
      expect(imported.problems.map(formatProblem)).toEqual([]);
      expect(imported.refused).toBe(false);
      if (name === 'real') {
        // two time_stamps the runners read their own way and count.py never reads: said, not refused
        expect(imported.warnings.map(formatProblem)).toEqual([
          expect.stringMatching(/^questions_real\.json:\d+:\[276\]\.questions\[1\]\.time_stamp: not HH:MM:SS; read as 12450 s, as the release's runners read it/),
          expect.stringMatching(/^questions_real\.json:\d+:\[1041\]\.questions\[0\]\.time_stamp: not HH:MM:SS; read as 8 s, as the release's runners read it/),
        ]);
      }
      for (const model of MODELS) {
        const run = await importRunFile(project, lead, { path, format: 'streamingbench-run', model });
        expect(run.problems.map(formatProblem)).toEqual([]);
        // questions asked twice at one time of one video are told apart by their place in the file, as the release's answers sit in their question
        expect(run.unmatched.map(formatProblem)).toEqual([]);
      }
      const profile = (await project.stores.profiles.list()).find((p) => p.name === 'StreamingBench')!;
      const scores = await scoreRuns(project, profile.id, []);
      for (const model of MODELS) {
        const score = scores.find((s) => s.model === model)!;
        const want = expected(release.files[name]![model]!);
        const { total, ...tasks } = want;
        expect(Object.fromEntries(Object.entries(score.byCategory).map(([k, v]) => [k, fixed(v)]))).toEqual(Object.fromEntries(Object.entries(tasks).map(([k, v]) => [k, fixed(v)])));
        // real and omni: count.py's pooled row is the overall
        if (total) expect(fixed({ accuracy: score.overall.accuracy })).toEqual(fixed(total));
        // per question: count.py run on each question alone (0 in its total: left out)
        const items = perQuestion[name]![model]!;
        expect(score.items).toHaveLength(items.length);
        expect(score.items.map((i) => (name === 'proactive' ? [i.metrics.timeAccuracy ?? null, i.metrics.answerAccuracy ?? null] : [i.metrics.accuracy ?? null]))).toEqual(
          items.map(([counted, ...right]) => (counted === 0 ? right.map(() => null) : right.map((r) => 100 * r!))),
        );
      }
      await project.close();
    });
  });
});
