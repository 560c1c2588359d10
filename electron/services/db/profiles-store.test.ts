// The profile store on both engines, through its interface (ProfileStore, and ProfileWrites inside an edit).
import { describe, expect, it } from 'vitest';
import { blankCustomProfile, type Profile } from '../../../shared/profiles';
import { builtinProfileId } from '../profiles/builtin';
import type { Project } from '../projects/project';
import { ENGINES, insertTestVideo, newProjectEachTest, rawEdit } from '../test-support/project';

const custom = (id: string, name: string): Profile => ({ ...blankCustomProfile(name), id, builtin: false, taxonomy: [{ code: 'T1', name: 'Task one', children: [] }] });

describe.each(ENGINES)('the profile store (%s)', (engine) => {
  let project: Project;
  newProjectEachTest((p) => void (project = p), engine);

  it('lists the built-in profiles first, then the others by name; gets one by id, or null', async () => {
    await project.edit('ann', 'Add two', async (w) => {
      await w.profiles.put(custom('b', 'Beta'));
      await w.profiles.put(custom('a', 'Alpha'));
    });
    const listed = await project.stores.profiles.list();
    expect(listed.slice(0, 5).every((p) => p.builtin)).toBe(true);
    expect(listed.slice(5).map((p) => p.name)).toEqual(['Alpha', 'Beta']);
    expect(await project.stores.profiles.get('a')).toEqual(custom('a', 'Alpha'));
    expect((await project.stores.profiles.get(builtinProfileId('vcbench')))?.kind).toBe('vcbench');
    expect(await project.stores.profiles.get('nowhere')).toBeNull();
  });

  it('puts, replaces and removes a profile, each an undoable edit', async () => {
    const alpha = custom('a', 'Alpha');
    await project.edit('ann', 'Add', (w) => w.profiles.put(alpha));
    const renamed = { ...alpha, name: 'Alpha 2', rules: { ...alpha.rules, facets: { size: ['big'] } } };
    await project.edit('ann', 'Rename', (w) => w.profiles.put(renamed));
    expect(await project.stores.profiles.get('a')).toEqual(renamed);
    expect((await project.store.undo('ann'))?.label).toBe('Rename');
    expect(await project.stores.profiles.get('a')).toEqual(alpha);
    expect((await project.store.undo('ann'))?.label).toBe('Add');
    expect(await project.stores.profiles.get('a')).toBeNull();
    await project.store.redo('ann');
    await project.edit('ann', 'Remove', (w) => w.profiles.remove('a'));
    expect(await project.stores.profiles.get('a')).toBeNull();
    await project.store.undo('ann');
    expect(await project.stores.profiles.get('a')).toEqual(alpha);
  });

  it('adds a profile as inserted rows, undone like a put', async () => {
    await project.edit('ann', 'Import', (w) => w.profiles.add(custom('i', 'Imported')));
    expect((await project.stores.profiles.get('i'))?.name).toBe('Imported');
    await project.store.undo('ann');
    expect(await project.stores.profiles.get('i')).toBeNull();
  });

  it('reads inside an edit see its writes; the committed view sees them once it commits', async () => {
    await project.edit('ann', 'Add', async (w) => {
      await w.profiles.put(custom('a', 'Alpha'));
      expect((await w.profiles.get('a'))?.name).toBe('Alpha');
      expect(await project.stores.profiles.get('a')).toBeNull();
    });
    expect((await project.stores.profiles.get('a'))?.name).toBe('Alpha');
  });

  it('counts the questions that use a profile, inside the edit', async () => {
    const videoId = await insertTestVideo(project);
    const profileId = builtinProfileId('ovo-s-bench');
    await rawEdit(project, 'ann', 'Add question', (tx) =>
      tx.put('questions', { id: 'q', video_id: videoId, profile_id: profileId, fields: JSON.stringify({ text: 'q' }), provenance: '{}', created_by: 'ann', created_at: 't', updated_at: 't' }),
    );
    expect(await project.edit('ann', 'Count', (w) => w.profiles.questionsUsing(profileId))).toBe(1);
    expect(await project.edit('ann', 'Count', (w) => w.profiles.questionsUsing(builtinProfileId('vcbench')))).toBe(0);
  });

  it('reads through a snapshot what was committed when it began', async () => {
    await project.edit('ann', 'Add', (w) => w.profiles.put(custom('a', 'Alpha')));
    const names = await project.snapshot(async (stores) => {
      const before = (await stores.profiles.get('a'))?.name;
      await project.edit('ann', 'Rename', (w) => w.profiles.put(custom('a', 'Renamed')));
      return [before, (await stores.profiles.get('a'))?.name];
    });
    expect(names).toEqual(['Alpha', 'Alpha']);
    expect((await project.stores.profiles.get('a'))?.name).toBe('Renamed');
  });
});
