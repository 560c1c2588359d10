import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { formatProblem } from '../../../shared/formats/problems';
import { questionFieldsSchema, queryPointFieldsSchema, type QuestionFields } from '../../../shared/questions';
import type { ReviewFields } from '../../../shared/reviews';
import * as annotation from '../annotation/service';
import { builtinProfileId } from '../profiles/builtin';
import { createProfile } from '../profiles/service';
import { savePerson, setPassphrase } from '../review/people';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, insertTestVideo, openTestProject, rawEdit, type Engine } from '../test-support/project';
import { exportTidemarkJsonl, importTidemarkJsonl } from './tidemark-jsonl';
import { listVideos } from '../videos/library';

const lead: Caller = { person: 'lee', role: 'lead' };
const dir = tempDir();
afterAll(() => dir.remove());

const question = (input: Partial<QuestionFields> & { profileId: string }): QuestionFields => questionFieldsSchema.parse(input);
const points = (list: unknown[]) => list.map((p) => queryPointFieldsSchema.parse(p));

async function populated(engine: Engine): Promise<Project> {
  const project = await openTestProject(join(dir.path, `source-${randomUUID()}.tidemark`), engine, { name: 'Source' });
  // people, one protecting their name (the passphrase stays in this file)
  await savePerson(project, lead, 'rev', ['reviewer']);
  await setPassphrase(project, lead, 'lees own secret', null);
  const videoId = await insertTestVideo(project, { relPath: 'media/v.mp4', fileSize: 10, audioCodec: 'aac' });
  await annotation.createMarks(project, lead, videoId, [
    { type: 'cycle', start: 1, end: 4, target: 'laps', data: { splits: [2.5] } },
    { type: 'identity', start: 3, end: null, target: 'people', data: { label: 'red coat', note: 'enters left', crop: { x: 0.1, y: 0.1, w: 0.2, h: 0.4 } } },
    { type: 'caption', start: 0, end: 1, target: 'task', data: { text: 'a cook — “quoted” ünïcode' } },
  ]);
  const custom = await createProfile(project, lead, 'Kitchen', builtinProfileId('vcbench'));
  const { question: laps } = await annotation.createQuestion(
    project,
    lead,
    videoId,
    question({ profileId: custom.id, text: 'How many laps?', answerKind: 'number', counting: { subcategory: 'E2-Periodic', target: 'laps', windowSeconds: null } }),
    points([{ time: 5 }, { time: 10, evidence: [[1, 4]] }, { time: 20 }]),
    'model',
  );
  await annotation.updateQuestion(project, lead, laps.id, { text: 'How many laps so far?' });
  const forward = await annotation.createQuestion(
    project,
    lead,
    videoId,
    question({ profileId: builtinProfileId('phostream'), text: 'Tell me when…', answerKind: 'text', temporalType: 'forward' }),
    points([{ time: 7, proactiveTime: 9, answer: 'now' }]),
  );
  // a blind review (reviews have no editor yet; rows are written the way the edit log writes any)
  const fields: ReviewFields = {
    round: 1,
    answers: [{ queryPointId: forward.queryPoints[0]!.id, answer: 'now' }],
    verdict: 'revise',
    reason: 'T_p is a second late',
    notes: '',
    secondsSpent: 42.5,
    guidelineVersion: null,
    against: null,
  };
  await rawEdit(project, 'rev', 'Review', (tx) =>
    tx.insert('reviews', { id: randomUUID(), question_id: forward.question.id, reviewer: 'rev', fields: JSON.stringify(fields), created_at: 'a', updated_at: 'a' }),
  );
  return project;
}

describe.each(ENGINES)('Tidemark JSONL (%s)', (engine) => {
  it('export → import into a fresh project → export is byte-identical', async () => {
    const source = await populated(engine);
    const first = (await exportTidemarkJsonl(source, lead)).parts.join('');
    await source.close();
    const file = join(dir.path, `project-${engine}.jsonl`);
    writeFileSync(file, first);
    const target = await openTestProject(join(dir.path, `target-${engine}.tidemark`), engine, { name: 'Source' });
    const outcome = await importTidemarkJsonl(target, lead, file);
    expect(outcome).toMatchObject({ refused: false, problems: [] });
    expect((await exportTidemarkJsonl(target, lead)).parts.join('')).toBe(first);
    const videoId = (await listVideos(target))[0]!.id;
    expect((await target.stores.annotation.questionsOfVideo(videoId)).map((q) => [q.text, q.provenance.text])).toEqual([
      ['How many laps so far?', 'edited'],
      ['Tell me when…', 'human'],
    ]);
    expect(await target.stores.annotation.marksOfVideo(videoId)).toHaveLength(3);
    expect(await target.stores.review.allReviews()).toEqual([expect.objectContaining({ verdict: 'revise', secondsSpent: 42.5 })]);
    // one undo step takes the whole import back
    await target.store.undo('lee');
    expect(await listVideos(target)).toHaveLength(0);
    await target.close();
  });

  it('leaves passphrases out, and a re-import of its own export changes nothing (people included)', async () => {
    const source = await populated(engine);
    const text = (await exportTidemarkJsonl(source, lead)).parts.join('');
    expect(text).not.toContain('passphrase');
    expect(text).toContain('"table":"people"');
    const file = join(dir.path, `again-${randomUUID()}.jsonl`);
    writeFileSync(file, text);
    const outcome = await importTidemarkJsonl(source, lead, file);
    expect(outcome).toMatchObject({ refused: false, problems: [], imported: 0, alreadyPresent: outcome.rows });
    expect((await source.stores.review.person('lee'))?.hasPassphrase).toBe(true);
    await source.close();
  });

  it('lets only a lead bring in people, guidelines, rounds, reviews and adjudications (a person listed as lead could then be signed in as)', async () => {
    const source = await populated(engine);
    const lines = (await exportTidemarkJsonl(source, lead)).parts.join('').split('\n');
    await source.close();
    const file = join(dir.path, `people-${randomUUID()}.jsonl`);
    const mallory = { id: randomUUID(), name: 'Mallory', roles: '["lead"]', created_at: 'now' };
    writeFileSync(file, [lines[0], JSON.stringify({ table: 'people', row: mallory })].join('\n'));
    const target = await openTestProject(join(dir.path, `target-${randomUUID()}.tidemark`), engine);
    const annotator: Caller = { person: 'ann', role: 'annotator' };
    const outcome = await importTidemarkJsonl(target, annotator, file);
    expect(outcome.refused).toBe(true);
    expect(outcome.problems.map(formatProblem)).toEqual([
      `people-${file.split('people-')[1]}:2:table: only a lead imports people, guidelines, review rounds, reviews and adjudications (you are working as annotator)`,
    ]);
    expect(await target.stores.review.person('Mallory')).toBeNull();
    expect(await importTidemarkJsonl(target, lead, file)).toMatchObject({ refused: false, imported: 1 });
    await target.close();
  });

  it('refuses bad lines and conflicting rows, naming file, line and field, and writes nothing', async () => {
    const source = await populated(engine);
    const lines = (await exportTidemarkJsonl(source, lead)).parts.join('').split('\n');
    await source.close();
    const markLine = lines.findIndex((l) => l.includes('"table":"marks"'));
    lines[markLine] = lines[markLine]!.replace('"type":"cycle"', '"type":"loop"');
    const file = join(dir.path, 'bad.jsonl');
    writeFileSync(file, lines.join('\n'));
    const target = await openTestProject(join(dir.path, `target-bad-${engine}.tidemark`), engine);
    const outcome = await importTidemarkJsonl(target, lead, file);
    expect(outcome.refused).toBe(true);
    expect(outcome.problems.map(formatProblem)).toEqual([expect.stringMatching(new RegExp(`^bad\\.jsonl:${markLine + 1}:row\\.type: `))]);
    expect(await listVideos(target)).toHaveLength(0);
    // the same file twice: the second time everything is already there, and nothing changes
    lines[markLine] = lines[markLine]!.replace('"type":"loop"', '"type":"cycle"');
    writeFileSync(file, lines.join('\n'));
    const first = await importTidemarkJsonl(target, lead, file);
    expect(first).toMatchObject({ refused: false, alreadyPresent: 5 }); // the five built-in profiles
    const again = await importTidemarkJsonl(target, lead, file);
    expect(again).toMatchObject({ refused: false, imported: 0, alreadyPresent: first.rows, problems: [] });
    expect(await target.store.history('lee')).toHaveLength(1);
    // a row whose id the project has with other content is a conflict, named by its line
    const changed = lines.map((l, i) => (i === markLine ? l.replace('"start":1', '"start":1.5') : l));
    writeFileSync(file, changed.join('\n'));
    const conflict = await importTidemarkJsonl(target, lead, file);
    expect(conflict.refused).toBe(true);
    expect(conflict.problems.map(formatProblem)).toEqual([expect.stringMatching(new RegExp(`^bad\\.jsonl:${markLine + 1}:row\\.id: marks .* already in this project with other content`))]);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^\{"tidemark":1,"table":"project"/);
    await target.close();
  });

  it('names the line of a duplicate row and of a row whose parent is nowhere, instead of failing in SQLite', async () => {
    const source = await populated(engine);
    const lines = (await exportTidemarkJsonl(source, lead)).parts.join('').trimEnd().split('\n');
    await source.close();
    const markLine = lines.findIndex((l) => l.includes('"table":"marks"'));
    const orphan = JSON.parse(lines[markLine]!) as { row: { id: string; video_id: string } };
    orphan.row.id = 'orphan';
    orphan.row.video_id = 'no-such-video';
    const file = join(dir.path, 'dupes.jsonl');
    writeFileSync(file, [...lines, lines[markLine], JSON.stringify(orphan)].join('\n'));
    const target = await openTestProject(join(dir.path, `target-dupes-${engine}.tidemark`), engine);
    const outcome = await importTidemarkJsonl(target, lead, file);
    expect(outcome.refused).toBe(true);
    expect(outcome.problems.map(formatProblem)).toEqual([
      expect.stringMatching(new RegExp(`^dupes\\.jsonl:${lines.length + 1}:row\\.id: marks .* appears twice \\(first on line ${markLine + 1}\\)$`)),
      `dupes.jsonl:${lines.length + 2}:row.video_id: no video no-such-video in the file (before this line) or the project`,
    ]);
    // skipping them imports the rest
    expect(await importTidemarkJsonl(target, lead, file, { skipInvalid: true })).toMatchObject({ refused: false, imported: lines.length - 1 - 5 });
    await target.close();
  });
});
