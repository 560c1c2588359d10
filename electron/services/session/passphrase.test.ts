// Passphrases as they are kept (scrypt, its parameters with the hash) and set: each person their own,
// through the edit log, never handed back by people.list, never carried by an export.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { AppServices } from '../app-services';
import { LATEST_SCHEMA_VERSION } from '../db/migrations';
import { exportToFile } from '../exchange/export-file';
import { UNWATCHED } from '../jobs/registry';
import { tempDir } from '../test-support/fixtures';
import { createHandlers, dispatch } from '../test-support/handlers';
import { ann, lead, populateForReview, rita } from '../test-support/review';
import { hashPassphrase, passphraseMatches, SCRYPT } from './passphrase';
import { sqliteOf } from '../test-support/project';

const dir = tempDir();
let app: AppServices;

beforeAll(async () => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  await app.createProject(join(dir.path, 'people.tidemark'), 'People');
  await populateForReview(app.requireProject());
}, 60_000);

afterAll(async () => {
  await app.shutdown();
  dir.remove();
});

const call = (method: string, request: unknown, caller: Caller) => dispatch(createHandlers(app), method, request, caller);

describe('a stored passphrase', () => {
  it('is scrypt (N=2^15, r=8, p=1, a 64-byte key) over a 16-byte random salt, its parameters kept with it', async () => {
    const stored = JSON.parse(await hashPassphrase('correct horse battery'));
    expect(stored).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1 });
    expect(Object.keys(stored).sort()).toEqual(['N', 'algorithm', 'hash', 'p', 'r', 'salt']);
    expect(Buffer.from(stored.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(stored.hash, 'base64')).toHaveLength(64);
    expect(SCRYPT).toMatchObject({ N: 2 ** 15, r: 8, p: 1, keyLength: 64, saltLength: 16 });
    // a salt of its own each time: the same passphrase is never stored the same
    expect(JSON.parse(await hashPassphrase('correct horse battery')).salt).not.toBe(stored.salt);
  });

  it('matches the passphrase it was made from and nothing else', async () => {
    const stored = await hashPassphrase('correct horse battery');
    expect(await passphraseMatches(stored, 'correct horse battery')).toBe(true);
    expect(await passphraseMatches(stored, 'correct horse batter')).toBe(false);
    expect(await passphraseMatches(stored, 'Correct horse battery')).toBe(false);
    // typed on another keyboard: é as one character or as e + accent is one passphrase
    expect(await passphraseMatches(await hashPassphrase('caf\u00e9 au lait'), 'cafe\u0301 au lait')).toBe(true);
  });

  it('refuses a stored value it cannot read, or whose parameters would take too much memory', async () => {
    await expect(passphraseMatches('not json', 'x')).rejects.toThrow(/stored passphrase/);
    const stored = JSON.parse(await hashPassphrase('correct horse battery'));
    await expect(passphraseMatches(JSON.stringify({ ...stored, N: 2 ** 24 }), 'correct horse battery')).rejects.toThrow(/stored passphrase/);
    await expect(passphraseMatches(JSON.stringify({ ...stored, algorithm: 'md5' }), 'correct horse battery')).rejects.toThrow(/stored passphrase/);
  });
});

describe('people.setPassphrase', () => {
  it('is the schema version that adds the column', () => {
    expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(12);
    const columns = sqliteOf(app.requireProject()).db.query<{ name: string; notnull: number }>('PRAGMA table_info(people)').all();
    expect(columns.find((c) => c.name === 'passphrase')).toMatchObject({ notnull: 0 });
  });

  it("sets the caller's own passphrase, asks for the current one to change it, and removes it", async () => {
    const passphraseOf = (name: string) => app.requireProject().stores.review.passphraseOf(name);
    expect(await call('people.setPassphrase', { passphrase: 'short', current: null }, ann)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await call('people.setPassphrase', { passphrase: 'x'.repeat(201), current: null }, ann)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await call('people.setPassphrase', { passphrase: 'anns secret 1', current: null, person: 'Lee' }, ann)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    const set = await call('people.setPassphrase', { passphrase: 'anns secret 1', current: null }, ann);
    expect(set).toMatchObject({ ok: true, value: { name: 'Ann', hasPassphrase: true } });
    expect(JSON.stringify(set)).not.toContain('scrypt');
    expect(await passphraseMatches((await passphraseOf('Ann'))!, 'anns secret 1')).toBe(true);
    expect(await passphraseOf('Lee')).toBeNull();
    // changing it needs the current one
    expect(await call('people.setPassphrase', { passphrase: 'anns secret 2', current: null }, ann)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'Ann has a passphrase: give the current one to change it.' },
    });
    expect(await call('people.setPassphrase', { passphrase: 'anns secret 2', current: 'wrong one' }, ann)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: "That is not Ann's current passphrase." },
    });
    expect(await call('people.setPassphrase', { passphrase: 'anns secret 2', current: 'anns secret 1' }, ann)).toMatchObject({ ok: true });
    expect(await passphraseMatches((await passphraseOf('Ann'))!, 'anns secret 2')).toBe(true);
    // a lead changing her roles keeps it
    expect(await call('people.save', { name: 'Ann', roles: ['annotator', 'researcher'] }, lead)).toMatchObject({ ok: true, value: { hasPassphrase: true } });
    expect(await passphraseMatches((await passphraseOf('Ann'))!, 'anns secret 2')).toBe(true);
    // people.list says who has one, never what it is
    const listed = await call('people.list', {}, rita);
    expect(listed).toMatchObject({ ok: true });
    const people = (listed as { value: Array<{ name: string; hasPassphrase: boolean }> }).value;
    expect(people.find((p) => p.name === 'Ann')).toMatchObject({ hasPassphrase: true });
    expect(people.find((p) => p.name === 'Lee')).toMatchObject({ hasPassphrase: false });
    expect(JSON.stringify(people)).not.toMatch(/scrypt|salt|hash/);
    // it is an edit of Ann's, named as one
    const history = await call('edits.history', {}, ann);
    expect(JSON.stringify(history)).toContain('Change the passphrase of Ann');
    // removed with the current one
    expect(await call('people.setPassphrase', { passphrase: null, current: 'anns secret 2' }, ann)).toMatchObject({ ok: true, value: { hasPassphrase: false } });
    expect(await passphraseOf('Ann')).toBeNull();
  });

  it('is only for a person the project lists', async () => {
    expect(await call('people.setPassphrase', { passphrase: 'someone else', current: null }, { person: 'Zed', role: 'annotator' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await app.createProject(join(dir.path, 'nobody.tidemark'), 'Nobody');
    try {
      expect(await call('people.setPassphrase', { passphrase: 'someone else', current: null }, lead)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: "Lee is not one of this project's people: a passphrase protects the name of a person the project lists (a lead adds people in Review → People)." },
      });
    } finally {
      await app.openProject(join(dir.path, 'people.tidemark'));
    }
  });

  it('is not carried by an export of the project', async () => {
    expect(await call('people.setPassphrase', { passphrase: 'ritas secret', current: null }, rita)).toMatchObject({ ok: true });
    const out = join(dir.path, 'all.jsonl');
    await exportToFile(app.requireProject(), lead, { format: 'tidemark', path: out, force: false }, UNWATCHED);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('"name":"Rita"');
    expect(text).not.toMatch(/passphrase|scrypt/);
  });
});
