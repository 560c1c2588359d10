// PhoStream scored through the services as its release scores it: the release's sample imported,
// run output files (the release's own format) imported, and each run's score compared with what the
// release's run_stream_eval.py evaluate_sample gave for the same run (numbers in
// shared/scoring/fixtures/phostream; how they were made in its README).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import type { Judgment } from '../../../shared/scoring/types';
import { importBenchmarkFile } from '../exchange/service';
import { builtinProfileId } from '../profiles/builtin';
import { tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { importRunFile } from './import';
import { scoreRuns } from './scoring';

const lead: Caller = { person: 'ann', role: 'lead' };
const root = join(__dirname, '..', '..', '..');
const fixtures = join(root, 'shared', 'scoring', 'fixtures', 'phostream');
const sample = join(root, '..', 'shared', 'fixtures', 'external', 'phostream', 'phostream_annotations.sample.json');
const dir = tempDir();
afterAll(() => dir.remove());

const TIMING: Record<string, string> = { EarlyResponse: 'early', NoResponse: 'no-response', LateResponse: 'late', PartlyCorrect: 'on-time' };
const release = JSON.parse(readFileSync(join(fixtures, 'sample.release.json'), 'utf8')) as { models: Record<string, Record<string, number>> };
const rows = JSON.parse(gunzipSync(readFileSync(join(fixtures, 'sample.release-rows.json.gz'))).toString('utf8')) as Record<string, Array<[number, string, number, number]>>;
const references = (JSON.parse(readFileSync(sample, 'utf8')) as Array<{ video_path: string; verified_responses: Array<{ response: string }> }>).flatMap((v) =>
  v.verified_responses.map((qa, k): [string, string] => [`${v.video_path}#${k}`, qa.response]),
);

/** The release's scripted judge (make_fixtures.py): 5 for the reference itself, else the N of "(quality N)", else 0. */
const scripted = (answer: string, reference: string): Judgment => ({ score: answer === reference ? 5 : Number(/\(quality (\d+(?:\.\d+)?)\)/.exec(answer)?.[1] ?? 0), reason: 'scripted' });

describe.each(ENGINES)('the PhoStream release (%s)', (engine) => {
  describe('PhoStream through the services, as the release scores it', () => {
    it.each(['perfect', 'eager', 'malformed'])("the sample, %s run: every question and Table 3's columns as run_stream_eval.py", async (model) => {
      const project = await openTestProject(join(dir.path, `${model}-${engine}.tidemark`), engine);
      const imported = await importBenchmarkFile(project, lead, tools, { path: sample, format: 'phostream', mediaDir: join(dir.path, 'no-media') });
      expect(imported.problems).toEqual([]);
      const runFile = join(dir.path, `${model}.jsonl`);
      writeFileSync(runFile, gunzipSync(readFileSync(join(fixtures, `sample.${model}.run.jsonl.gz`))));
      const run = await importRunFile(project, lead, { path: runFile, format: 'phostream-run', model });
      expect(run.problems).toEqual([]);
      const profile = builtinProfileId('phostream');
      // the judge sees what the scorer took: score once, judge the on-time answers, score again
      const [unjudged] = await scoreRuns(project, profile, []);
      const taken = new Map(unjudged!.items.map((i) => [i.item, i.queries[0]!]));
      const reference = new Map(references);
      const judgments = (item: string): Judgment | null => {
        const q = taken.get(item);
        return q?.timing === 'on-time' && typeof q.extracted === 'string' ? scripted(q.extracted, reference.get(item)!) : null;
      };
      const [score] = await scoreRuns(project, profile, [], { judgments });
      expect(score!.items.map((i) => i.item)).toEqual(references.map(([id]) => id));
      expect(score!.items.map((i) => [i.queries[0]!.timing, i.metrics.score, i.queries[0]!.timing === 'no-response' ? null : i.queries[0]!.t])).toEqual(
        rows[model]!.map(([, category, value, t]) => [TIMING[category], value, category === 'NoResponse' ? null : t]),
      );
      const m = release.models[model]!;
      const fixed = (v: number | null | undefined) => v!.toFixed(9);
      expect([score!.byCategory.instant!.score, score!.byCategory.backward!.score, score!.byCategory.forward!.score, score!.overall.score].map(fixed)).toEqual(
        [m.instant, m.backward, m.forward, m.overall].map(fixed),
      );
      expect([score!.overall.er, score!.overall.nr, score!.overall.pc].map(fixed)).toEqual([m.EarlyResponse, m.NoResponse! + m.LateResponse!, m.PartlyCorrect].map(fixed));
      await project.close();
    });
  });
});
