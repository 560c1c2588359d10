import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { formatProblem } from '../../../shared/formats/json-text';
import * as annotation from '../annotation/annotation';
import { edit, undo } from '../annotation/edit-log';
import type { ReviewFields } from '../../../shared/reviews';
import { builtinProfileId, listMarks, listQuestions } from '../annotation/rows';
import { Project } from '../project';
import { tempDir } from '../test-support/fixtures';
import { exportTidemarkJsonl, importTidemarkJsonl } from './tidemark-jsonl';

const lead: Caller = { person: 'lee', role: 'lead' };
const dir = tempDir();
afterAll(() => dir.remove());

function populated(): Project {
  const project = Project.open(join(dir.path, `source-${randomUUID()}.tidemark`), { create: true, name: 'Source' });
  const videoId = randomUUID();
  project.videos.insert({ id: videoId, name: 'v.mp4', relPath: 'media/v.mp4', fingerprint: randomUUID(), fileSize: 10, duration: 60, fps: 30, fpsRational: '30/1', variableFps: false, width: 640, height: 360, codec: 'h264', audioCodec: 'aac', container: 'mp4' });
  annotation.createMarks(project, lead, videoId, [
    { type: 'cycle', start: 1, end: 4, target: 'laps', data: { splits: [2.5] } },
    { type: 'identity', start: 3, end: null, target: 'people', data: { label: 'red coat', note: 'enters left', crop: { x: 0.1, y: 0.1, w: 0.2, h: 0.4 } } },
    { type: 'caption', start: 0, end: 1, target: 'task', data: { text: 'a cook — “quoted” ünïcode' } },
  ]);
  const custom = annotation.createProfile(project, lead, 'Kitchen', builtinProfileId('vcbench'));
  const { question } = annotation.createQuestion(project, lead, videoId, { profileId: custom.id, text: 'How many laps?', answerKind: 'number', counting: { subcategory: 'E2-Periodic', target: 'laps', windowSeconds: null } }, [{ time: 5 }, { time: 10, evidence: [[1, 4]] }, { time: 20 }], 'model');
  annotation.updateQuestion(project, lead, question.id, { text: 'How many laps so far?' });
  const forward = annotation.createQuestion(project, lead, videoId, { profileId: builtinProfileId('phostream'), text: 'Tell me when…', answerKind: 'text', temporalType: 'forward' }, [{ time: 7, proactiveTime: 9, answer: 'now' }]);
  // a blind review (reviews have no editor yet; rows are written the way the edit log writes any)
  const fields: ReviewFields = { round: 1, answers: [{ queryPointId: forward.queryPoints[0]!.id, answer: 'now' }], verdict: 'revise', reason: 'T_p is a second late', notes: '', secondsSpent: 42.5 };
  edit(project.db, 'rev', 'Review', (tx) => tx.insert('reviews', { id: randomUUID(), question_id: forward.question.id, reviewer: 'rev', fields: JSON.stringify(fields), created_at: 'a', updated_at: 'a' }));
  return project;
}

describe('Tidemark JSONL', () => {
  it('export → import into a fresh project → export is byte-identical', () => {
    const source = populated();
    const first = exportTidemarkJsonl(source).text;
    source.close();
    const file = join(dir.path, 'project.jsonl');
    writeFileSync(file, first);
    const target = Project.open(join(dir.path, 'target.tidemark'), { create: true, name: 'Source' });
    const outcome = importTidemarkJsonl(target, lead, file);
    expect(outcome).toMatchObject({ refused: false, problems: [] });
    expect(exportTidemarkJsonl(target).text).toBe(first);
    const videoId = target.videos.list()[0]!.id;
    expect(listQuestions(target.db, videoId).map((q) => [q.text, q.provenance.text])).toEqual([
      ['How many laps so far?', 'edited'],
      ['Tell me when…', 'human'],
    ]);
    expect(listMarks(target.db, videoId)).toHaveLength(3);
    expect(JSON.parse((target.db.prepare('SELECT fields FROM reviews').get() as { fields: string }).fields)).toMatchObject({ verdict: 'revise', secondsSpent: 42.5 });
    // one undo step takes the whole import back
    undo(target.db, 'lee');
    expect(target.videos.list()).toHaveLength(0);
    target.close();
  });

  it('refuses bad lines and conflicting rows, naming file, line and field, and writes nothing', () => {
    const source = populated();
    const lines = exportTidemarkJsonl(source).text.split('\n');
    source.close();
    const markLine = lines.findIndex((l) => l.includes('"table":"marks"'));
    lines[markLine] = lines[markLine]!.replace('"type":"cycle"', '"type":"loop"');
    const file = join(dir.path, 'bad.jsonl');
    writeFileSync(file, lines.join('\n'));
    const target = Project.open(join(dir.path, 'target-bad.tidemark'), { create: true });
    const outcome = importTidemarkJsonl(target, lead, file);
    expect(outcome.refused).toBe(true);
    expect(outcome.problems.map(formatProblem)).toEqual([expect.stringMatching(new RegExp(`^bad\\.jsonl:${markLine + 1}:row\\.type: `))]);
    expect(target.videos.list()).toHaveLength(0);
    // the same file twice: everything is already there
    lines[markLine] = lines[markLine]!.replace('"type":"loop"', '"type":"cycle"');
    writeFileSync(file, lines.join('\n'));
    expect(importTidemarkJsonl(target, lead, file).refused).toBe(false);
    const again = importTidemarkJsonl(target, lead, file);
    expect(again.refused).toBe(true);
    expect(again.problems[0]!.reason).toMatch(/already in this project/);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^\{"tidemark":1,"table":"project"/);
    target.close();
  });
});
