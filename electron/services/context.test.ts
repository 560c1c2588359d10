// The per-request context: what a transport builds for each call (the caller, the open project, the
// jobs, a signal) and the only thing a feature's handlers and services receive — never the app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServices } from './app-services';
import { createHandlers, dispatch } from './handlers';
import { tempDir } from './test-support/fixtures';
import { lead, rita } from './test-support/review';

const dir = tempDir();
let app: AppServices;

beforeAll(() => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test', env: {} });
});
afterAll(async () => {
  await app.shutdown();
  dir.remove();
});

/** Every non-test source file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('a request context', () => {
  it('carries the caller it was made for, and the project open when it is asked', async () => {
    const ctx = app.contextFor(rita);
    expect(ctx.caller).toEqual(rita);
    expect(ctx.currentProject()).toBeNull();
    expect(() => ctx.project()).toThrow(expect.objectContaining({ code: 'no-project' }));
    await app.createProject(join(dir.path, 'ctx'), 'Context');
    // the same context sees the project opened after it was made: a call that opens one and goes on reads it
    expect(ctx.project()).toBe(app.requireProject());
    expect(ctx.currentProject()).toBe(app.requireProject());
    expect(ctx.jobs).toBe(app.jobs);
    await app.closeProject();
  });

  it('never aborts unless the transport gives it a signal', () => {
    expect(app.contextFor(lead).signal.aborted).toBe(false);
    const gone = new AbortController();
    gone.abort();
    expect(app.contextFor(lead, gone.signal).signal.aborted).toBe(true);
  });

  it('is what a handler answers from: the caller travels with the call', async () => {
    const info = await dispatch(createHandlers(), 'app.info', {}, app.contextFor(rita));
    expect(info).toMatchObject({ ok: true, value: { caller: rita, mode: 'browser', version: 'test', nativeDialogs: false } });
  });

  it('offers the file dialogs of the transport the call came through, and only those', async () => {
    const handlers = createHandlers();
    const desktop = app.contextFor(lead, undefined, { pickPaths: async (kind) => [`/picked/${kind}`] });
    expect(await dispatch(handlers, 'dialogs.pick', { kind: 'openProject' }, desktop)).toEqual({ ok: true, value: { paths: ['/picked/openProject'] } });
    expect(await dispatch(handlers, 'app.info', {}, desktop)).toMatchObject({ ok: true, value: { nativeDialogs: true } });
    expect(await dispatch(handlers, 'dialogs.pick', { kind: 'openProject' }, app.contextFor(lead))).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('the app-wide services', () => {
  it('are reached by the transports only: no feature folder imports app-services.ts', () => {
    const services = __dirname;
    const features = readdirSync(services).filter((name) => statSync(join(services, name)).isDirectory());
    const upward = features.flatMap((feature) =>
      sources(join(services, feature))
        .filter((file) => /from '(\.\.\/)+app-services'/.test(readFileSync(file, 'utf8')))
        .map((file) => relative(services, file)),
    );
    expect(upward).toEqual([]);
    expect(readFileSync(join(services, 'context.ts'), 'utf8')).not.toMatch(/app-services/);
  });
});
