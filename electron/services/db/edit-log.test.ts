import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Pacer } from '../pacer';
import { builtinProfileId } from '../profiles/builtin';
import { tempDir } from '../test-support/fixtures';
import { countOf, ENGINES, insertTestVideo, openTestProject, rawEdit } from '../test-support/project';
import { logParts, MAX_UNDO_STEPS, type InsertedRows, type LoggedChange } from './edit-log';

/** Parsed parts with the runs of inserted keys they were split into joined again. */
function joined(parts: readonly string[]): LoggedChange[] {
  const out: LoggedChange[] = [];
  for (const change of parts.flatMap((part) => JSON.parse(part) as LoggedChange[])) {
    const last = out.at(-1);
    if ('inserted' in change && last && 'inserted' in last && last.table === change.table && last.columns.join() === change.columns.join()) last.inserted.push(...change.inserted);
    else out.push(change);
  }
  return out;
}

describe('logParts', () => {
  it('stores the changes as JSON arrays of about a megabyte, long runs of inserted keys split, made a slice at a time', async () => {
    const keys = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => [`${prefix}-${randomUUID()}-${i}`, i * 7919] as [string, number]);
    const changes: LoggedChange[] = [
      { table: 'profiles', key: 'p', before: null, after: { id: 'p', name: 'P "quoted"', builtin: 0 } },
      { table: 'questions', columns: ['id', 'fields'], inserted: keys(45_001, 'q') },
      { table: 'query_points', columns: ['id'], inserted: [] },
      { table: 'query_points', columns: ['id', 'time'], inserted: keys(3, 'p') },
      { table: 'marks', key: 'm', before: { id: 'm', start: 1.5, end: null }, after: null },
    ];
    const parts = await logParts(changes, new Pacer());
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThan(1.6 * 2 ** 20);
    expect(joined(parts)).toEqual(changes);
    // no entry of a part holds more than ten thousand keys
    for (const change of parts.flatMap((part) => JSON.parse(part) as LoggedChange[])) if ('inserted' in change) expect((change as InsertedRows).inserted.length).toBeLessThanOrEqual(10_000);
    expect(await logParts([], new Pacer())).toEqual(['[]']);
    expect(await logParts(changes.slice(0, 1), new Pacer())).toEqual([JSON.stringify(changes.slice(0, 1))]);
  });
});

describe.each(ENGINES)('a long edit logged in parts (%s)', (engine) => {
  it('undoes, redoes and undoes again an edit whose log spans parts, and a new edit drops the undone one with its parts', async () => {
    const dir = tempDir();
    const project = await openTestProject(join(dir.path, 'p.tidemark'), engine);
    try {
      const videoId = await insertTestVideo(project);
      const profileId = builtinProfileId('ovo-s-bench');
      const count = 40_000;
      await rawEdit(project, 'ann', 'Import many', async (tx) => {
        for (let i = 0; i < count; i++) {
          const id = `q${i}-${randomUUID()}`;
          await tx.insert('questions', {
            id,
            video_id: videoId,
            profile_id: profileId,
            fields: JSON.stringify({ text: `question ${i}` }),
            provenance: '{}',
            created_by: 'ann',
            created_at: 't',
            updated_at: 't',
          });
          await tx.insert('query_points', { id: `p${i}-${randomUUID()}`, question_id: id, time: i / 100, fields: '{}' });
        }
      });
      const partsOf = () => countOf(project, "SELECT count(*) AS n FROM edit_log_parts p JOIN edit_log e USING (seq) WHERE e.label = 'Import many'");
      const rows = () => countOf(project, 'SELECT (SELECT count(*) FROM questions) + (SELECT count(*) FROM query_points) AS n');
      expect(await partsOf()).toBeGreaterThan(0);
      expect(await rows()).toBe(2 * count);

      expect((await project.store.undo('ann'))?.changes).toHaveLength(2 * count);
      expect(await rows()).toBe(0);
      // once undone, the entry holds the rows themselves: more parts
      const undoneParts = await partsOf();
      expect(undoneParts).toBeGreaterThan(2);
      await project.store.redo('ann');
      expect(await rows()).toBe(2 * count);
      await project.store.undo('ann');
      expect(await partsOf()).toBe(undoneParts);

      // a new edit ends what could be redone: the entry and every part of it go
      await rawEdit(project, 'ann', 'One more', (tx) =>
        tx.insert('questions', { id: 'one', video_id: videoId, profile_id: profileId, fields: '{}', provenance: '{}', created_by: 'ann', created_at: 't', updated_at: 't' }),
      );
      expect(await countOf(project, 'SELECT count(*) AS n FROM edit_log_parts')).toBe(0);
      expect(await project.store.redo('ann')).toBeNull();
    } finally {
      await project.close();
      dir.remove();
    }
  });
});

describe.each(ENGINES)('undoing and redoing a removal whose log alternates tables (%s)', (engine) => {
  it('puts every row back (parents first) and takes them out again (children first), as they were', async () => {
    const dir = tempDir();
    const project = await openTestProject(join(dir.path, 'p.tidemark'), engine);
    try {
      const videoId = await insertTestVideo(project);
      const profileId = builtinProfileId('ovo-s-bench');
      await rawEdit(project, 'ann', 'Questions', async (tx) => {
        for (let i = 0; i < 300; i++) {
          await tx.put('questions', { id: `q${i}`, video_id: videoId, profile_id: profileId, fields: '{}', provenance: '{}', created_by: 'ann', created_at: 't', updated_at: 't' });
          for (const time of [i, i + 0.5]) await tx.put('query_points', { id: `p${i}-${time}`, question_id: `q${i}`, time, fields: '{}' });
          await tx.put('reviews', { id: `r${i}`, question_id: `q${i}`, reviewer: 'rev', fields: '{}', created_at: 't', updated_at: 't' });
        }
      });
      // every row as stored (a project file gives rows put back a new place: compared in any order)
      const all = async (): Promise<string[]> => {
        const rows: string[] = [];
        for (const table of ['videos', 'questions', 'query_points', 'reviews'] as const) for await (const row of project.stores.exchange.scan(table)) rows.push(`${table} ${JSON.stringify(row)}`);
        return rows.sort();
      };
      const before = await all();
      // as removing a video does: each question's children, then the question, question after question
      await rawEdit(project, 'ann', 'Remove', async (tx) => {
        for (let i = 0; i < 300; i++) {
          await tx.remove('reviews', `r${i}`);
          for (const time of [i, i + 0.5]) await tx.remove('query_points', `p${i}-${time}`);
          await tx.remove('questions', `q${i}`);
        }
        await tx.remove('videos', videoId);
      });
      const none = async () => countOf(project, 'SELECT (SELECT count(*) FROM questions) + (SELECT count(*) FROM query_points) + (SELECT count(*) FROM reviews) + (SELECT count(*) FROM videos) AS n');
      expect(await none()).toBe(0);
      expect((await project.store.undo('ann'))?.changes).toHaveLength(1201);
      expect(await all()).toEqual(before);
      await project.store.redo('ann');
      expect(await none()).toBe(0);
      await project.store.undo('ann');
      expect(await all()).toEqual(before);
      // and the edit that made them, undone as a whole: children before their questions
      await project.store.undo('ann');
      expect(await countOf(project, 'SELECT count(*) AS n FROM questions')).toBe(0);
      await project.store.redo('ann');
      expect(await all()).toEqual(before);
    } finally {
      await project.close();
      dir.remove();
    }
  });
});

describe.each(ENGINES)('the steps kept per person (%s)', (engine) => {
  it(`keeps a person's newest ${MAX_UNDO_STEPS} edits and drops what a new edit makes impossible to redo`, async () => {
    const dir = tempDir();
    const project = await openTestProject(join(dir.path, 'p.tidemark'), engine);
    try {
      const steps = () => countOf(project, "SELECT count(*) AS n FROM edit_log WHERE person = 'ann'");
      for (let i = 0; i <= MAX_UNDO_STEPS; i++) await rawEdit(project, 'ann', `Step ${i}`, (tx) => tx.put('people', { id: 'p', name: `P${i}`, roles: '[]', created_at: 't' }));
      await rawEdit(project, 'bo', 'His', (tx) => tx.put('people', { id: 'b', name: 'Bo', roles: '[]', created_at: 't' }));
      expect(await steps()).toBe(MAX_UNDO_STEPS);
      expect((await project.store.history('ann', 1))[0]?.label).toBe(`Step ${MAX_UNDO_STEPS}`);
      await project.store.undo('ann');
      await project.store.undo('ann');
      await rawEdit(project, 'ann', 'After', (tx) => tx.put('people', { id: 'p', name: 'After', roles: '[]', created_at: 't' }));
      // the two undone are gone, the new one is in: two fewer and one more
      expect(await steps()).toBe(MAX_UNDO_STEPS - 1);
      expect(await project.store.redo('ann')).toBeNull();
      expect(await countOf(project, "SELECT count(*) AS n FROM edit_log WHERE person = 'bo'")).toBe(1);
    } finally {
      await project.close();
      dir.remove();
    }
  });
});
