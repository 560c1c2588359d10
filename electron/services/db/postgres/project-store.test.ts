// A project on PostgreSQL as the store itself keeps it: the same tables as a project file, edits in
// turn across processes, the database going away and coming back, and the schema a name gets.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { tempDir } from '../../test-support/fixtures';
import { startTestPostgres, type TestPostgres } from '../../test-support/postgres';
import { LATEST_SCHEMA_VERSION } from '../migrations';
import { ProjectStore } from '../project-store';
import { PgProjectStore, projectSchema } from './project-store';

let projects = 0;
const open = (project = `store-${process.pid}-${++projects}`, database = inject('postgres')) => PgProjectStore.open({ database, project, create: true });
const video = (id: string) => ({
  id,
  name: `${id}.mp4`,
  rel_path: `${id}.mp4`,
  fingerprint: `fp-${id}`,
  file_size: 5_000_000_000,
  duration: 60.5,
  fps: 29.97,
  fps_rational: '30000/1001',
  variable_fps: 0,
  width: 640,
  height: 360,
  codec: 'h264',
  audio_codec: null,
  container: 'mp4',
  added_at: 't',
});

describe('a project on PostgreSQL', () => {
  it('has the tables and columns of a project file, migrated to the same version, plus ord', async () => {
    const dir = tempDir();
    const file = ProjectStore.open(join(dir.path, 'p.tidemark'), { create: true });
    const store = await open();
    const client = new pg.Client({ connectionString: inject('postgres') });
    await client.connect();
    try {
      const sqlite = new Database(join(dir.path, 'p.tidemark'), { readonly: true });
      const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>;
      const schema = projectSchema(`store-${process.pid}-${projects}`);
      for (const { name } of tables) {
        const fileColumns = (sqlite.prepare(`PRAGMA table_info(${name})`).all() as Array<{ name: string; notnull: number; pk: number }>).map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`);
        const pgColumns = (
          await client.query<{ column_name: string; is_nullable: string }>(
            'SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
            [schema, name],
          )
        ).rows
          .filter((c) => c.column_name !== 'ord')
          .map((c) => `${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`);
        expect([name, ...pgColumns].sort()).toEqual([name, ...fileColumns].sort());
      }
      sqlite.close();
      expect(await store.schemaVersion()).toBe(LATEST_SCHEMA_VERSION);
      expect(await file.schemaVersion()).toBe(LATEST_SCHEMA_VERSION);
    } finally {
      await client.end();
      await store.close();
      await file.close();
      dir.remove();
    }
  });

  it('keeps a row as written (a bigint size, a float, a null) so that undo finds inserted rows as they were', async () => {
    const store = await open();
    try {
      await store.editRows('ann', 'Add', (tx) => tx.insert('videos', video('v1')));
      expect(await store.db.rows('SELECT file_size, duration, fps, audio_codec FROM videos')).toEqual([{ file_size: 5_000_000_000, duration: 60.5, fps: 29.97, audio_codec: null }]);
      expect((await store.undo('ann'))?.label).toBe('Add');
      expect(await store.db.rows('SELECT id FROM videos')).toEqual([]);
      await store.redo('ann');
      expect(await store.db.rows('SELECT id FROM videos')).toEqual([{ id: 'v1' }]);
    } finally {
      await store.close();
    }
  });

  it('refuses a second project of the same name, and opening one that is not there', async () => {
    const name = `twice-${process.pid}`;
    const store = await open(name);
    await store.close();
    await expect(open(name)).rejects.toThrow(`There is already a project ${name}`);
    await expect(PgProjectStore.open({ database: inject('postgres'), project: `${name}-not`, create: false })).rejects.toThrow(`No project ${name}-not`);
  });

  it('closes once however often it is asked, after the edits queued before; an edit after is refused', async () => {
    const store = await open();
    const queued = store.editRows('ann', 'Add', (tx) => tx.insert('videos', video('v1')));
    await Promise.all([store.close(), store.close()]);
    await queued;
    await expect(store.editRows('ann', 'Late', (tx) => tx.insert('videos', video('v2')))).rejects.toThrow('The project was closed.');
  });

  it('gives every allowed name a schema of its own, within PostgreSQL’s 63 characters', () => {
    const names = ['a', 'a.b', 'a_b', 'a-b', 'x'.repeat(56), 'x'.repeat(57), `${'y'.repeat(62)}.`, `${'y'.repeat(62)}-`];
    const schemas = names.map(projectSchema);
    expect(new Set(schemas).size).toBe(names.length);
    for (const schema of schemas) expect(schema).toMatch(/^tm_[a-z0-9_]{1,60}$/);
    expect(projectSchema('demo')).toBe('tm_demo');
  });

  it('takes edits from two servers on one project in turn: each logs the row as the other left it, and undo refuses to overwrite the other’s later change', async () => {
    const name = `shared-${process.pid}`;
    const one = await open(name);
    const two = await PgProjectStore.open({ database: inject('postgres'), project: name, create: false });
    try {
      await one.editRows('ann', 'Add', (tx) => tx.put('people', { id: 'p', name: 'P0', roles: '[]', created_at: 't' }));
      // twenty renames at once, alternating between the two: none is lost, each sees the one before
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? two : one).editRows(i % 2 ? 'bo' : 'ann', `Rename ${i}`, async (tx) => {
            const row = await tx.get('people', 'p');
            await tx.put('people', { ...row!, name: `${row!.name}+${i}` });
          }),
        ),
      );
      const [row] = await one.db.rows<{ name: string }>('SELECT name FROM people');
      expect(row!.name.split('+')).toHaveLength(21);
      // ann renames, then bo: undoing ann's would overwrite his
      const rename = (store: PgProjectStore, person: string, name: string) => store.editRows(person, `Rename to ${name}`, (tx) => tx.put('people', { id: 'p', name, roles: '[]', created_at: 't' }));
      await rename(one, 'ann', 'Ann’s');
      await rename(two, 'bo', 'Bo’s');
      await expect(one.undo('ann')).rejects.toThrow('Cannot undo "Rename to Ann’s": it touches data changed since (people p)');
      expect((await two.undo('bo'))?.label).toBe('Rename to Bo’s');
      expect((await one.undo('ann'))?.label).toBe('Rename to Ann’s');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('reads a snapshot as it was when it began, while edits commit', async () => {
    const store = await open();
    try {
      await store.editRows('ann', 'Add', (tx) => tx.put('people', { id: 'p', name: 'Before', roles: '[]', created_at: 't' }));
      const seen = await store.snapshot(async () => {
        await store.editRows('ann', 'Rename', (tx) => tx.put('people', { id: 'p', name: 'After', roles: '[]', created_at: 't' }));
        return store.db.rows<{ name: string }>('SELECT name FROM people');
      });
      expect(seen).toEqual([{ name: 'After' }]);
    } finally {
      await store.close();
    }
  });
});

describe('a project on PostgreSQL whose database goes away', () => {
  let cluster: TestPostgres;
  beforeAll(async () => {
    cluster = await startTestPostgres();
  });
  afterAll(async () => {
    await cluster.stop();
  });

  it('says the database is unreachable, loses nothing acknowledged, and goes on once it is back', async () => {
    const store = await open('away', await cluster.database());
    try {
      await store.editRows('ann', 'Before', (tx) => tx.insert('videos', video('v1')));
      await cluster.crash();
      await expect(store.editRows('ann', 'Meanwhile', (tx) => tx.insert('videos', video('v2')))).rejects.toThrow(/database is unreachable; reconnecting/);
      await expect(store.stores.profiles.list()).rejects.toThrow(/database is unreachable/);
      await cluster.start();
      await store.editRows('ann', 'After', (tx) => tx.insert('videos', video('v3')));
      expect((await store.db.rows<{ id: string }>('SELECT id FROM videos ORDER BY ord')).map((r) => r.id)).toEqual(['v1', 'v3']);
      expect((await store.history('ann')).map((h) => h.label)).toEqual(['After', 'Before']);
    } finally {
      await store.close();
    }
  });
});
