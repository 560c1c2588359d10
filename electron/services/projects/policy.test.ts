// Who may change which project is open: in browser mode, while the open project lists its people,
// only its lead (every browser works in that one project); on the desktop, the window's person.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { AppServices } from '../app-services';
import { createHandlers, dispatch } from '../handlers';
import { savePerson } from '../review/people';
import { tempDir } from '../test-support/fixtures';

const lee: Caller = { person: 'Lee', role: 'lead' };
const ann: Caller = { person: 'Ann', role: 'annotator' };
const handlers = createHandlers();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An app in `mode` with a project open; `team` lists Lee (lead) and Ann (annotator and lead) in it. */
async function appWith(mode: 'browser' | 'desktop', team: boolean): Promise<{ app: AppServices; dir: string; call: (caller: Caller, method: string, request?: unknown) => Promise<unknown> }> {
  const dir = tempDir();
  const app = new AppServices({ dataDir: join(dir.path, 'data'), mode, version: 'test' });
  cleanups.push(async () => {
    await app.shutdown();
    dir.remove();
  });
  await app.createProject(join(dir.path, 'team.tidemark'), 'Team');
  if (team) {
    await savePerson(app.requireProject(), lee, 'Lee', ['lead']);
    await savePerson(app.requireProject(), lee, 'Ann', ['annotator', 'lead']);
  }
  const call = async (caller: Caller, method: string, request: unknown = {}) => {
    const result = await dispatch(handlers, method, request, app.contextFor(caller));
    return result.ok ? 'ok' : result.error.code;
  };
  return { app, dir: dir.path, call };
}

describe('closing the open project, or opening another in its place', () => {
  it('in browser mode is refused to all but a lead of a project that lists its people, working as lead', async () => {
    const { app, dir, call } = await appWith('browser', true);
    expect(await call(ann, 'projects.close')).toBe('forbidden');
    expect(await call(ann, 'projects.create', { path: join(dir, 'other.tidemark') })).toBe('forbidden');
    expect(await call(ann, 'projects.open', { path: join(dir, 'team.tidemark') })).toBe('forbidden');
    expect(app.currentProject()?.name).toBe('Team');
    const refusal = await dispatch(handlers, 'projects.close', {}, app.contextFor(ann));
    expect(refusal).toMatchObject({ ok: false, error: { message: expect.stringContaining('Only a lead of Team can close it or open another project here') } });
    // Ann is listed as lead too: working as lead, she may
    expect(await call({ person: 'Ann', role: 'lead' }, 'projects.create', { path: join(dir, 'other.tidemark') })).toBe('ok');
    // a project that lists no one is anyone's to close
    expect(await call(ann, 'projects.close')).toBe('ok');
    expect(await call(lee, 'projects.open', { path: join(dir, 'team.tidemark') })).toBe('ok');
    expect(await call(lee, 'projects.close')).toBe('ok');
  });

  it('on the desktop is the window’s person’s to choose, whatever their role', async () => {
    const { app, call } = await appWith('desktop', true);
    expect(await call(ann, 'projects.close')).toBe('ok');
    expect(app.currentProject()).toBeNull();
  });
});
