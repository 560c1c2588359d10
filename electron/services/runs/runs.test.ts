// Importing model runs: each line checked and matched to a question and query point by the ids the
// benchmark formats export; unmatched lines reported with the reason; all or nothing; a run the
// project has is refused; removal and undo; runs carried by the lossless format. Lines without an id
// Tidemark knows matched by their video and query time; another tool's result file imported whole.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { questionFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { exportTidemarkJsonl } from '../exchange/tidemark-jsonl';
import { Pacer } from '../pacer';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, insertTestVideo, openTestProject } from '../test-support/project';
import { importRunFile } from './import';
import { itemIndex } from './matching';
import { removeRun, runsOf, videoResponses } from './service';

const dir = tempDir();
afterAll(() => dir.remove());
const lee = { person: 'Lee', role: 'lead' as const };
const seconds = (clock: string): number => clock.split(':').reduce((s, part) => s * 60 + Number(part), 0);
/** The PhoStream fixture's forward entry: questions at 00:36 (T_p 00:42), 01:20 (T_p 01:26), … */
const phostream = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'external', 'phostream', 'phostream_annotations.sample.json'), 'utf8')) as Array<{
    video_path: string;
    verified_responses: Array<{ user_query: string; timestamp_question: string; timestamp_proactive?: string; response: string }>;
  }>
)[1]!;

const write = (name: string, lines: unknown[]): string => {
  const path = join(dir.path, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return path;
};

describe.each(ENGINES)('runs over a project (%s)', (engine) => {
  let project: Project;
  let videoId: string;
  let phostreamVideo: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    project = await openTestProject(join(dir.path, `p-${engine}.tidemark`), engine);
    videoId = await insertTestVideo(project, { relPath: 'clips/a.mp4' });
    const make = async (profile: string, extra: Record<string, unknown> | null, points: number[]) =>
      (
        await annotation.createQuestion(
          project,
          lee,
          videoId,
          questionFieldsSchema.parse({ profileId: builtinProfileId(profile), text: 'Q?', origin: extra ? { format: profile, extra } : null }),
          points.map((time) => ({ time, answer: 'A', evidence: [], proactiveTime: null, windowStart: null })),
        )
      ).question.id;
    ids.ovo = await make('ovo-s-bench', { id: 7 }, [5]);
    ids.vcb = await make('vcbench', { id: '0944' }, [10, 20, 30]);
    ids.pho0 = await make('phostream', null, [3]);
    ids.pho1 = await make('phostream', null, [8]);
    // a video whose questions are found by time: two asked at about 12 s, one at 40 and 55 s
    const b = await insertTestVideo(project, { relPath: 'set/b.mp4', duration: 120 });
    const at = async (name: string, points: number[]) => {
      ids[name] = (
        await annotation.createQuestion(
          project,
          lee,
          b,
          questionFieldsSchema.parse({ profileId: builtinProfileId('ovo-s-bench'), text: name }),
          points.map((time) => ({ time, answer: 'A', evidence: [], proactiveTime: null, windowStart: null })),
        )
      ).question.id;
    };
    await at('b12', [12]);
    await at('b12.3', [12.3]);
    await at('b40', [40, 55]);
    // the PhoStream entry as its import makes it: the file's video path kept, in a media folder of the project's own
    phostreamVideo = await insertTestVideo(project, { relPath: 'phostream/output_1.mp4', duration: 900 });
    for (const [k, qa] of phostream.verified_responses.entries()) {
      const fields = questionFieldsSchema.parse({
        profileId: builtinProfileId('phostream'),
        text: qa.user_query,
        temporalType: 'forward',
        origin: { format: 'phostream', extra: { videoPath: phostream.video_path, time_type: 'forward' } },
      });
      const point = { time: seconds(qa.timestamp_question), answer: qa.response, evidence: [], proactiveTime: seconds(qa.timestamp_proactive!), windowStart: null };
      ids[`fwd${k}`] = (await annotation.createQuestion(project, lee, phostreamVideo, fields, [point])).question.id;
    }
  });
  afterAll(() => project.close());

  describe('importing a run', () => {
    it('matches benchmark ids, Tidemark ids and PhoStream path#index; reports what matches nothing', async () => {
      const path = write('gemini-run.jsonl', [
        { model: 'gemini', item: '7', t: 5.2, response: 'B', latency: 0.8, frames: [0, 1, 2] },
        { model: 'gemini', item: 7, t: 6, response: 'The answer is B', meta: { temperature: 0 } },
        { model: 'gemini', item: '0944', query: 2, t: 31, response: 'three' },
        { model: 'gemini', item: 'clips/a.mp4#1', response: 'a phone' },
        { model: 'gemini', item: ids.pho0, t: 3, response: 'on time' },
        { model: 'gpt', item: '7', t: 5, response: 'C', run: 'sync' },
        { model: 'gemini', item: 'nope', response: 'x' },
        { model: 'gemini', item: '0944', query: 3, response: 'x' },
      ]);
      const outcome = await importRunFile(project, lee, { path });
      expect(outcome).toMatchObject({ lines: 8, refused: false, problems: [] });
      expect(outcome.runs).toEqual([
        { model: 'gemini', label: 'gemini-run', responses: 5 },
        { model: 'gpt', label: 'sync', responses: 1 },
      ]);
      expect(outcome.unmatched.map((p) => `${p.line}:${p.field}: ${p.reason}`)).toEqual([
        '7:item: no question with id "nope" (a Tidemark question id, or the id its benchmark format exports)',
        '8:query: question "0944" has 3 query points (query counts from 0)',
      ]);
      const gemini = (await runsOf(project)).find((r) => r.model === 'gemini')!;
      expect(gemini).toMatchObject({ label: 'gemini-run', source: 'gemini-run.jsonl', responses: 5, createdBy: 'Lee' });
      const responses = await project.stores.runs.responsesOfRun(gemini.id);
      expect(responses.find((r) => r.questionId === ids.pho1)).toMatchObject({ query: 0, t: null, text: 'a phone' });
      expect(responses.find((r) => r.text === 'B')).toMatchObject({ questionId: ids.ovo, t: 5.2, latency: 0.8, frames: [0, 1, 2] });
      expect(responses.find((r) => r.text === 'The answer is B')).toMatchObject({ meta: { temperature: 0 } });
      expect(responses.find((r) => r.questionId === ids.vcb)).toMatchObject({ query: 2, t: 31 });
      expect(await videoResponses(project, gemini.id, videoId)).toHaveLength(5);
      // the lossless format carries runs and their responses
      const text = (await exportTidemarkJsonl(project, lee)).parts.join('');
      expect(text).toContain('"table":"runs"');
      expect(text.match(/"table":"responses"/g)).toHaveLength(6);
    });

    it('is all or nothing: a bad line refuses the file (naming line and field) unless skipping is asked for', async () => {
      const path = write('bad.jsonl', [
        { model: 'm', item: '7', response: 'A' },
        { model: 'm', item: '7', t: -1, response: 'A' },
        '{not json',
        { model: 'm', item: '7', response: 'A', colour: 'red' },
      ]);
      const before = (await runsOf(project)).length;
      const refused = await importRunFile(project, lee, { path });
      expect(refused.refused).toBe(true);
      expect(refused.problems.map((p) => `${p.file}:${p.line}:${p.field}`)).toEqual(['bad.jsonl:2:t', 'bad.jsonl:3:', 'bad.jsonl:4:']);
      expect(refused.problems[2]!.reason).toContain('put other fields in "meta"');
      expect(await runsOf(project)).toHaveLength(before);
      const skipped = await importRunFile(project, lee, { path, skipInvalid: true });
      expect(skipped.runs).toEqual([{ model: 'm', label: 'bad', responses: 1 }]);
    });

    it('refuses a run the project already has, writing nothing', async () => {
      const path = write('again.jsonl', [
        { model: 'x', item: '7', response: 'A', run: 'one' },
        { model: 'gemini', item: '7', response: 'A', run: 'gemini-run' },
      ]);
      const before = (await runsOf(project)).length;
      await expect(importRunFile(project, lee, { path })).rejects.toThrow(/already has the run "gemini-run" of gemini/);
      expect(await runsOf(project)).toHaveLength(before);
    });

    it('is cancelled while it matches or writes, writing nothing', async () => {
      const path = write('cancelled.jsonl', [{ model: 'c', item: '7', response: 'A' }]);
      const before = (await runsOf(project)).length;
      const editsBefore = (await project.store.history('Lee')).length;
      for (const phaseName of ['Matching', 'Writing']) {
        const abort = new AbortController();
        const seen: string[] = [];
        // cancelled once the phase has begun inside the edit (its first progress with a figure)
        const progress = (_fraction: number, message?: string) => {
          seen.push(message ?? '');
          if (message?.startsWith(phaseName) && /%|responses of/.test(message)) abort.abort();
        };
        await expect(importRunFile(project, lee, { path }, { signal: abort.signal, progress })).rejects.toThrow('Import cancelled; nothing was written.');
        expect(seen.some((m) => m.startsWith(phaseName))).toBe(true);
        expect(await runsOf(project)).toHaveLength(before);
        expect(await project.store.history('Lee')).toHaveLength(editsBefore);
      }
    });

    it('removes a run in one undoable edit; a question removed takes its responses, undoably', async () => {
      const gemini = (await runsOf(project)).find((r) => r.model === 'gemini')!;
      await removeRun(project, lee, gemini.id);
      expect((await runsOf(project)).find((r) => r.id === gemini.id)).toBeUndefined();
      await project.store.undo('Lee');
      expect((await runsOf(project)).find((r) => r.id === gemini.id)?.responses).toBe(5);
      await annotation.removeQuestion(project, lee, ids.vcb!);
      expect((await runsOf(project)).find((r) => r.id === gemini.id)?.responses).toBe(4);
      await project.store.undo('Lee');
      expect((await runsOf(project)).find((r) => r.id === gemini.id)?.responses).toBe(5);
    });
  });

  describe('matching by video and query time', () => {
    let index: Awaited<ReturnType<typeof itemIndex>>;
    beforeEach(async () => {
      index = await itemIndex(project.stores, new Pacer());
    });
    const match = async (line: { item?: string; query?: number; video?: string; queryTime?: number }, tolerance?: number) => {
      const found = await index.match({ item: '', query: 0, ...line }, tolerance);
      return 'matched' in found ? { question: found.matched.question.id, query: found.query } : found;
    };

    it('finds the one question of the video asked then (by path, a longer path ending in it, or file name); the query point is the one found', async () => {
      expect(await match({ video: 'set/b.mp4', queryTime: 40.2 })).toEqual({ question: ids.b40, query: 0 });
      expect(await match({ video: '/media/data/set/b.mp4', queryTime: 54.6 })).toEqual({ question: ids.b40, query: 1 });
      expect(await match({ video: 'C:\\data\\set\\b.mp4', queryTime: 55 })).toEqual({ question: ids.b40, query: 1 });
      expect(await match({ video: 'b.mp4', queryTime: 55, query: 7 })).toEqual({ question: ids.b40, query: 1 });
      expect(await match({ item: 'not-an-id', video: './set/b.mp4', queryTime: 40 })).toEqual({ question: ids.b40, query: 0 });
      expect(await match({ video: phostream.video_path, queryTime: 80 })).toEqual({ question: ids.fwd1, query: 0 });
      expect(await match({ video: '#2', queryTime: 80 })).toEqual({ question: ids.fwd1, query: 0 }); // PhoStream's sample_id
    });

    it('matches none when no question or several are asked then, saying why', async () => {
      expect(await match({ video: 'set/b.mp4', queryTime: 70 })).toEqual({ field: 'queryTime', reason: 'no question of set/b.mp4 is asked at 70 s ± 0.5 s (the nearest at 55 s)' });
      expect(await match({ video: 'set/b.mp4', queryTime: 12.2 })).toEqual({ field: 'queryTime', reason: '2 questions of set/b.mp4 are asked at 12.2 s ± 0.5 s' });
      expect(await match({ video: 'set/b.mp4', queryTime: 47.5 }, 8)).toEqual({ field: 'queryTime', reason: 'a question of set/b.mp4 has 2 query points at 47.5 s ± 8 s' });
      expect(await match({ video: 'c.mp4', queryTime: 12 })).toEqual({ field: 'video', reason: 'c.mp4: no video of the project has this path or file name' });
      expect(await match({ video: '#9', queryTime: 12 })).toEqual({ field: 'video', reason: '#9: the project has no PhoStream video #9 (its 2 are numbered in the order they were imported)' });
      expect(await match({ item: 'nope' })).toEqual({ field: 'item', reason: 'no question with id "nope" (a Tidemark question id, or the id its benchmark format exports)' });
      expect(await match({})).toEqual({ field: 'item', reason: 'names no question: no item, nor a video and query time to find one by' });
    });

    it('takes the tolerance given', async () => {
      expect(await match({ video: 'set/b.mp4', queryTime: 12 }, 0.1)).toEqual({ question: ids.b12, query: 0 });
      expect(await match({ video: 'set/b.mp4', queryTime: 41 }, 1)).toEqual({ question: ids.b40, query: 0 });
    });

    it('checks a known item’s query point against the line’s time, and looks by video when they disagree', async () => {
      expect(await match({ item: '0944', query: 1, queryTime: 20.3 })).toEqual({ question: ids.vcb, query: 1 });
      expect(await match({ item: '0944', query: 0, queryTime: 99 })).toEqual({ field: 'queryTime', reason: 'question "0944" asks query point 0 at 10 s, not 99 s ± 0.5 s' });
      expect(await match({ item: '0944', query: 0, video: 'clips/a.mp4', queryTime: 30 })).toEqual({ question: ids.vcb, query: 2 });
    });
  });

  describe('importing another tool’s result file', () => {
    it('reads a PhoStream run output (fixture entry, the runner’s responses) with the model given, each response on the questions open then', async () => {
      const stream = [
        ['00:10', 'Hello'],
        ['00:36', 'Silent'],
        ['00:42', 'She will borrow scrub pants.'],
        ['01:21', 'Silent'],
        ['01:27', 'A pair of scissors.'],
      ].map(([timestamp, response]) => ({ timestamp, response, raw_response: response, status_code: 200, runtime_ms: 900 }));
      const row = { ...phostream, video: `/data/PhoStream/${phostream.video_path}`, id: 2, uuid: '3f2a9c1d', responses: stream, bench: 'phostream' };
      const path = write('phostream.jsonl', [row]);
      const outcome = await importRunFile(project, lee, { path, format: 'phostream-run', model: 'qwen2.5-omni' });
      expect(outcome).toMatchObject({ file: 'phostream.jsonl', refused: false, problems: [], runs: [{ model: 'qwen2.5-omni', label: 'phostream', responses: 4 }] });
      expect(outcome.unmatched.map((p) => `${p.line}:${p.field}: ${p.reason}`)).toEqual(['1:responses[0]: a response at 0:10, before any question of the video is asked']);
      const run = (await runsOf(project)).find((r) => r.model === 'qwen2.5-omni')!;
      expect(run).toMatchObject({ protocol: 'synchronous', source: 'phostream.jsonl' });
      const responses = (await project.stores.runs.responsesOfRun(run.id)).map((r) => ({ question: r.questionId, t: r.t, text: r.text, latency: r.latency }));
      expect(responses).toEqual(
        expect.arrayContaining([
          { question: ids.fwd0, t: 36, text: 'Silent', latency: 0.9 },
          { question: ids.fwd0, t: 42, text: 'She will borrow scrub pants.', latency: 0.9 },
          { question: ids.fwd1, t: 81, text: 'Silent', latency: 0.9 },
          { question: ids.fwd1, t: 87, text: 'A pair of scissors.', latency: 0.9 },
        ]),
      );
    });

    it('matches the lines of a format without ids by video and time, with the tolerance given, reporting those that find none', async () => {
      const text = JSON.stringify(
        [
          {
            video_path: './set/b.mp4',
            questions: [
              { task_type: 'Counting', question: 'b40', time_stamp: '00:00:40', answer: 'A', options: ['A. one', 'B. two'], GPT4o: 'A' },
              { task_type: 'Counting', question: 'b12', time_stamp: '00:00:12', answer: 'A', options: ['A. one', 'B. two'], GPT4o: 'B' },
              { task_type: 'Counting', question: 'b70', time_stamp: '00:01:10', answer: 'A', options: ['A. one', 'B. two'], GPT4o: 'B' },
            ],
          },
        ],
        null,
        4,
      );
      const path = join(dir.path, 'streamingbench_out.json');
      writeFileSync(path, text);
      const outcome = await importRunFile(project, lee, { path, format: 'streamingbench-run', tolerance: 0.2 });
      expect(outcome.runs).toEqual([{ model: 'GPT4o', label: 'streamingbench_out', responses: 2 }]);
      expect(outcome.unmatched.map((p) => `${p.field}: ${p.reason}`)).toEqual(['queryTime: no question of set/b.mp4 is asked at 70 s ± 0.2 s (the nearest at 55 s)']);
      const run = (await runsOf(project)).find((r) => r.model === 'GPT4o')!;
      expect((await project.stores.runs.responsesOfRun(run.id)).map((r) => [r.questionId, r.query, r.text]).sort()).toEqual(
        [
          [ids.b12, 0, 'B'],
          [ids.b40, 0, 'A'],
        ].sort(),
      );
    });

    it('refuses a bad record of another format, naming line and field, and writes nothing', async () => {
      const path = join(dir.path, 'o.json');
      writeFileSync(
        path,
        JSON.stringify(
          {
            model: 'gpt-4o',
            results: [
              { query_id: '7_q0', annotation_id: 7, query_index: 0, query_time: 5, response: 'B' },
              { query_id: 'x', annotation_id: 7, response: 'B' },
            ],
          },
          null,
          2,
        ),
      );
      const before = (await runsOf(project)).length;
      const refused = await importRunFile(project, lee, { path, format: 'ovo-s-results' });
      expect(refused.refused).toBe(true);
      expect(refused.problems.map((p) => `${p.file}:${p.line}:${p.field}`)).toEqual(['o.json:12:results[1].query_id']);
      expect(await runsOf(project)).toHaveLength(before);
      const skipped = await importRunFile(project, lee, { path, format: 'ovo-s-results', skipInvalid: true });
      expect(skipped.runs).toEqual([{ model: 'gpt-4o', label: 'o', responses: 1 }]);
      await expect(importRunFile(project, lee, { path, format: 'nonsense' })).rejects.toThrow(/No run format "nonsense"/);
    });
  });
});
