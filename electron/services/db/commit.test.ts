import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { Checkpointer } from './checkpointer';
import { LARGE_WRITE } from './commit';
import { ProjectStore } from './project-store';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => {
  vi.restoreAllMocks();
  dir.remove();
});

const profile = (i: number) => ({ id: `p${i}`, kind: 'custom', name: `P${i}`, definition: '{}', builtin: 0 });
const count = (store: ProjectStore) => store.db.query<{ n: number }>('SELECT count(*) AS n FROM profiles').get()!.n;

describe('Checkpointer', () => {
  it('checkpoints a project file on a thread of its own, with the better-sqlite3 this process loaded', async () => {
    const path = join(dir.path, 'a.tidemark');
    const store = ProjectStore.open(path, { create: true });
    await store.editRows('ann', 'one', (tx) => tx.insert('profiles', profile(1)));
    const checkpointer = Checkpointer.start(path);
    expect(checkpointer).not.toBeNull();
    expect(await checkpointer!.run()).toBe(true);
    await checkpointer!.close();
    expect(checkpointer!.broken).toBe(true); // closed: nothing left to ask
    expect(await checkpointer!.run()).toBe(false);
    await store.close();
  });
});

describe('committing', () => {
  it('a large edit is checkpointed by the worker, a small one by SQLite as before; both are there after a reopen', async () => {
    const path = join(dir.path, 'large.tidemark');
    const runs = vi.spyOn(Checkpointer.prototype, 'run');
    const store = ProjectStore.open(path, { create: true });
    await store.editRows('ann', 'small', (tx) => tx.insert('profiles', profile(-1)));
    expect(runs).not.toHaveBeenCalled();
    await store.editRows('ann', 'large', (tx) => {
      for (let i = 0; i < LARGE_WRITE; i++) tx.insert('profiles', profile(i));
    });
    expect(count(store)).toBe(LARGE_WRITE + 1);
    expect(runs).toHaveBeenCalledTimes(1);
    expect(await runs.mock.results[0]!.value).toBe(true);
    // edits go on meanwhile, and the large one is one undo step
    await store.editRows('bob', 'small again', (tx) => tx.insert('profiles', profile(-2)));
    await store.undo('ann');
    expect(count(store)).toBe(2);
    await store.redo('ann');
    await store.close();
    const reopened = new Database(path, { readonly: true });
    expect(reopened.prepare('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: LARGE_WRITE + 2 });
    reopened.close();
  });

  it('hands SQLite its own checkpoints back after the next commit when the folding ends in the middle of an edit reading on the writer', async () => {
    const runs = vi.spyOn(Checkpointer.prototype, 'run');
    const store = ProjectStore.open(join(dir.path, 'busy.tidemark'), { create: true });
    const autocheckpoint = () => (store as unknown as { writer: { connection: Database.Database } }).writer.connection.pragma('wal_autocheckpoint', { simple: true });
    await store.editRows('ann', 'large', (tx) => {
      for (let i = 0; i < LARGE_WRITE; i++) tx.insert('profiles', profile(i));
    });
    const folded = runs.mock.results[0]!.value as Promise<boolean>;
    await store.editRows('bob', 'while folding', async (tx) => {
      // a statement still being read on the writer: the connection refuses a pragma meanwhile
      const rows = tx.db.query<{ id: string }>('SELECT id FROM profiles').iterate();
      rows.next();
      expect(await folded).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      rows.return?.();
      expect(autocheckpoint()).toBe(0);
      tx.insert('profiles', profile(-5));
    });
    expect(autocheckpoint()).toBe(1000);
    await store.close();
  });

  it('a large edit that fails leaves nothing behind', async () => {
    const store = ProjectStore.open(join(dir.path, 'failed.tidemark'), { create: true });
    const failing = store.editRows('ann', 'large', (tx) => {
      for (let i = 0; i < LARGE_WRITE; i++) tx.insert('profiles', profile(i));
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow(/changed my mind/);
    expect(count(store)).toBe(0);
    await store.close();
  });

  it('without a worker, a large edit is checkpointed by SQLite in the commit, as before', async () => {
    vi.spyOn(Checkpointer, 'start').mockReturnValue(null);
    const store = ProjectStore.open(join(dir.path, 'no-worker.tidemark'), { create: true });
    await store.editRows('ann', 'large', (tx) => {
      for (let i = 0; i < LARGE_WRITE; i++) tx.insert('profiles', profile(i));
    });
    expect(count(store)).toBe(LARGE_WRITE);
    await store.close();
  });
});
