import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { openWriter as openProjectDb, schemaVersion, TIDEMARK_APPLICATION_ID } from './project-db';
import { ProjectStore } from './project-store';
import { cutShort } from './sqlite-header';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const tables = (db: Database.Database): string[] => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);

describe('openProjectDb', () => {
  it('creates a project file with WAL, foreign keys, STRICT tables and the latest schema', () => {
    const path = join(dir.path, 'a.tidemark');
    const db = openProjectDb(path, { create: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('application_id', { simple: true })).toBe(TIDEMARK_APPLICATION_ID);
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(tables(db)).toEqual(expect.arrayContaining(['project_meta', 'videos', 'video_view_state']));
    const strict = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'videos'").get() as { sql: string };
    expect(strict.sql).toMatch(/STRICT/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO videos (id, name, rel_path, fingerprint, file_size, duration, fps, fps_rational, variable_fps, width, height, codec, container, added_at)
         VALUES ('v', 'a', 'a', 'f', 1, 'long', 25, '25/1', 0, 1, 1, 'h264', 'mp4', 'now')`,
        )
        .run(),
    ).toThrow(/cannot store TEXT value in REAL column/);
    db.close();
  });

  it('upgrades a project made by schema version 1 and keeps its data', () => {
    const path = join(dir.path, 'old.tidemark');
    const old = openProjectDb(path, { create: true, targetVersion: 1 });
    expect(schemaVersion(old)).toBe(1);
    expect(tables(old)).not.toContain('video_view_state');
    old
      .prepare(
        `INSERT INTO videos (id, name, rel_path, fingerprint, file_size, duration, fps, fps_rational, variable_fps, width, height, codec, container, added_at)
       VALUES ('v1', 'a.mp4', 'media/a.mp4', 'fp', 10, 4, 25, '25/1', 0, 320, 180, 'h264', 'mp4', '2026-01-01')`,
      )
      .run();
    old.close();

    const db = openProjectDb(path, { create: false });
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(db.prepare('SELECT name FROM videos').get()).toEqual({ name: 'a.mp4' });
    db.prepare('INSERT INTO video_view_state (video_id, position, view_start, px_per_sec) VALUES (?, ?, ?, ?)').run('v1', 1, 0, 10);
    expect(() => db.prepare('INSERT INTO video_view_state (video_id, position, view_start, px_per_sec) VALUES (?, ?, ?, ?)').run('nope', 1, 0, 10)).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('refuses a file from a newer Tidemark', () => {
    const path = join(dir.path, 'new.tidemark');
    openProjectDb(path, { create: true }).close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openProjectDb(path, { create: false })).toThrow(/newer Tidemark/);
    expect(() => ProjectStore.open(path, { create: false, readOnly: true })).toThrow(/newer Tidemark/);
  });

  it('never turns an empty or foreign file into a project, even when asked to create', () => {
    const empty = join(dir.path, 'empty.tidemark');
    writeFileSync(empty, '');
    expect(() => ProjectStore.open(empty, { create: false, readOnly: true })).toThrow(/empty file/);
    expect(() => openProjectDb(empty, { create: true })).toThrow(/empty file/);
    expect(statSync(empty).size).toBe(0);
    const text = join(dir.path, 'notes.tidemark');
    writeFileSync(text, 'just some notes, not a database at all'.repeat(100));
    expect(() => openProjectDb(text, { create: true })).toThrow(/not a Tidemark project|not a database/);
    expect(readFileSync(text, 'utf8').startsWith('just some notes')).toBe(true);
    expect(existsSync(`${text}-wal`)).toBe(false);
  });
});

describe('openProjectDb, continued', () => {
  it('refuses SQLite files that are not Tidemark projects, and missing files', () => {
    const path = join(dir.path, 'other.sqlite');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    expect(() => openProjectDb(path, { create: false })).toThrow(/not a Tidemark project/);
    expect(() => ProjectStore.open(path, { create: false, readOnly: true })).toThrow(/not a Tidemark project/);
    // refused before anything was changed: the foreign file keeps its journal mode
    const after = new Database(path);
    expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
    after.close();
    expect(() => openProjectDb(join(dir.path, 'missing.tidemark'), { create: false })).toThrow(/No project file/);
  });
});

describe('ProjectStore', () => {
  it('reads through a handle that refuses writes, and writes only in edits', async () => {
    const path = join(dir.path, 'store.tidemark');
    const store = ProjectStore.open(path, { create: true });
    expect(() => store.db.query("INSERT INTO project_meta (key, value) VALUES ('a', 'b')")).toThrow(/read-only handle/);
    expect(() => store.db.query('DELETE FROM videos')).toThrow(/read-only handle/);
    // a cached statement: the same object for the same SQL
    expect(store.db.query('SELECT 1')).toBe(store.db.query('SELECT 1'));
    await store.editRows('ann', 'Add profile', (tx) => tx.put('profiles', { id: 'p', kind: 'custom', name: 'P', definition: '{}', builtin: 0 }));
    expect(store.db.query('SELECT name FROM profiles').all()).toEqual([{ name: 'P' }]);
    await store.close();
  });

  it('runs edits one at a time, in order, and a failed edit leaves nothing behind', async () => {
    const store = ProjectStore.open(join(dir.path, 'queue.tidemark'), { create: true });
    const order: string[] = [];
    const slow = store.editRows('ann', 'slow', async (tx) => {
      for (let i = 0; i < 200; i++) {
        tx.put('profiles', { id: `s${i}`, kind: 'custom', name: `S${i}`, definition: '{}', builtin: 0 });
        await new Promise((resolve) => setImmediate(resolve));
      }
      order.push('slow');
    });
    // a reader in between sees nothing of the unfinished edit
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.db.query<{ n: number }>('SELECT count(*) AS n FROM profiles').get()!.n).toBe(0);
    const quick = store.editRows('bob', 'quick', (tx) => {
      tx.put('profiles', { id: 'q', kind: 'custom', name: 'Q', definition: '{}', builtin: 0 });
      order.push('quick');
    });
    const failing = store.editRows('bob', 'failing', (tx) => {
      tx.put('profiles', { id: 'f', kind: 'custom', name: 'F', definition: '{}', builtin: 0 });
      throw new Error('changed my mind');
    });
    await Promise.all([slow, quick, expect(failing).rejects.toThrow(/changed my mind/)]);
    expect(order).toEqual(['slow', 'quick']);
    expect(store.db.query<{ n: number }>('SELECT count(*) AS n FROM profiles').get()!.n).toBe(201);
    expect((await store.history('bob')).map((h) => h.label)).toEqual(['quick']);
    await store.close();
  });

  it('opened read-only, it never writes: not even the journal mode, and edits are refused', async () => {
    const path = join(dir.path, 'ro.tidemark');
    await ProjectStore.open(path, { create: true }).close();
    const before = readFileSync(path);
    const store = ProjectStore.open(path, { create: false, readOnly: true });
    await expect(store.edit('ann', 'x', () => undefined)).rejects.toThrow(/reading only/);
    expect(store.db.query('SELECT count(*) AS n FROM videos').get()).toEqual({ n: 0 });
    await store.close();
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('closing folds the WAL back: the .tidemark file alone is the whole project, and a read-only open leaves nothing behind', async () => {
    const path = join(dir.path, 'folded.tidemark');
    const store = ProjectStore.open(path, { create: true });
    await store.editRows('ann', 'Add profile', (tx) => tx.put('profiles', { id: 'p', kind: 'custom', name: 'P', definition: '{}', builtin: 0 }));
    store.db.query('SELECT * FROM profiles').all();
    await store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const copy = join(dir.path, 'copy.tidemark');
    writeFileSync(copy, readFileSync(path));
    const copied = ProjectStore.open(copy, { create: false, readOnly: true });
    expect(copied.db.query('SELECT name FROM profiles').all()).toEqual([{ name: 'P' }]);
    await copied.close();
    expect([existsSync(`${copy}-wal`), existsSync(`${copy}-shm`)]).toEqual([false, false]);
  });

  it('a write waits (without holding the server) while another program writes the file', async () => {
    const path = join(dir.path, 'busy.tidemark');
    const store = ProjectStore.open(path, { create: true });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const waiting = store.editRows('ann', 'Add profile', (tx) => tx.put('profiles', { id: 'p', kind: 'custom', name: 'P', definition: '{}', builtin: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    other.exec('COMMIT');
    other.close();
    await waiting;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10); // the event loop ran while the edit waited
    expect(store.db.query('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: 1 });
    await store.close();
  });

  it('prepares each statement once per shape, not once per row', async () => {
    const store = ProjectStore.open(join(dir.path, 'prepared.tidemark'), { create: true });
    await store.editRows('ann', 'warm up', (tx) => tx.put('profiles', { id: 'w', kind: 'custom', name: 'W', definition: '{}', builtin: 0 }));
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    await store.editRows('ann', 'Add 2,000 profiles', (tx) => {
      for (let i = 0; i < 2_000; i++) tx.put('profiles', { id: `p${i}`, kind: 'custom', name: `P${i}`, definition: '{}', builtin: 0 });
      for (let i = 0; i < 2_000; i++) tx.remove('profiles', `p${i}`);
    });
    expect(prepare.mock.calls.length).toBeLessThan(10);
    prepare.mockRestore();
    await store.close();
  });
});

describe('a damaged project file', () => {
  const project = (name: string): { path: string; whole: Buffer } => {
    const path = join(dir.path, name);
    openProjectDb(path, { create: true }).close();
    return { path, whole: readFileSync(path) };
  };
  const sidecars = (path: string): boolean[] => [existsSync(`${path}-wal`), existsSync(`${path}-shm`)];

  it('cut short is called damaged, with its size and what may help, and is left as it is with nothing beside it', () => {
    const { path, whole } = project('short.tidemark');
    writeFileSync(path, whole.subarray(0, whole.length - 4096));
    const told = `${path} is damaged: it has ${(whole.length - 4096).toLocaleString('en')} bytes where its header says ${whole.length.toLocaleString('en')} (it was cut short). A backup copy of it, or a short.tidemark-wal file kept beside the original, may hold what is missing; Tidemark has not changed it.`;
    expect(() => ProjectStore.open(path, { create: false, readOnly: true })).toThrow(told);
    expect(() => openProjectDb(path, { create: false })).toThrow(told);
    expect(sidecars(path)).toEqual([false, false]);
    expect(statSync(path).size).toBe(whole.length - 4096);
  });

  it('that SQLite cannot read is called damaged too, and the -wal and -shm its opening made are removed', () => {
    const { path, whole } = project('bad-page-size.tidemark');
    const bad = Buffer.from(whole);
    bad.writeUInt16BE(3, 16); // no power of two: SQLite calls the file "not a database"
    writeFileSync(path, bad);
    for (const open of [() => ProjectStore.open(path, { create: false, readOnly: true }), () => openProjectDb(path, { create: false })]) {
      expect(open).toThrow(
        new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged: SQLite cannot read it \\(.+\\); it has ${whole.length.toLocaleString('en')} bytes\\. A backup copy`),
      );
      expect(sidecars(path)).toEqual([false, false]);
    }
    expect(readFileSync(path).equals(bad)).toBe(true);
  });

  it('a WAL with content beside a short file is left to SQLite to replay', async () => {
    const { path } = project('mid-checkpoint.tidemark');
    const db = new Database(path);
    db.pragma('wal_autocheckpoint = 0');
    db.exec("INSERT INTO project_meta (key, value) VALUES ('note', 'in the WAL')");
    db.exec('VACUUM'); // every page into the WAL
    // as a checkpoint stopped part way leaves it: the file short of its last page, the WAL whole
    const copy = join(dir.path, 'copy.tidemark');
    writeFileSync(`${copy}-wal`, readFileSync(`${path}-wal`));
    writeFileSync(copy, readFileSync(path).subarray(0, statSync(path).size - 4096));
    db.close();
    expect(cutShort(readFileSync(copy), statSync(copy).size)).not.toBeNull();
    const store = ProjectStore.open(copy, { create: false, readOnly: true });
    expect(await store.getMeta('note')).toBe('in the WAL');
    void store.close();
  });
});
