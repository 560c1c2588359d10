// Signing in, as every transport does it: who may sign in as whom, the passphrase a person set, the
// throttle on wrong ones, and the calls a session is let make once a project protects its name.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppServices } from '../app-services';
import { createHandlers } from '../handlers';
import { tempDir } from '../test-support/fixtures';
import { populateForReview } from '../test-support/review';
import { SignInService } from './sign-in';
import type { Session } from './sessions';

const dir = tempDir();
let app: AppServices;
let projectPath: string;
const handlers = createHandlers();
let clock = Date.parse('2025-03-01T12:00:00Z');
let logged: string[] = [];
let service: SignInService;

beforeAll(async () => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  projectPath = (await app.createProject(join(dir.path, 'people.tidemark'), 'People')).path;
  await populateForReview(app.requireProject());
}, 60_000);

beforeEach(async () => {
  logged = [];
  service = new SignInService(app, { log: (line) => logged.push(line), now: () => clock });
  if (app.currentProject()?.path !== projectPath) await app.openProject(projectPath);
});

afterAll(async () => {
  await app.shutdown();
  dir.remove();
});

const call = (session: Session, method: string, request: unknown = {}) => service.call(session, handlers, method, request);

describe('signing in', () => {
  it('checks the name and the role, and the open project’s people with the messages calls get', async () => {
    const session = service.start();
    expect(await service.signIn(session, { person: '  Ann  ', role: 'annotator' })).toEqual({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    expect(session.caller).toEqual({ person: 'Ann', role: 'annotator' });
    expect(await service.signIn(session, { person: '', role: 'annotator' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await service.signIn(session, { person: 'x'.repeat(101), role: 'annotator' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await service.signIn(session, { person: 'Ann', role: 'boss' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await service.signIn(session, { person: 'Ann', role: 'lead', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await service.signIn(session, { person: 'Zed', role: 'lead' })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: "Zed is not one of this project's people; a lead adds people (Review → People)." },
    });
    expect(await service.signIn(session, { person: 'Ann', role: 'lead' })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Ann is listed in this project as annotator, not lead; choose one of those roles.' },
    });
    // a refused sign-in leaves the session as it was
    expect(session.caller).toEqual({ person: 'Ann', role: 'annotator' });
    // the machine remembers who signed in last: a new session starts as them, unverified
    expect(app.settings.get()).toMatchObject({ lastCaller: { person: 'Ann', role: 'annotator' }, identityChosen: true });
    expect(service.start()).toMatchObject({ caller: { person: 'Ann', role: 'annotator' } });
    expect(service.start().verified.size).toBe(0);
  });

  it('signs in as the name the project lists, in whatever case it is typed ("ann" is Ann)', async () => {
    const session = service.start();
    expect(await service.signIn(session, { person: 'aNN', role: 'annotator' })).toEqual({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    expect(session.caller).toEqual({ person: 'Ann', role: 'annotator' });
    expect(logged).toEqual(['[tidemark] signed in: Ann (annotator)']);
  });

  it('refuses a name with a control or invisible character, which could forge a line of the log or pass for someone else', async () => {
    const session = service.start();
    for (const person of ['eve\n[tidemark] signed in: Lee (lead)', 'Lee\u200b', 'ann\u001b[31m', 'tab\tbed'])
      expect(await service.signIn(session, { person, role: 'annotator' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request', message: expect.stringContaining('no control or invisible characters') },
      });
    expect(logged).toEqual([]);
  });

  it('escapes in the log a control character of a name kept from before (the machine’s last person), so it forges no line', () => {
    const session = service.start();
    session.caller = { person: 'eve\n[tidemark] signed in: Lee', role: 'lead' };
    service.signOut(session);
    expect(logged).toEqual(['[tidemark] signed out: eve\\u{a}[tidemark] signed in: Lee (lead)']);
  });

  it('lets anyone in under any name while no project is open', async () => {
    await app.closeProject();
    const session = service.start();
    expect(await service.signIn(session, { person: 'Zed', role: 'lead' })).toEqual({ ok: true, value: { caller: { person: 'Zed', role: 'lead' } } });
  });

  it('records each sign-in and sign-out, and logs a line for each', async () => {
    const session = service.start();
    expect(await service.signIn(session, { person: 'Ann', role: 'annotator' })).toMatchObject({ ok: true });
    expect(await service.signIn(session, { person: 'Lee', role: 'lead' })).toMatchObject({ ok: true });
    service.signOut(session);
    expect(session.record.map((r) => [r.what, r.caller.person])).toEqual([
      ['started as', expect.any(String)],
      ['signed in', 'Ann'],
      ['signed out', 'Ann'],
      ['signed in', 'Lee'],
      ['signed out', 'Lee'],
    ]);
    expect(session.record[1]!.at).toBe(new Date(clock).toISOString());
    expect(logged).toEqual(['[tidemark] signed in: Ann (annotator)', '[tidemark] signed out: Ann (annotator)', '[tidemark] signed in: Lee (lead)', '[tidemark] signed out: Lee (lead)']);
  });
});

describe('a name protected by a passphrase', () => {
  it('asks for it to sign in, and counts only the right one', async () => {
    const rita = service.start();
    expect(await service.signIn(rita, { person: 'Rita', role: 'reviewer' })).toMatchObject({ ok: true });
    expect(await call(rita, 'people.setPassphrase', { passphrase: 'ritas secret', current: null })).toMatchObject({ ok: true, value: { hasPassphrase: true } });
    // setting it vouches for the session that set it
    expect(await service.current(rita)).toEqual({ caller: { person: 'Rita', role: 'reviewer' }, verified: true });
    expect(await call(rita, 'reviews.queue')).toMatchObject({ ok: true });

    const other = service.start();
    expect(await service.signIn(other, { person: 'Rita', role: 'reviewer' })).toEqual({
      ok: false,
      error: { code: 'unauthenticated', message: 'Rita protects their name with a passphrase: enter it to sign in.' },
    });
    expect(await service.signIn(other, { person: 'Rita', role: 'reviewer', passphrase: '' })).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await service.signIn(other, { person: 'Rita', role: 'reviewer', passphrase: 'not hers' })).toEqual({
      ok: false,
      error: { code: 'unauthenticated', message: "That is not Rita's passphrase." },
    });
    expect(logged).toContain('[tidemark] wrong passphrase: Rita (reviewer)');
    // (it started as Rita, the machine's last person: still without her passphrase, it is let in nowhere)
    expect(await service.current(other)).toEqual({ caller: { person: 'Rita', role: 'reviewer' }, verified: false });
    expect(await call(other, 'reviews.queue')).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await service.signIn(other, { person: 'Rita', role: 'reviewer', passphrase: 'ritas secret' })).toEqual({ ok: true, value: { caller: { person: 'Rita', role: 'reviewer' } } });
    expect(other.verified).toEqual(new Set([projectPath]));
    expect(await service.current(other)).toEqual({ caller: { person: 'Rita', role: 'reviewer' }, verified: true });
  });

  it('refuses every call but those for anyone to a session that has not given it (restored, or signed in before the project opened)', async () => {
    const restored = service.start();
    restored.caller = { person: 'Rita', role: 'reviewer' };
    expect(await service.current(restored)).toEqual({ caller: { person: 'Rita', role: 'reviewer' }, verified: false });
    const refusal = { ok: false, error: { code: 'unauthenticated', message: 'Rita protects their name with a passphrase: sign in again.' } };
    expect(await call(restored, 'people.list')).toEqual(refusal);
    expect(await call(restored, 'reviews.queue')).toEqual(refusal);
    expect(await call(restored, 'people.setPassphrase', { passphrase: 'taken over', current: null })).toEqual(refusal);
    expect(await call(restored, 'app.info')).toMatchObject({ ok: true, value: { caller: { person: 'Rita', role: 'reviewer' } } });
    expect(await call(restored, 'settings.get')).toMatchObject({ ok: true });
    expect(await call(restored, 'projects.current')).toMatchObject({ ok: true });

    // signed in with no project open: the project opened afterwards asks again
    await app.closeProject();
    const early = service.start();
    expect(await service.signIn(early, { person: 'Rita', role: 'reviewer' })).toMatchObject({ ok: true });
    expect(await call(early, 'projects.open', { path: projectPath })).toMatchObject({ ok: true });
    expect(await call(early, 'people.list')).toEqual(refusal);
    expect(await service.signIn(early, { person: 'Rita', role: 'reviewer', passphrase: 'ritas secret' })).toMatchObject({ ok: true });
    expect(await call(early, 'people.list')).toMatchObject({ ok: true });
    // a person without one is not asked
    const ann = service.start();
    ann.caller = { person: 'Ann', role: 'annotator' };
    expect(await call(ann, 'people.list')).toMatchObject({ ok: true });
    expect((await service.current(ann)).verified).toBe(true);
  });

  it('a session only started as a protected lead is not the lead: it cannot close the project every browser works in, and sees jobs as a blind caller does', async () => {
    const lee = service.start();
    expect(await service.signIn(lee, { person: 'Lee', role: 'lead' })).toMatchObject({ ok: true });
    expect(await call(lee, 'people.setPassphrase', { passphrase: 'lees secret', current: null })).toMatchObject({ ok: true });
    const job = app.jobs.start({ kind: 'export', label: 'Export for Lee', format: 'tidemark' }, async () => ({ written: true, path: 'lee-only.jsonl', items: 1, readiness: null, leftOut: [] }));
    await app.jobs.wait(job.id);
    // a browser without a session (curl with the token, a private window) starts as the machine's last person: Lee
    const impostor = service.start();
    expect(impostor.caller).toEqual({ person: 'Lee', role: 'lead' });
    expect(await call(impostor, 'projects.close')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call(impostor, 'projects.open', { path: projectPath })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(app.currentProject()?.path).toBe(projectPath);
    const seen = (await call(impostor, 'jobs.list')) as { ok: true; value: Array<{ id: string; label: string; result?: unknown }> };
    expect(seen.value.find((j) => j.id === job.id)).toMatchObject({ label: 'export', result: undefined });
    // Lee, having given it, is the lead
    expect(((await call(lee, 'jobs.list')) as typeof seen).value.find((j) => j.id === job.id)).toMatchObject({ label: 'Export for Lee', result: { path: 'lee-only.jsonl' } });
    expect(await call(lee, 'projects.open', { path: projectPath })).toMatchObject({ ok: true });
    expect(await call(lee, 'people.setPassphrase', { passphrase: null, current: 'lees secret' })).toMatchObject({ ok: true });
  });

  it('refuses a name for the rest of ten minutes after five wrong passphrases, then lets the right one in', async () => {
    const session = service.start();
    for (let i = 0; i < 5; i++) {
      const wrong = await service.signIn(session, { person: 'Rita', role: 'reviewer', passphrase: `guess ${i}` });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
      // the fifth says what it has done: the name is refused now, not after one more try
      const message = (wrong as { error: { message: string } }).error.message;
      if (i < 4) expect(message).toBe("That is not Rita's passphrase.");
      else expect(message).toMatch(/^That is not Rita's passphrase\. That was 5 wrong ones in 10 minutes: Rita is refused until \d\d:\d\d\.$/);
      clock += 60_000;
    }
    // the first failure was five minutes ago: five more minutes, whatever is typed and in whichever session
    const refused = await service.signIn(service.start(), { person: 'Rita', role: 'reviewer', passphrase: 'ritas secret' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const message = (refused as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Too many wrong passphrases for Rita: try again in 5 minutes \(at \d\d:\d\d\)\.$/);
    expect(logged).toContain('[tidemark] refused (too many wrong passphrases): Rita (reviewer)');
    expect(await service.signIn(session, { person: 'Rita', role: 'reviewer', passphrase: 'ritas secret' })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    // another name is not held back
    expect(await service.signIn(session, { person: 'Ann', role: 'annotator' })).toMatchObject({ ok: true });
    clock += 5 * 60_000;
    expect(await service.signIn(session, { person: 'Rita', role: 'reviewer', passphrase: 'ritas secret' })).toMatchObject({ ok: true });
  });
});
