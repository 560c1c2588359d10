// The drafting endpoint's settings and key: the key is kept by the main process (an owner-only file
// here; safeStorage in the desktop app), never sent back, never written to settings.json, never in
// an error; the connection test lists the models of an OpenAI-compatible server.
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServices } from '../app-services';
import { createHandlers, dispatch } from '../test-support/handlers';
import { tempDir } from '../test-support/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/fake-openai';
import { currentKey, FileKeyStore } from './keys';

const KEY = 'sk-secret-key-for-tests-98765';
const dir = tempDir();
let fake: FakeOpenAi;
const lead = { person: 'Lee', role: 'lead' as const };

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  dir.remove();
});

describe('the drafting endpoint and its key', () => {
  it('keeps the key to the main process: set, used, never sent back, not in settings.json', async () => {
    const dataDir = join(dir.path, 'data-1');
    const app = new AppServices({ dataDir, mode: 'browser', version: 'test', env: {} });
    const handlers = createHandlers(app);
    const call = async (method: Parameters<typeof dispatch>[1], payload: unknown) => dispatch(handlers, method, payload, lead);
    const responses = [
      await call('drafting.configure', { baseURL: fake.baseURL, model: 'fake-vision-1', priceInputPerMillion: 1.25 }),
      await call('drafting.setKey', { key: KEY }),
      await call('drafting.endpoint', {}),
      await call('drafting.testConnection', {}),
      await call('settings.get', {}),
      await call('app.info', {}),
    ];
    expect(responses.every((r) => r.ok)).toBe(true);
    expect(responses[2]).toMatchObject({ ok: true, value: { baseURL: fake.baseURL, model: 'fake-vision-1', priceInputPerMillion: 1.25, key: { set: true, source: 'key file' } } });
    expect(responses[3]).toEqual({ ok: true, value: { models: ['fake-vision-1', 'fake-vision-2'] } });
    // it was used (the server saw it) and went nowhere else
    expect(fake.received.length).toBe(0); // listing models is a GET, not a chat request
    for (const r of responses) expect(JSON.stringify(r)).not.toContain(KEY);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain(KEY);
    expect(statSync(join(dataDir, 'openai-key')).mode & 0o777).toBe(0o600);
    // forgetting it
    expect(await call('drafting.setKey', { key: null })).toMatchObject({ ok: true, value: { key: { set: false } } });
    await app.shutdown();
  });

  it('says why the server cannot be used, without the key', async () => {
    const app = new AppServices({ dataDir: join(dir.path, 'data-2'), mode: 'browser', version: 'test', env: {} });
    const handlers = createHandlers(app);
    await dispatch(handlers, 'drafting.configure', { baseURL: 'http://127.0.0.1:9/v1' }, lead);
    await dispatch(handlers, 'drafting.setKey', { key: KEY }, lead);
    const refused = await dispatch(handlers, 'drafting.testConnection', {}, lead);
    expect(refused).toEqual({ ok: false, error: { code: 'unavailable', message: 'Could not reach the model server. (127.0.0.1:9)' } });
    await app.shutdown();
  });

  it('prefers OPENAI_API_KEY, and refuses a key file others can read', () => {
    const where = join(dir.path, 'loose-key');
    const store = new FileKeyStore(where);
    store.write(KEY);
    expect(currentKey({ OPENAI_API_KEY: 'sk-env' }, store)).toEqual({ key: 'sk-env', source: 'environment', where: 'OPENAI_API_KEY' });
    expect(currentKey({}, store)).toMatchObject({ key: KEY, source: 'key file' });
    chmodSync(where, 0o644);
    expect(() => currentKey({}, store)).toThrow(/can be read by others; make it readable by you only/);
  });

  it('checks the settings it is given', async () => {
    const app = new AppServices({ dataDir: join(dir.path, 'data-3'), mode: 'browser', version: 'test', env: {} });
    const result = await dispatch(createHandlers(app), 'drafting.configure', { baseURL: 'not a url', concurrency: 0 }, lead);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    await app.shutdown();
  });
});
