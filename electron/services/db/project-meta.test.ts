// A project's meta (where things were left, its name) on both engines: written outside the edit log,
// and read-and-written in one turn so that two changes at once both stand.
import { describe, expect, it } from 'vitest';
import type { Project } from '../projects/project';
import { ENGINES, newProjectEachTest } from '../test-support/project';

describe.each(ENGINES)('a project’s meta (%s)', (engine) => {
  let project: Project;
  newProjectEachTest((p) => void (project = p), engine);

  it('sets, reads and clears a value, outside the edit log', async () => {
    await project.store.setMeta('note', 'hello');
    expect(await project.store.getMeta('note')).toBe('hello');
    await project.store.setMeta('note', null);
    expect(await project.store.getMeta('note')).toBeNull();
    expect(await project.store.history('anyone')).toEqual([]);
  });

  it('loses none of twenty changes made at once to one value (a person’s view state: a pan and a select together)', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => project.store.updateMeta('view-state:ann', (stored) => JSON.stringify({ ...(JSON.parse(stored ?? '{}') as object), [`v${i}`]: i }))));
    expect(Object.keys(JSON.parse((await project.store.getMeta('view-state:ann'))!) as object)).toHaveLength(20);
  });
});
