// Browser mode's sign-in, over real HTTP: each browser's session cookie is its caller; signing in,
// out and asking who you are is /session, outside the contract; and no contract method changes who
// a session is — a reviewer stays a reviewer whatever they call.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods, type ApiMethod } from '../../shared/api-methods';
import { declarations } from '../../shared/contract';
import { AppServices } from '../services/app-services';
import { createHandlers } from '../services/handlers';
import { setPassphrase } from '../services/review/people';
import { everyRequest } from '../services/test-support/every-request';
import { tempDir } from '../services/test-support/fixtures';
import { addDraftsAndRun, lead, populateForReview, type DraftedFixture, type ReviewFixture } from '../services/test-support/review';
import { startBrowserServer, type BrowserServer } from './http-server';

const dir = tempDir();
let app: AppServices;
let server: BrowserServer;
let projectPath: string;
let fx: ReviewFixture;
let drafted: DraftedFixture;
const logged: string[] = [];

interface Reply {
  status: number;
  setCookie: string[];
  json: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}

/** One browser: the access token (as its cookie would carry it) and the cookies the server set. */
class Browser {
  readonly cookies = new Map<string, string>();

  send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const all: Record<string, string> = { 'X-Tidemark-Token': server.token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}), ...headers };
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, method, headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = [res.headers['set-cookie'] ?? []].flat();
          for (const line of setCookie) {
            const pair = line.split(';')[0]!;
            const eq = pair.indexOf('=');
            if (/Max-Age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq));
            else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
          }
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            setCookie,
            json: String(res.headers['content-type']).startsWith('application/json') ? JSON.parse(text) : { ok: false, error: { code: 'not-json', message: text } },
          });
        });
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  signIn(person: string, role: string, passphrase?: string): Promise<Reply> {
    return this.send('POST', '/session', { person, role, ...(passphrase === undefined ? {} : { passphrase }) });
  }

  async api(method: string, payload: unknown = {}): Promise<Reply['json']> {
    return (await this.send('POST', `/api/${method}`, payload)).json;
  }

  get session(): string | undefined {
    return this.cookies.get(`tidemark-session-${server.port}`);
  }
}

beforeAll(async () => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  server = await startBrowserServer({ app, handlers: createHandlers(), staticDir: dir.path, log: (line) => logged.push(line) });
  projectPath = (await app.createProject(join(dir.path, 'team.tidemark'), 'Team')).path;
  fx = await populateForReview(app.requireProject());
  drafted = await addDraftsAndRun(app.requireProject(), fx, join(dir.path, 'run.jsonl'));
  // the lead protects their name: nobody at this machine becomes Lee without it
  await setPassphrase(app.requireProject(), lead, 'lees long passphrase', null);
}, 60_000);

afterAll(async () => {
  await server.close();
  await app.shutdown();
  dir.remove();
});

describe('/session', () => {
  it('signs in, says who you are, and signs out', async () => {
    const browser = new Browser();
    const signedIn = await browser.signIn('Ann', 'annotator');
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    const cookie = signedIn.setCookie.find((c) => c.startsWith(`tidemark-session-${server.port}=`))!;
    expect(cookie).toMatch(/; HttpOnly; SameSite=Strict; Path=\//);
    expect(Buffer.from(browser.session!, 'base64url')).toHaveLength(32);
    expect((await browser.send('GET', '/session')).json).toEqual({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' }, verified: true } });
    expect(await browser.api('app.info')).toMatchObject({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    expect(logged).toContain('[tidemark] signed in: Ann (annotator)');

    const before = browser.session;
    expect((await browser.send('DELETE', '/session')).json).toEqual({ ok: true, value: null });
    expect(logged).toContain('[tidemark] signed out: Ann (annotator)');
    expect(browser.session).toBeUndefined();
    // the old id is forgotten: sent again (a request sent before the sign-out, arriving after), it is
    // answered as a fresh session (the machine's last person, Ann) that is not kept — no cookie is set
    browser.cookies.set(`tidemark-session-${server.port}`, before!);
    const fresh = await browser.send('GET', '/session');
    expect(fresh.json).toMatchObject({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    expect(fresh.setCookie).toEqual([]);
  });

  it('lets no request sent before a sign-in, answered after it, replace the signed-in session’s cookie', async () => {
    const browser = new Browser();
    expect((await browser.send('POST', '/api/app.info', {})).setCookie).toHaveLength(1);
    const before = browser.session!;
    expect((await browser.signIn('Rita', 'reviewer')).json).toMatchObject({ ok: true });
    const signedIn = browser.session!;
    expect(signedIn).not.toBe(before);
    // a read still carrying the old cookie (sent before the sign-in's answer) arrives now
    const late = new Browser();
    late.cookies.set(`tidemark-session-${server.port}`, before);
    expect((await late.send('POST', '/api/app.info', {})).setCookie).toEqual([]);
    // the browser is still Rita
    expect((await browser.send('GET', '/session')).json).toMatchObject({ value: { caller: { person: 'Rita', role: 'reviewer' } } });
  });

  it('answers a refused sign-in as data, and keeps the session as it was', async () => {
    const browser = new Browser();
    expect((await browser.signIn('Ann', 'annotator')).json).toMatchObject({ ok: true });
    const refused = await browser.signIn('Ann', 'lead');
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({ ok: false, error: { code: 'forbidden', message: 'Ann is listed in this project as annotator, not lead; choose one of those roles.' } });
    expect((await browser.signIn('Lee', 'lead')).json).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect((await browser.signIn('', 'lead')).json).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect((await browser.send('GET', '/session')).json).toMatchObject({ value: { caller: { person: 'Ann', role: 'annotator' } } });
  });

  it('asks for the same token, origin and JSON as the API', async () => {
    const browser = new Browser();
    expect((await browser.send('POST', '/session', { person: 'Ann', role: 'annotator' }, { 'X-Tidemark-Token': 'wrong' })).status).toBe(401);
    expect((await browser.send('POST', '/session', { person: 'Ann', role: 'annotator' }, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await browser.send('POST', '/session', { person: 'Ann', role: 'annotator' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await browser.send('POST', '/session', { person: 'Ann', role: 'annotator' }, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await browser.send('PUT', '/session')).status).toBe(405);
  });

  it('gives an API call without a session cookie a fresh session, and its cookie', async () => {
    const browser = new Browser();
    const reply = await browser.send('POST', '/api/app.info', {});
    expect(reply.json).toMatchObject({ ok: true, value: { caller: app.localCaller() } });
    expect(reply.setCookie.some((c) => c.startsWith(`tidemark-session-${server.port}=`))).toBe(true);
    const again = await browser.send('POST', '/api/app.info', {});
    expect(again.setCookie).toEqual([]);
  });

  it('keeps each browser its own person: two people at once', async () => {
    const ann = new Browser();
    const rita = new Browser();
    expect((await ann.signIn('Ann', 'annotator')).json).toMatchObject({ ok: true });
    expect((await rita.signIn('Rita', 'reviewer')).json).toMatchObject({ ok: true });
    expect(ann.session).not.toBe(rita.session);
    expect(await ann.api('app.info')).toMatchObject({ value: { caller: { person: 'Ann', role: 'annotator' } } });
    expect(await rita.api('app.info')).toMatchObject({ value: { caller: { person: 'Rita', role: 'reviewer' } } });
    // each is served as themselves: Rita's queue is hers, Ann may not call what Rita may not
    expect(await rita.api('people.save', { name: 'Rita', roles: ['lead'] })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ann.api('reviews.queue')).toMatchObject({ ok: true, value: [] });
  });

  it('asks for a passphrase once one is set, throttles wrong ones, and refuses a session that has not given it', async () => {
    const rob = new Browser();
    expect((await rob.signIn('Rob', 'reviewer')).json).toMatchObject({ ok: true });
    expect(await rob.api('people.setPassphrase', { passphrase: 'robs passphrase', current: null })).toMatchObject({ ok: true, value: { name: 'Rob', hasPassphrase: true } });
    expect(await rob.api('reviews.queue')).toMatchObject({ ok: true });

    const other = new Browser();
    expect((await other.signIn('Rob', 'reviewer')).json).toEqual({ ok: false, error: { code: 'unauthenticated', message: 'Rob protects their name with a passphrase: enter it to sign in.' } });
    expect((await other.signIn('Rob', 'reviewer', 'robs passphrase')).json).toEqual({ ok: true, value: { caller: { person: 'Rob', role: 'reviewer' } } });

    // a session that starts as Rob (the machine's last person) has given nothing
    const restored = new Browser();
    expect((await restored.send('GET', '/session')).json).toEqual({ ok: true, value: { caller: { person: 'Rob', role: 'reviewer' }, verified: false } });
    expect(await restored.api('reviews.queue')).toEqual({ ok: false, error: { code: 'unauthenticated', message: 'Rob protects their name with a passphrase: sign in again.' } });
    expect(await restored.api('app.info')).toMatchObject({ ok: true, value: { caller: { person: 'Rob', role: 'reviewer' } } });

    for (let i = 0; i < 5; i++) expect((await other.signIn('Rob', 'reviewer', `guess ${i}`)).json).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    const held = (await other.signIn('Rob', 'reviewer', 'robs passphrase')).json;
    expect(held).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/^Too many wrong passphrases for Rob: try again in 10 minutes/) } });
  });

  it('no longer takes a person or a role in settings.update', async () => {
    const browser = new Browser();
    expect((await browser.signIn('Ann', 'annotator')).json).toMatchObject({ ok: true });
    for (const patch of [{ personName: 'Lee' }, { role: 'lead' }, { personName: 'Lee', role: 'lead' }]) {
      const refused = await browser.api('settings.update', patch);
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/personName|role/) } });
    }
    expect(await browser.api('app.info')).toMatchObject({ value: { caller: { person: 'Ann', role: 'annotator' } } });
  });
});

describe('browser mode', () => {
  it('lets no reviewer become the lead through any contract method', async () => {
    const rita = new Browser();
    expect((await rita.signIn('Rita', 'reviewer')).json).toMatchObject({ ok: true });
    const project = app.requireProject();
    const markId = (await project.stores.annotation.marksOfVideo(fx.videoId))[0]!.id;
    const pointId = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!.id;
    const requests = everyRequest({ dir: dir.path, projectPath, videoId: fx.videoId, questionId: fx.textId, pointId, markId, runId: drafted.runId });
    // what a reviewer would try first: say so in the settings, list themselves as lead (her own passphrase she may set)
    const attempts: Array<[ApiMethod, unknown, string]> = [
      ['settings.update', { personName: 'Lee', role: 'lead' }, 'invalid-request'],
      ['settings.update', { role: 'lead' }, 'invalid-request'],
      ['people.save', { name: 'Rita', roles: ['lead'] }, 'forbidden'],
      ['people.save', { name: 'Lee', roles: ['reviewer'] }, 'forbidden'],
      ['people.remove', { name: 'Lee' }, 'forbidden'],
      ['people.setPassphrase', { passphrase: 'now i am lee', current: null }, 'ok'],
    ];
    // every method once, the ones that switch projects last (ending with the team's project open again)
    const last: ApiMethod[] = ['projects.create', 'projects.close', 'projects.open'];
    const order = [...apiMethods.filter((m) => !last.includes(m)), ...last];
    const answered: Record<string, string> = {};
    for (const [method, payload, expected] of [...attempts, ...order.map((m) => [m, requests[m], null] as const)]) {
      const result = await rita.api(method, payload);
      answered[method] = result.ok ? 'ok' : result.error!.code;
      if (expected !== null) expect(answered[method], `${method} ${JSON.stringify(payload)}`).toBe(expected);
      // never asked to sign in again: her session stays hers throughout
      expect(answered[method], method).not.toBe('unauthenticated');
      const value = result.value as { jobId?: unknown } | null | undefined;
      if (result.ok && value && typeof value === 'object' && typeof value.jobId === 'string') await app.jobs.wait(value.jobId);
      // still Rita, the reviewer, after each call
      expect((await rita.send('GET', '/session')).json, method).toMatchObject({ ok: true, value: { caller: { person: 'Rita', role: 'reviewer' } } });
    }
    expect(Object.keys(answered).sort()).toEqual([...apiMethods].sort());
    // nor pull the project every browser works in from under the others: only its lead closes it or opens another
    for (const method of last) expect(answered[method], method).toBe('forbidden');
    expect(app.currentProject()?.path).toBe(projectPath);
    expect((await rita.send('GET', '/session')).json).toEqual({ ok: true, value: { caller: { person: 'Rita', role: 'reviewer' }, verified: true } });
    expect(await rita.api('app.info')).toMatchObject({ ok: true, value: { caller: { person: 'Rita', role: 'reviewer' } } });
    expect(await rita.api('people.save', { name: 'Rita', roles: ['lead'] })).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    // the project still has her as reviewer and Lee as its lead; every lead-only method refuses her
    const people = (await rita.api('people.list')).value as Array<{ name: string; roles: string[] }>;
    expect(people.find((p) => p.name === 'Rita')!.roles).toEqual(['reviewer']);
    expect(people.find((p) => p.name === 'Lee')!.roles).toEqual(['lead']);
    for (const method of apiMethods.filter((m) => typeof declarations[m].callers === 'object' && !(declarations[m].callers as { only: readonly string[] }).only.includes('reviewer'))) {
      expect(await rita.api(method, requests[method]), method).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // and signing in as the lead is not a contract method: it asks for Lee's passphrase
    expect((await rita.signIn('Lee', 'lead')).json).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
  });
});
