// A run file written against an export names the questions by the export's ids; those ids must be the
// project's: an imported question's file id, and the id a question made in Tidemark was given when made.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { questionFieldsSchema } from '../../../shared/questions';
import { runItemIds } from '../../../shared/runs/item-ids';
import * as annotation from '../annotation/service';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { scoreRunFile } from '../runs/score-file';
import { tempDir, tools } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { exportBenchmark, importBenchmarkFile } from './service';
import { listVideos } from '../videos/library';

const fixtures = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'external');
const caller: Caller = { person: 'ann', role: 'lead' };
const dir = tempDir();
afterAll(() => dir.remove());
const noMedia = join(dir.path, 'no-media');

/** OVO-S records as a subset of the release keeps them: ids that are not 0..N−1. */
const ovoLine = (id: number, time: number, answer: string) =>
  `{"id": ${id}, "category_index": "1.1.1_${id}", "source_dataset": "s", "video_id": "v${id % 2}", "video_path": "s/v${id % 2}.mp4", "level": 1, "task_main_category": "1.1", "task_subcategory": "1.1.1", "task_type_name": "Object-to-Object Absolute Distance", "question": "How far is it, ${id}?", "options": {"A": "About 1 m", "B": "About 2 m"}, "query_times": [${time}, ${time + 5}], "evidence_times": [[1.5, ${time}], [1.5, ${time + 5}]], "answers": ["${answer}", "A"]}`;

/** A perfect run against an export: every query point of every record answered with its key. */
function perfectRun(file: string, records: Array<{ id: string | number; answers: Array<string | number> }>): string {
  const path = join(dir.path, file);
  writeFileSync(path, records.flatMap((r) => r.answers.map((a, query) => JSON.stringify({ model: 'm', item: String(r.id), query, response: String(a) }))).join('\n') + '\n');
  return path;
}

const lines = (parts: string[]) =>
  parts
    .join('')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function videoOf(project: Project, path: string): Promise<string> {
  const video = (await listVideos(project)).find((v) => v.relPath.endsWith(path));
  if (!video) throw new Error(`no video ${path}`);
  return video.id;
}

describe.each(ENGINES)('benchmark ids (%s)', (engine) => {
  describe('stable benchmark ids: import → export → a run against the export scores 100 %', () => {
    it('OVO-S-Bench: imported ids are kept, a question made in Tidemark gets the next free one and keeps it', async () => {
      const project = await openTestProject(join(dir.path, `ovo-s-${engine}.tidemark`), engine);
      const file = join(dir.path, 'ovo-s.jsonl');
      writeFileSync(file, `${ovoLine(205, 10, 'B')}\n${ovoLine(118, 4, 'A')}\n`);
      expect(await importBenchmarkFile(project, caller, tools, { path: file, format: 'ovo-s', mediaDir: noMedia })).toMatchObject({ importedQuestions: 2, problems: [] });
      const fields = questionFieldsSchema.parse({ profileId: builtinProfileId('ovo-s-bench'), taskCode: '1.1.1', text: 'Which is nearer?', options: { A: 'chair', B: 'table' } });
      const { question } = await annotation.createQuestion(project, caller, await videoOf(project, 's/v0.mp4'), fields, [
        { time: 3, answer: 'B', evidence: [[1, 2]], proactiveTime: null, windowStart: null },
      ]);
      // stored, and shown where the question panel shows a run file's ids
      expect(question.origin?.extra.id).toBe(206);
      expect(runItemIds(question, 'ovo-s-bench')).toEqual({ id: question.id, benchmarkId: '206' });

      const first = lines((await exportBenchmark(project, caller, 'ovo-s', { force: true })).parts);
      expect(first.map((r) => r.id)).toEqual([205, 118, 206]);
      const scored = await scoreRunFile(project, perfectRun('ovo-s-run.jsonl', first as never), null);
      expect(scored.unmatched).toEqual([]);
      expect(scored.scores.map((s) => s.overall)).toEqual([{ accuracy: 100, pooledAccuracy: 100 }]);
      // a second question made, a second export: every id as it was
      await annotation.createQuestion(project, caller, await videoOf(project, 's/v1.mp4'), fields, [{ time: 6, answer: 'A', evidence: [], proactiveTime: null, windowStart: null }]);
      const second = lines((await exportBenchmark(project, caller, 'ovo-s', { force: true })).parts);
      expect(second.map((r) => r.id)).toEqual([205, 118, 206, 207]);
      await project.close();
    });

    it('VCBench: the file\'s "0000" ids are kept, a question made in Tidemark gets the next free one and keeps it', async () => {
      const project = await openTestProject(join(dir.path, `vc-${engine}.tidemark`), engine);
      const file = join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl');
      const given = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; video_path: string });
      expect(await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: noMedia })).toMatchObject({ importedQuestions: given.length, problems: [] });
      const fields = questionFieldsSchema.parse({
        profileId: builtinProfileId('vcbench'),
        taskCode: 'E1-Action',
        text: 'How many jumps?',
        answerKind: 'number',
        counting: { subcategory: 'E1-Action', target: 'jumps', windowSeconds: null },
      });
      const { question } = await annotation.createQuestion(project, caller, await videoOf(project, given[0]!.video_path), fields, [
        { time: 4, answer: 2, evidence: [], proactiveTime: null, windowStart: null },
      ]);
      const next = String(Math.max(...given.map((g) => Number(g.id))) + 1).padStart(4, '0');
      expect(question.origin?.extra.id).toBe(next);

      const exported = (await exportBenchmark(project, caller, 'vcbench', { force: true })).parts;
      const first = lines(exported).map((r) => ({ id: r.id as string, answers: (r.query_points as { count: number[] }).count }));
      expect(first.map((r) => r.id)).toEqual([...given.map((g) => g.id), next]);
      const scored = await scoreRunFile(project, perfectRun('vc-run.jsonl', first), null);
      expect(scored.unmatched).toEqual([]);
      expect(scored.scores.map((s) => s.overall)).toEqual([{ gpa: 100, moc: 100, uda: 100 }]);
      const again = lines((await exportBenchmark(project, caller, 'vcbench', { force: true })).parts);
      expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
      await project.close();
    });

    it('a question made before ids were given (none stored) is exported under a free id, never one another question keeps', async () => {
      const project = await openTestProject(join(dir.path, `vc-idless-${engine}.tidemark`), engine);
      // the sample with one id changed to "0009": the tenth question's place
      const file = join(dir.path, 'vc-idless.jsonl');
      const sample = readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8').replace('"id": "0081"', '"id": "0009"');
      writeFileSync(file, sample);
      const given = sample
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; video_path: string });
      expect(await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: noMedia })).toMatchObject({ importedQuestions: given.length, problems: [] });
      const fields = questionFieldsSchema.parse({
        profileId: builtinProfileId('vcbench'),
        taskCode: 'E1-Action',
        text: 'How many jumps?',
        answerKind: 'number',
        counting: { subcategory: 'E1-Action', target: 'jumps', windowSeconds: null },
      });
      for (const time of [4, 5]) {
        const { question } = await annotation.createQuestion(project, caller, await videoOf(project, given[0]!.video_path), fields, [
          { time, answer: 2, evidence: [], proactiveTime: null, windowStart: null },
        ]);
        await annotation.updateQuestion(project, caller, question.id, { origin: null }); // as questions made before ids were
      }
      const ids = (format: string) => async () => lines((await exportBenchmark(project, caller, format, { force: true })).parts).map((r) => r.id as string);
      const data = await ids('vcbench')();
      // numbered by their place they were "0008" and "0009" — the second the id the imported question keeps
      expect(data).toEqual([...given.map((g) => g.id), '0945', '0946']);
      expect(new Set(data).size).toBe(data.length);
      expect(await ids('vcbench')()).toEqual(data);
      // the eval file names them the same
      expect([...new Set(await ids('vcbench-eval')())]).toEqual(data);
      // and a run file written against the export names each of them: a perfect run scores 100
      const exported = lines((await exportBenchmark(project, caller, 'vcbench', { force: true })).parts).map((r) => ({ id: r.id as string, answers: (r.query_points as { count: number[] }).count }));
      const scored = await scoreRunFile(project, perfectRun('vc-idless-run.jsonl', exported), null);
      expect(scored.unmatched).toEqual([]);
      expect(scored.notes).toEqual([]);
      expect(scored.scores.map((s) => s.overall)).toEqual([{ gpa: 100, moc: 100, uda: 100 }]);
      await project.close();
    });
  });
});
