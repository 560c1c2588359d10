import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { openProjectDb, schemaVersion, TIDEMARK_APPLICATION_ID } from './project-db';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const tables = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);

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
      db.prepare(
        `INSERT INTO videos (id, name, rel_path, fingerprint, file_size, duration, fps, fps_rational, variable_fps, width, height, codec, container, added_at)
         VALUES ('v', 'a', 'a', 'f', 1, 'long', 25, '25/1', 0, 1, 1, 'h264', 'mp4', 'now')`,
      ).run(),
    ).toThrow(/cannot store TEXT value in REAL column/);
    db.close();
  });

  it('upgrades a project made by schema version 1 and keeps its data', () => {
    const path = join(dir.path, 'old.tidemark');
    const old = openProjectDb(path, { create: true, targetVersion: 1 });
    expect(schemaVersion(old)).toBe(1);
    expect(tables(old)).not.toContain('video_view_state');
    old.prepare(
      `INSERT INTO videos (id, name, rel_path, fingerprint, file_size, duration, fps, fps_rational, variable_fps, width, height, codec, container, added_at)
       VALUES ('v1', 'a.mp4', 'media/a.mp4', 'fp', 10, 4, 25, '25/1', 0, 320, 180, 'h264', 'mp4', '2026-01-01')`,
    ).run();
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
  });

  it('refuses SQLite files that are not Tidemark projects, and missing files', () => {
    const path = join(dir.path, 'other.sqlite');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    expect(() => openProjectDb(path, { create: false })).toThrow(/not a Tidemark project/);
    expect(() => openProjectDb(join(dir.path, 'missing.tidemark'), { create: false })).toThrow(/No project file/);
  });
});
