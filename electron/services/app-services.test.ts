import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppServices } from './app-services';
import { tempDir } from './test-support/fixtures';

const dir = tempDir();
afterAll(() => dir.remove());

describe('the first start', () => {
  it('makes the demo project, but never switches away from a project a person opened meanwhile', async () => {
    const app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
    const demo = await app.startup();
    expect(demo?.kind).toBe('demo');
    const mine = await app.createProject(join(dir.path, 'mine'));
    const done = await app.jobs.wait(demo!.id);
    expect(done.state).toBe('done');
    expect(app.requireProject().path).toBe(mine.path);
    await app.shutdown();
  }, 120_000);
});

describe('a later start', () => {
  it('reopens the project open when the app quit, but not one the person closed', async () => {
    const data = join(dir.path, 'later');
    const first = new AppServices({ dataDir: data, mode: 'browser', version: 'test' });
    const made = await first.createProject(join(dir.path, 'kept'));
    await first.shutdown();
    const second = new AppServices({ dataDir: data, mode: 'browser', version: 'test' });
    await second.startup();
    expect(second.requireProject().path).toBe(made.path);
    await second.closeProject();
    await second.shutdown();
    const third = new AppServices({ dataDir: data, mode: 'browser', version: 'test' });
    await third.startup();
    expect(() => third.requireProject()).toThrow();
    await third.shutdown();
  }, 60_000);
});
