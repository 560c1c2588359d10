import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../../shared/formats/problems';
import type { Caller } from '../../../shared/domain';
import { questionFieldsSchema } from '../../../shared/questions';
import * as annotation from '../annotation/service';
import { JobRegistry } from '../jobs/registry';
import { runProcess } from '../media/run-process';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir, tools } from '../test-support/fixtures';
import { relinkVideo } from '../videos/relink';
import { exportToFile } from './export-file';
import { exportBenchmark, importBenchmarkFile, NotReadyError, projectStats, readinessFor, validateFile } from './service';
import { listVideos } from '../videos/library';
import { countOf, ENGINES, openTestProject } from '../test-support/project';

const fixtures = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'external');
const caller: Caller = { person: 'ann', role: 'lead' };
const dir = tempDir();
const media = join(dir.path, 'media');
const dataFile = join(dir.path, 'vcbench_data.jsonl');
const dataLines = readFileSync(join(fixtures, 'vcbench', 'vcbench_data.sample.jsonl'), 'utf8');

/** Tiny still videos as long as the fixtures need, one colour each so their fingerprints differ. */
async function stillVideo(path: string, seconds: number, colour: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = await runProcess(tools.ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=32x32:r=1:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    path,
  ]);
  if (out.code !== 0) throw new Error(out.stderr);
}

beforeAll(async () => {
  const videos = [
    ...new Set(
      dataLines
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { video_path: string }).video_path),
    ),
  ];
  const colours = ['red', 'green', 'blue', 'yellow', 'white', 'black', 'cyan', 'magenta'];
  for (const [i, v] of videos.entries()) await stillVideo(join(media, v), 1100, colours[i]!);
  writeFileSync(dataFile, dataLines);
}, 120_000);
afterAll(() => dir.remove());

const count = (project: Project, table: string): Promise<number> => countOf(project, `SELECT count(*) AS n FROM ${table}`);
/** Every video's questions, video by video as the library lists them. */
const questionsOfEveryVideo = async (project: Project) => (await Promise.all((await listVideos(project)).map((v) => project.stores.annotation.questionsOfVideo(v.id)))).flat();

describe.each(ENGINES)('benchmark files through a project (%s)', (engine) => {
  const freshProject = (name: string): Promise<Project> => openTestProject(join(dir.path, `${name}-${engine}.tidemark`), engine);

  describe('importing and exporting benchmark files', () => {
    it('imports the VCBench fixture with its media in one undoable step, and exports it byte for byte', async () => {
      const project = await freshProject('vc');
      const outcome = await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      expect(outcome).toMatchObject({ records: 8, importedQuestions: 8, refused: false, missingMedia: [], problems: [] });
      expect(await listVideos(project)).toHaveLength(5);
      expect((await exportBenchmark(project, caller, 'vcbench')).parts.join('')).toBe(dataLines);
      // statistics: one question per subtype, as the sample was chosen
      const [stats] = await projectStats(project, caller);
      const records = dataLines
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { counting_subtype: string; query_points: { time: number[] } });
      expect(stats).toMatchObject({ profile: 'VCBench', questions: 8, videos: 5, queryPoints: records.reduce((n, r) => n + r.query_points.time.length, 0) });
      expect(stats!.byTaskCode).toEqual(Object.fromEntries(records.map((r) => [r.counting_subtype, 1])));
      expect(stats!.byTopCategory).toEqual({ 'Object Counting': 4, 'Event Counting': 4 });
      expect((await project.store.undo('ann'))?.label).toBe('Import vcbench_data.jsonl');
      expect(await questionsOfEveryVideo(project)).toHaveLength(0);
      await project.close();
    });

    it("exports a profile with only its own questions' points when the project holds another profile too", async () => {
      const project = await freshProject('two-profiles');
      await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      const ovo = join(dir.path, 'ovo-s.jsonl');
      const video = (JSON.parse(dataLines.split('\n')[0]!) as { video_path: string }).video_path;
      const line = (id: number, time: number) =>
        `{"id": ${id}, "category_index": "1.1.1_${id}", "source_dataset": "s", "video_id": "v", "video_path": "${video}", "level": 1, "task_main_category": "1.1", "task_subcategory": "1.1.1", "task_type_name": "Object-to-Object Absolute Distance", "question": "How far is it, ${id}?", "options": {"A": "About 1 m", "B": "About 2 m"}, "query_times": [${time}], "evidence_times": [[1.5, ${time}]], "answers": ["B"]}`;
      const ovoText = `${line(0, 22.8)}\n${line(1, 7.0)}\n`;
      writeFileSync(ovo, ovoText);
      expect(await importBenchmarkFile(project, caller, tools, { path: ovo, format: 'ovo-s', mediaDir: media })).toMatchObject({ importedQuestions: 2, problems: [] });
      expect((await exportBenchmark(project, caller, 'ovo-s')).parts.join('')).toBe(ovoText);
      expect((await exportBenchmark(project, caller, 'vcbench')).parts.join('')).toBe(dataLines);
      await project.close();
    });

    it('reports its phases as a job and can be cancelled before it writes anything', async () => {
      const project = await freshProject('cancelled');
      const jobs = new JobRegistry();
      const messages: string[] = [];
      const job = jobs.start({ kind: 'exchange', label: 'import', format: 'vcbench' }, (control) =>
        importBenchmarkFile(
          project,
          caller,
          tools,
          { path: dataFile, format: 'vcbench', mediaDir: media },
          {
            signal: control.signal,
            progress: (fraction, message) => {
              if (message) messages.push(message);
              control.progress(fraction, message);
              // the user cancels once the file has been read
              if (message?.startsWith('Read ')) jobs.cancel(job.id);
            },
          },
        ),
      );
      expect(await jobs.wait(job.id)).toMatchObject({ state: 'cancelled' });
      expect(messages).toEqual(['Reading vcbench_data.jsonl', 'Read 8 records of vcbench_data.jsonl']);
      expect(await listVideos(project)).toHaveLength(0);
      expect(await count(project, 'questions')).toBe(0);
      // uncancelled, the same job reaches the writing phase
      const done = jobs.start({ kind: 'exchange', label: 'import', format: 'vcbench' }, (control) =>
        importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media }, control),
      );
      expect(await jobs.wait(done.id)).toMatchObject({ state: 'done', result: { importedQuestions: 8 } });
      await project.close();
    });

    it('reads a long file in batches, reporting how far it got, and stops when cancelled mid-read', async () => {
      const big = join(dir.path, 'big.jsonl');
      const record = (i: number) =>
        JSON.stringify({
          id: i,
          category_index: `1.1.1_${i}`,
          source_dataset: 's',
          video_id: 'v',
          video_path: 'v.mp4',
          level: 1,
          task_main_category: '1.1',
          task_subcategory: '1.1.1',
          task_type_name: 't',
          question: `q${i}`,
          options: { A: 'a', B: 'b' },
          query_times: [1],
          evidence_times: [[0, 1]],
          answers: ['A'],
        });
      writeFileSync(big, Array.from({ length: 12_000 }, (_, i) => record(i)).join('\n'));
      const project = await freshProject('big');
      const jobs = new JobRegistry();
      const messages: string[] = [];
      const job = jobs.start({ kind: 'exchange', label: 'import', format: 'vcbench' }, (control) =>
        importBenchmarkFile(
          project,
          caller,
          tools,
          { path: big, format: 'ovo-s' },
          {
            signal: control.signal,
            progress: (fraction, message) => {
              messages.push(`${fraction} ${message}`);
              if (messages.length === 3) jobs.cancel(job.id);
            },
          },
        ),
      );
      expect(await jobs.wait(job.id)).toMatchObject({ state: 'cancelled' });
      expect(messages[0]).toBe('0 Reading big.jsonl');
      // every twentieth of the file or so
      const percents = messages.slice(1).map((m) => Number(/^0\.0\d* Reading big\.jsonl: (\d+)%$/.exec(m)?.[1]));
      expect(percents).toHaveLength(2);
      expect([percents[0]! >= 5 && percents[0]! < 10, percents[1]! - percents[0]! >= 5 && percents[1]! - percents[0]! < 10]).toEqual([true, true]);
      expect(messages).toHaveLength(3);
      expect(await count(project, 'questions')).toBe(0);
      await project.close();
    });

    it('refuses a file with a bad line, writing nothing and naming file, line and field', async () => {
      const project = await freshProject('bad');
      const lines = dataLines.split('\n');
      lines[2] = lines[2]!.replace('"counting_subtype": "O2-Unique"', '"counting_subtype": "O9-Nope"');
      lines[4] = '{"id": "broken"';
      const bad = join(dir.path, 'bad.jsonl');
      writeFileSync(bad, lines.join('\n'));
      const refused = await importBenchmarkFile(project, caller, tools, { path: bad, format: 'vcbench', mediaDir: media });
      expect(refused.refused).toBe(true);
      expect(refused.problems.map(formatProblem)).toEqual([expect.stringMatching(/^bad\.jsonl:3:counting_subtype: /), expect.stringMatching(/^bad\.jsonl:5: not valid JSON/)]);
      expect(await listVideos(project)).toHaveLength(0);
      // --skip-invalid imports the good lines and keeps the report
      const skipped = await importBenchmarkFile(project, caller, tools, { path: bad, format: 'vcbench', mediaDir: media, skipInvalid: true });
      expect(skipped).toMatchObject({ refused: false, importedQuestions: 6 });
      expect(skipped.problems).toHaveLength(2);
      expect(validateFile(bad, 'vcbench').problems).toHaveLength(2);
      await project.close();
    });

    it('a refusal found after the media were probed writes nothing at all; an accepted import is one undo step, videos included', async () => {
      const project = await freshProject('refused-late');
      const lines = dataLines.split('\n');
      // a query time past its video's end is only known once the media are probed
      lines[1] = lines[1]!.replace(/"time": \[([\d.]+)/, '"time": [999999');
      const late = join(dir.path, 'late.jsonl');
      writeFileSync(late, lines.join('\n'));
      const refused = await importBenchmarkFile(project, caller, tools, { path: late, format: 'vcbench', mediaDir: media });
      expect(refused.refused).toBe(true);
      expect(refused.problems.map(formatProblem)).toEqual([expect.stringMatching(/^late\.jsonl:2:query time: 999999 is after the end of /)]);
      expect(await listVideos(project)).toHaveLength(0);
      expect(await project.store.history('ann')).toHaveLength(0);
      const accepted = await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      expect(accepted.importedQuestions).toBe(8);
      expect((await project.store.history('ann')).map((h) => h.label)).toEqual(['Import vcbench_data.jsonl']);
      await project.store.undo('ann');
      expect(await listVideos(project)).toHaveLength(0);
      expect(await count(project, 'questions')).toBe(0);
      await project.close();
    });

    it('imports questions of missing media on placeholder videos, exports them byte for byte, and relinking the folder makes them whole', async () => {
      const project = await freshProject('placeholders');
      const partial = join(dir.path, 'partial-media');
      const first = (JSON.parse(dataLines.split('\n')[0]!) as { video_path: string }).video_path;
      mkdirSync(dirname(join(partial, first)), { recursive: true });
      copyFileSync(join(media, first), join(partial, first));
      const outcome = await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: partial });
      expect(outcome).toMatchObject({ refused: false, importedQuestions: 8, problems: [] });
      expect(outcome.missingMedia.map((m) => m.questions).reduce((a, b) => a + b, 0)).toBe(5);
      const videos = await listVideos(project);
      expect(videos).toHaveLength(5);
      const placeholders = videos.filter((v) => v.fingerprint === null);
      expect(placeholders).toHaveLength(4);
      expect(placeholders.every((v) => v.status === 'missing' && v.duration === null && /placeholder/.test(v.statusMessage ?? ''))).toBe(true);
      // the export works (missing media are listed, not blocking) and gives the file back
      const exported = await exportBenchmark(project, caller, 'vcbench');
      expect(exported.parts.join('')).toBe(dataLines);
      expect(exported.readiness).toMatchObject({ ready: true, counts: { 'missing-media': 5 } });
      // one relink of a placeholder finds the rest of the folder
      const placeholder = placeholders[0]!;
      const relinked = await relinkVideo(project, caller, tools, placeholder.id, join(media, placeholder.relPath.replace(/^.*?media\//, '')));
      expect(relinked).toHaveLength(4);
      expect((await listVideos(project)).every((v) => v.status === 'ok' && v.duration !== null && v.fingerprint !== null)).toBe(true);
      expect((await exportBenchmark(project, caller, 'vcbench')).readiness).toMatchObject({ ready: true, counts: { 'missing-media': 0 } });
      expect((await project.store.undo('ann'))?.label).toBe('Relink 4 videos');
      expect((await listVideos(project)).filter((v) => v.fingerprint === null)).toHaveLength(4);
      await project.close();
    });

    it('maps two names of one file (identical content) to the one video', async () => {
      const project = await freshProject('twins');
      const lines = dataLines.split('\n').filter(Boolean);
      const first = (JSON.parse(lines[0]!) as { video_path: string }).video_path;
      const twin = first.replace(/\.mp4$/, '-copy.mp4');
      copyFileSync(join(media, first), join(media, twin));
      const file = join(dir.path, 'twins.jsonl');
      writeFileSync(file, `${[...lines, lines[0]!.replace(first, twin).replace(/"id": "\d+"/, '"id": "9999"')].join('\n')}\n`);
      const outcome = await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: media });
      expect(outcome).toMatchObject({ refused: false, importedQuestions: 9, missingMedia: [], problems: [] });
      expect(await listVideos(project)).toHaveLength(5);
      const questions = await questionsOfEveryVideo(project);
      expect(questions).toHaveLength(9);
      // each keeps the name its file used
      expect((await exportBenchmark(project, caller, 'vcbench')).parts.join('')).toContain(`"video_path": "${twin}"`);
      await project.close();
    });

    it('importing the same file again skips the questions the profile has (or updates them from the file), and says so', async () => {
      const project = await freshProject('again');
      await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      const marksBefore = await count(project, 'marks');
      const skipped = await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      expect(skipped).toMatchObject({ refused: false, importedQuestions: 0, alreadyPresent: 8, updated: 0 });
      expect(await count(project, 'questions')).toBe(8);
      // the file changed since: one question's wording, and --update brings it in
      const changed = join(dir.path, 'vcbench_changed.jsonl');
      writeFileSync(changed, dataLines.replace('How many pillows are visible at this moment?', 'How many pillows can you see right now?'));
      const updated = await importBenchmarkFile(project, caller, tools, { path: changed, format: 'vcbench', mediaDir: media, existing: 'update' });
      expect(updated).toMatchObject({ refused: false, importedQuestions: 8, alreadyPresent: 8, updated: 8 });
      expect(await count(project, 'questions')).toBe(8);
      expect(await count(project, 'marks')).toBe(marksBefore);
      const texts = (await questionsOfEveryVideo(project)).map((q) => q.text);
      expect(texts).toContain('How many pillows can you see right now?');
      expect(texts).not.toContain('How many pillows are visible at this moment?');
      expect((await exportBenchmark(project, caller, 'vcbench')).parts.join('')).toBe(readFileSync(changed, 'utf8'));
      // one undo brings the old wording back
      expect((await project.store.undo('ann'))?.label).toBe('Import vcbench_changed.jsonl');
      expect((await exportBenchmark(project, caller, 'vcbench')).parts.join('')).toBe(dataLines);
      await project.close();
    });

    it("an update that mixes updated and new questions undoes and redoes whole; a target another question also counts gets the file's marks once", async () => {
      const project = await freshProject('mixed');
      const lines = dataLines.split('\n').filter(Boolean);
      const first = join(dir.path, 'first-line.jsonl');
      writeFileSync(first, `${lines[0]}\n`);
      await importBenchmarkFile(project, caller, tools, { path: first, format: 'vcbench', mediaDir: media });
      const [imported] = await questionsOfEveryVideo(project);
      // a person's own question counting the same target as the imported one
      await annotation.createQuestion(
        project,
        caller,
        imported!.videoId,
        questionFieldsSchema.parse({ profileId: builtinProfileId('vcbench'), text: 'mine', answerKind: 'number', counting: imported!.counting }),
        [],
      );
      const marksOfTarget = () => countOf(project, 'SELECT count(*) AS n FROM marks WHERE target = ?', imported!.counting!.target);
      const before = await marksOfTarget();
      const outcome = await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media, existing: 'update' });
      expect(outcome).toMatchObject({ importedQuestions: 8, updated: 1, alreadyPresent: 1 });
      expect(await marksOfTarget()).toBe(before);
      const after = await count(project, 'questions');
      expect((await project.store.undo('ann'))?.label).toBe('Import vcbench_data.jsonl');
      expect(await count(project, 'questions')).toBe(2);
      expect((await project.store.redo('ann'))?.label).toBe('Import vcbench_data.jsonl');
      expect(await count(project, 'questions')).toBe(after);
      await project.close();
    });

    it('two imports of one file at once bring its questions and placeholders in once', async () => {
      const project = await freshProject('twice-at-once');
      const options = { path: dataFile, format: 'vcbench', mediaDir: join(dir.path, 'nowhere') };
      const [a, b] = await Promise.all([importBenchmarkFile(project, caller, tools, options), importBenchmarkFile(project, caller, tools, options)]);
      expect(a.importedQuestions + b.importedQuestions).toBe(8);
      expect(a.alreadyPresent + b.alreadyPresent).toBe(8);
      expect(await count(project, 'questions')).toBe(8);
      expect(await listVideos(project)).toHaveLength(5);
      await project.close();
    });

    it('reports lines that are not UTF-8 instead of importing U+FFFD', async () => {
      const project = await freshProject('utf8');
      const bytes = Buffer.concat([Buffer.from(dataLines.split('\n')[0]!.replace('pillows', 'pill')), Buffer.from([0xc3, 0x28]), Buffer.from(`ows"\n`)]);
      const file = join(dir.path, 'latin.jsonl');
      writeFileSync(file, Buffer.concat([bytes, Buffer.from(dataLines.split('\n').slice(1).join('\n'))]));
      const outcome = await importBenchmarkFile(project, caller, tools, { path: file, format: 'vcbench', mediaDir: media });
      expect(outcome.refused).toBe(true);
      expect(outcome.problems.map(formatProblem)[0]).toMatch(/^latin\.jsonl:1: not valid UTF-8 \(byte offset \d+\)/);
      expect(await count(project, 'questions')).toBe(0);
      await project.close();
    });

    it('never crashes or writes on garbage (fuzz-style corpus)', async () => {
      const project = await freshProject('garbage');
      const corpus = ['', '\n\n', 'null', '[]', '{}', '{"id": 1}', '\u0000\u0001', '{"a":'.repeat(50), '"just a string"', '[1, 2, 3]', 'x'.repeat(10_000)];
      for (const [i, text] of corpus.entries()) {
        const path = join(dir.path, `garbage-${i}.jsonl`);
        writeFileSync(path, text);
        const outcome = await importBenchmarkFile(project, caller, tools, { path, format: 'vcbench', mediaDir: media });
        expect(outcome.importedQuestions).toBe(0);
        const json = join(dir.path, `garbage-${i}.json`);
        writeFileSync(json, text);
        expect((await importBenchmarkFile(project, caller, tools, { path: json, format: 'phostream', mediaDir: media })).importedQuestions).toBe(0);
      }
      expect(await listVideos(project)).toHaveLength(0);
      await project.close();
    });
  });

  describe('where an export may go', () => {
    it('over an existing file only when asked', async () => {
      const project = await freshProject('overwrite');
      const target = join(dir.path, 'existing.jsonl');
      writeFileSync(target, 'precious');
      await expect(exportToFile(project, caller, { format: 'tidemark', path: target, overwrite: false })).rejects.toThrow(/already exists; choose “Replace the file if it exists”/);
      expect(readFileSync(target, 'utf8')).toBe('precious');
      expect(await exportToFile(project, caller, { format: 'tidemark', path: target, overwrite: true })).toMatchObject({ written: true });
      expect(readFileSync(target, 'utf8')).toMatch(/^\{"tidemark":1/);
      await project.close();
    });
  });

  describe('readiness before export', () => {
    it('refuses a profile with problems unless forced, and says what they are', async () => {
      const project = await freshProject('readiness');
      await importBenchmarkFile(project, caller, tools, { path: dataFile, format: 'vcbench', mediaDir: media });
      expect(await readinessFor(project, caller, 'vcbench')).toMatchObject({ ready: true, questions: 8 });
      const [first] = await questionsOfEveryVideo(project);
      await annotation.updateQuestion(project, caller, first!.id, { status: 'in-review' });
      await annotation.createQuestion(
        project,
        caller,
        (await listVideos(project))[0]!.id,
        questionFieldsSchema.parse({ profileId: builtinProfileId('vcbench'), text: 'drafted', answerKind: 'number' }),
        [],
        'model',
      );
      const report = await readinessFor(project, caller, 'vcbench');
      expect(report.ready).toBe(false);
      expect(report.counts).toMatchObject({ 'not-accepted': 2, 'unedited-draft': 1 });
      expect(report.counts['lint-error']).toBeGreaterThan(0); // the draft has no query point
      await expect(exportBenchmark(project, caller, 'vcbench')).rejects.toThrow(NotReadyError);
      const forced = await exportBenchmark(project, caller, 'vcbench', { force: true });
      // the draft cannot be a VCBench row yet: left out and listed, not written broken
      expect(forced.items).toBe(8);
      expect(forced.parts.join('').trim().split('\n')).toHaveLength(8);
      expect(forced.leftOut).toEqual([{ questionId: expect.any(String), reason: expect.stringMatching(/needs what this question lacks/) }]);
      await project.close();
    });
  });

  describe('VSAS-Bench tasks through a project', () => {
    it('imports captions as the task’s own and exports the task back byte for byte', async () => {
      const task =
        '{"task_id": "cook-01-present", "video_path": "recorded/cook-01.mp4", "category": "Cooking", "task_type": "present", "prompt": "Describe what the cook is doing right now.", "captions": [{"second": 0, "caption": "Slicing onions."}, {"second": 1, "caption": "Slicing onions."}, {"second": 2, "caption": "Adding onions to the pan."}]}\n';
      await stillVideo(join(media, 'recorded', 'cook-01.mp4'), 4, 'orange');
      const file = join(dir.path, 'vsas.jsonl');
      writeFileSync(file, task);
      const project = await freshProject('vsas');
      const outcome = await importBenchmarkFile(project, caller, tools, { path: file, format: 'vsas', mediaDir: media });
      expect(outcome).toMatchObject({ importedQuestions: 1, importedMarks: 3, refused: false });
      const video = (await listVideos(project))[0]!;
      const question = (await project.stores.annotation.questionsOfVideo(video.id))[0]!;
      expect((await project.stores.annotation.marksOfVideo(video.id)).every((m) => m.type === 'caption' && m.target === question.id)).toBe(true);
      expect((await exportBenchmark(project, caller, 'vsas')).parts.join('')).toBe(task);
      await project.close();
    });
  });

  describe('StreamingBench items', () => {
    const file = join(dir.path, 'questions_real.json');
    const entries = [
      {
        time: '[0:00:00 - 0:00:10]',
        questions: [
          {
            task_type: 'Clips Summarize',
            question: 'Which of the following options best summarizes the actions of the individual taken just now?',
            time_stamp: '00:00:31',
            answer: 'C',
            options: ['A. Organized trays', 'B. Washed dishes', 'C. Served food', 'D. Left the room'],
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
      },
    ];

    it('imports into a custom StreamingBench profile grown from the file, in one undoable step', async () => {
      await stillVideo(join(media, 'videos', 'sample_348_real.mp4'), 40, 'purple');
      writeFileSync(file, JSON.stringify(entries, null, 2));
      const project = await freshProject('streaming');
      const outcome = await importBenchmarkFile(project, caller, tools, { path: file, format: 'streamingbench', mediaDir: media });
      expect(outcome).toMatchObject({ importedQuestions: 2, refused: false, problems: [] });
      const video = (await listVideos(project))[0]!;
      const [mcq, proactive] = await project.stores.annotation.questionsOfVideo(video.id);
      expect(mcq).toMatchObject({ taskCode: 'Clips Summarize', answerKind: 'choice', options: { A: 'Organized trays', C: 'Served food' } });
      expect(proactive).toMatchObject({ taskCode: 'Proactive Output', temporalType: 'forward' });
      const stats = await projectStats(project, caller);
      expect(stats[0]).toMatchObject({ profile: 'StreamingBench', questions: 2 });
      expect(stats[0]!.byFacet.required_ability).toEqual({ 'episodic memory': 1, 'working memory': 1 });
      // a second file grows the same profile instead of making another
      writeFileSync(file, JSON.stringify([[{ ...entries[0], questions: [{ ...entries[0]!.questions[0], question: 'What is on the tray right now?', task_type: 'Object Recognition' }] }]]));
      await importBenchmarkFile(project, caller, tools, { path: file, format: 'streamingbench', mediaDir: media });
      const custom = (await projectStats(project, caller)).filter((s) => s.profile === 'StreamingBench');
      expect(custom).toHaveLength(1);
      expect(Object.keys(custom[0]!.byTaskCode).sort()).toEqual(['Clips Summarize', 'Object Recognition', 'Proactive Output']);
      await project.close();
    });

    it('names the field of a malformed question', async () => {
      writeFileSync(file, JSON.stringify([{ ...entries[0], questions: [{ ...entries[0]!.questions[0], time_stamp: 'half past' }] }], null, 2));
      const result = validateFile(file, 'streamingbench');
      expect(result.problems.map(formatProblem)[0]).toMatch(/^questions_real\.json:8:\[0\]\.questions\[0\]\.time_stamp: /);
    });
  });

  describe('OVO-Bench items', () => {
    it('imports multiple choice, REC counts (derived from its intervals) and CRR yes/no probes', async () => {
      const items = [
        {
          id: 0,
          task: 'EPM',
          video: 'Ego4D/clips/ec4a3ba3.mp4',
          realtime: 215,
          question: 'Who did I communicate to when chopping egg plants?',
          answer: 'a person with blue shirt',
          options: ['a person with brown shirt', 'a person with green shirt', 'a person with blue shirt', 'a person with white shirt'],
          gt: 2,
        },
        {
          id: 1558,
          task: 'REC',
          video: 'perception_test/video_4017.mp4',
          activity: 'breaking something',
          start_times: [6],
          end_times: [17],
          test_info: [
            { realtime: 17, count: 1 },
            { realtime: 19, count: 1 },
            { realtime: 32.0, count: 1 },
          ],
        },
        {
          id: 1468,
          task: 'CRR',
          video: 'MovieNet/tt0048028.mp4',
          question: 'The woman in a black coat walks towards the car. What does she do?',
          answer: 'She walks past the car.',
          ask_time: 297,
          clue_time: 308,
          test_info: [
            { realtime: 297, type: 0 },
            { realtime: 302, type: 0 },
            { realtime: 310, type: 1 },
          ],
        },
      ];
      for (const [i, v] of ['Ego4D/clips/ec4a3ba3.mp4', 'perception_test/video_4017.mp4', 'MovieNet/tt0048028.mp4'].entries()) await stillVideo(join(media, v), 320, ['navy', 'olive', 'teal'][i]!);
      const file = join(dir.path, 'ovo_bench_new.json');
      writeFileSync(file, JSON.stringify(items, null, 2));
      const project = await freshProject('ovo-bench');
      const outcome = await importBenchmarkFile(project, caller, tools, { path: file, format: 'ovo-bench', mediaDir: media });
      expect(outcome).toMatchObject({ importedQuestions: 3, importedMarks: 1, refused: false, problems: [] });
      const questions = (await Promise.all((await listVideos(project)).map(async (v) => (await project.stores.annotation.questionsOfVideo(v.id)).map((q) => ({ q, v }))))).flat();
      const epm = questions.find(({ q }) => q.taskCode === 'EPM')!.q;
      expect(epm.options).toMatchObject({ C: 'a person with blue shirt' });
      const rec = questions.find(({ q }) => q.taskCode === 'REC')!;
      const recMarks = await project.stores.annotation.marksOfVideo(rec.v.id);
      expect(recMarks.map((m) => [m.type, m.start, m.end])).toEqual([['span', 6, 17]]);
      const [stats] = await projectStats(project, caller);
      expect(stats).toMatchObject({ profile: 'OVO-Bench', questions: 3, queryPoints: 7 });
      expect(stats!.byTopCategory).toEqual({ Backward: 1, Forward: 2 });
      // a second import grows nothing twice
      await importBenchmarkFile(project, caller, tools, { path: file, format: 'ovo-bench', mediaDir: media });
      const profile = (await project.stores.profiles.list()).find((p) => p.name === 'OVO-Bench')!;
      expect(profile.taxonomy.map((n) => n.code)).toEqual(['Backward', 'Real-time', 'Forward']);
      await project.close();
    });
  });
});
