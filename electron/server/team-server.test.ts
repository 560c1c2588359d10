// The team server over real HTTP: accounts and invitations, every method refused without a session
// (401), in another project's session (403) and without the CSRF token (403); sign-in throttled;
// nobody becomes another person or takes a role they do not hold; the audit log records each read of
// answers and each change; blind review holds for a reviewer calling every method over HTTP.
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethods, type ApiMethod } from '../../shared/api';
import { CSRF_COOKIE } from '../../shared/team';
import { openTeamData, type TeamData } from '../services/team/data';
import { everyRequest } from '../services/test-support/every-request';
import { tempDir } from '../services/test-support/fixtures';
import { insertTestVideo } from '../services/test-support/project';
import { startTestPostgres, type TestPostgres } from '../services/test-support/postgres';
import { createHandlers } from '../services/handlers';
import { addDraftsAndRun, openRoundOfAnns, populateForReview, SENTINEL, type DraftedFixture, type ReviewFixture } from '../services/test-support/review';
import { SESSION_COOKIE, startTeamServer, type TeamServer } from './team-server';

const dir = tempDir();
let data: TeamData;
let server: TeamServer;
let fx: ReviewFixture;
let drafted: DraftedFixture;
const PASSWORD = 'correct horse battery';

/** A browser of one person: their cookies, sent back as a browser would. */
interface Client {
  cookies: Map<string, string>;
}
const newClient = (): Client => ({ cookies: new Map() });

/** An answer's JSON, read field by field as each test needs it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function request(
  client: Client,
  path: string,
  init: { method?: string; body?: unknown; csrf?: boolean | string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; text: string }> {
  const headers: Record<string, string> = { ...init.headers };
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const csrf = init.csrf === undefined || init.csrf === true ? client.cookies.get(CSRF_COOKIE) : init.csrf === false ? undefined : init.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const value = pair!.slice(eq + 1);
    if (/Max-Age=0/.test(line)) client.cookies.delete(pair!.slice(0, eq));
    else client.cookies.set(pair!.slice(0, eq), value);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // static files and plain refusals
  }
  return { status: response.status, body, text };
}

/** An account invited by the operator, its password set through the invitation link: a signed-in client. */
async function member(name: string, project: string | null, roles: Parameters<TeamData['host']['setRoles']>[2]): Promise<Client> {
  const invitation = await data.accounts.addAccount(name);
  if (project) await data.host.setRoles(project, name, roles, 'Lee');
  const client = newClient();
  const token = new URL(invitation.link).searchParams.get('token')!;
  expect((await request(client, `/team/invitation?token=${token}`)).body).toEqual({ ok: true, value: { name } });
  const accepted = await request(client, '/team/invitation', { body: { token, password: PASSWORD } });
  expect(accepted.status).toBe(200);
  return client;
}

const call = (client: Client, project: string, method: string, payload: unknown = {}, init: { csrf?: boolean | string } = {}) =>
  request(client, `/p/${project}/api/${method}`, { body: payload, ...init });

let lee: Client;
let rita: Client;
let ann: Client;
let olga: Client;
let requests: Record<ApiMethod, unknown>;
const media = join(dir.path, 'media');
let serverDir: string;
let postgres: TestPostgres | null = null;
let database: string | null = null;

afterAll(() => dir.remove());

describe.each(['the embedded engine', 'PostgreSQL'] as const)('the team server on %s', (engine) => {
  beforeAll(async () => {
    serverDir = mkdtempSync(join(dir.path, 'server-'));
    if (engine === 'PostgreSQL') {
      postgres = await startTestPostgres();
      database = await postgres.database();
    }
    mkdirSync(media, { recursive: true });
    writeFileSync(join(media, 'notes.txt'), 'not a video');
    let url = '';
    data = await openTeamData(serverDir, { version: 'test', publicUrl: () => url, ...(database ? { database } : {}) });
    server = await startTeamServer({ host: data.host, accounts: data.accounts, handlers: createHandlers(), staticDir: join(dir.path, 'static'), mediaRoot: media });
    url = server.url;
    await data.host.create('alpha');
    await data.host.create('beta');
    const { project } = await data.host.open('alpha');
    fx = await populateForReview(project);
    drafted = await addDraftsAndRun(project, fx, join(media, 'run.jsonl'));
    lee = await member('Lee', 'alpha', ['lead']);
    rita = await member('Rita', 'alpha', ['reviewer']);
    ann = await member('Ann', 'alpha', ['annotator']);
    olga = await member('Olga', 'beta', ['lead']);
    await openRoundOfAnns(project, 'R1', ['Rita']);
    const loaded = await call(lee, 'alpha', 'annotations.load', { videoId: fx.videoId });
    if (!loaded.body?.ok) throw new Error(`annotations.load as Lee: ${loaded.status} ${loaded.text}`);
    const markId = loaded.body.value.marks[0].id as string;
    const pointId = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.textId)!.id;
    requests = everyRequest({ dir: media, projectPath: data.host.pathOf('alpha'), videoId: fx.videoId, questionId: fx.textId, pointId, markId, runId: drafted.runId });
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await data.close();
    await postgres?.stop();
    postgres = null;
    database = null;
  });

  it('answers every method 401 without a session, and 403 in a project the person is not a member of', async () => {
    const stranger = newClient();
    const unauthorised: string[] = [];
    const notMember: string[] = [];
    for (const method of apiMethods) {
      const none = await call(stranger, 'alpha', method, requests[method]);
      if (none.status !== 401 || none.body.error.code !== 'unauthenticated') unauthorised.push(`${method}: ${none.status}`);
      const other = await call(olga, 'alpha', method, requests[method]);
      if (other.status !== 403) notMember.push(`${method}: ${other.status}`);
    }
    expect(unauthorised).toEqual([]);
    expect(notMember).toEqual([]);
    expect((await request(stranger, '/team/me')).status).toBe(401);
    expect((await request(stranger, '/p/alpha/session')).status).toBe(401);
    expect((await request(stranger, `/p/alpha/media/video/${fx.videoId}`)).status).toBe(401);
    expect((await request(olga, `/p/alpha/media/video/${fx.videoId}`)).status).toBe(403);
    // her own project answers her
    expect((await call(olga, 'beta', 'videos.list')).body).toEqual({ ok: true, value: [] });
  });

  it('refuses a call without the session’s CSRF token, or with another one', async () => {
    expect((await call(ann, 'alpha', 'videos.list', {}, { csrf: false })).status).toBe(403);
    expect((await call(ann, 'alpha', 'videos.list', {}, { csrf: lee.cookies.get(CSRF_COOKIE)! })).status).toBe(403);
    expect((await request(ann, '/team/logout', { body: {}, csrf: false })).status).toBe(403);
    expect((await call(ann, 'alpha', 'videos.list')).body).toMatchObject({ ok: true });
  });

  it('sets the session cookie HttpOnly and SameSite=Strict, and refuses requests from other sites', async () => {
    const response = await fetch(`${server.url}/team/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann', password: PASSWORD }) });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/SameSite=Strict/);
    // kept as long as the session lasts (7 days), across a restart of the browser
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=604800/);
    expect(cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))).not.toMatch(/HttpOnly/);
    expect((await call(ann, 'alpha', 'videos.list', {}, {})).status).toBe(200);
    const foreign = await request(ann, '/p/alpha/api/videos.list', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('signs in with the right password only, and throttles wrong ones per account', async () => {
    const client = newClient();
    expect((await request(client, '/team/login', { body: { name: 'ann', password: PASSWORD } })).body).toMatchObject({
      ok: true,
      value: { name: 'Ann', projects: [{ name: 'alpha', roles: ['annotator'] }] },
    });
    const wrong = await request(newClient(), '/team/login', { body: { name: 'Nobody', password: PASSWORD } });
    expect(wrong).toMatchObject({ status: 401, body: { ok: false, error: { code: 'unauthenticated', message: 'Wrong name or password.' } } });
    await data.accounts.addAccount('Tess', {});
    // an invited account without a password cannot be signed into
    expect((await request(newClient(), '/team/login', { body: { name: 'Tess', password: '' + PASSWORD } })).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await request(newClient(), '/team/login', { body: { name: 'Rita', password: 'not her password' } })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // now even her right password waits
    const held = await request(newClient(), '/team/login', { body: { name: 'Rita', password: PASSWORD } });
    expect(held).toMatchObject({ status: 429, body: { error: { code: 'unavailable', message: expect.stringMatching(/^Too many wrong passwords/) } } });
    // her session from before goes on
    expect((await call(rita, 'alpha', 'videos.list')).status).toBe(200);
  });

  it('lets a reviewer import no video (they answer in the review, not change what is reviewed)', async () => {
    expect((await call(rita, 'alpha', 'videos.import', { paths: ['clip.mp4'] })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('lets nobody become another person, or work in a role they do not hold', async () => {
    expect((await request(ann, '/p/alpha/session', { body: { person: 'Lee', role: 'lead' } })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await request(ann, '/p/alpha/session', { body: { person: 'Ann', role: 'lead' } })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await request(ann, '/p/alpha/session')).body).toEqual({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' }, verified: true } });
    // the caller comes from the session: a setting or a payload changes nothing
    expect((await call(ann, 'alpha', 'settings.update', { keymap: {} })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await call(ann, 'alpha', 'app.info')).body.value).toMatchObject({ mode: 'team', caller: { person: 'Ann', role: 'annotator' } });
    expect((await call(ann, 'alpha', 'people.save', { name: 'Ann', roles: ['lead'] })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await call(ann, 'alpha', 'projects.open', { path: data.host.pathOf('beta') })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // a lead's step needs a lead
    expect((await request(ann, '/team/projects/alpha/members')).status).toBe(403);
    expect((await request(ann, '/team/projects/alpha/audit')).status).toBe(403);
  });

  it('keeps calls to files inside the media folder', async () => {
    const outside = await call(lee, 'alpha', 'exchange.import', { ...(requests['exchange.import'] as object), path: '/etc/passwd' });
    expect(outside.body).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/outside the server's media folder/) } });
    const escaped = await call(lee, 'alpha', 'videos.import', { paths: ['../server/accounts.sqlite'] });
    expect(escaped.body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('gives a blind reviewer nothing of the answers from any method over HTTP', async () => {
    const seenByLead = (await call(lee, 'alpha', 'annotations.load', { videoId: fx.videoId })).text;
    expect(seenByLead).toContain(SENTINEL);
    const leaked: string[] = [];
    const last: ApiMethod[] = ['reviews.submit', 'projects.create', 'projects.open', 'projects.close'];
    for (const method of [...apiMethods.filter((m) => !last.includes(m)), ...last]) {
      if (method === 'reviews.submit') continue;
      const answer = await call(rita, 'alpha', method, requests[method]);
      if (answer.text.includes(SENTINEL) || answer.text.includes(drafted.draftedEventId)) leaked.push(method);
    }
    expect(leaked).toEqual([]);
    // the redacted reads did answer her (they are not merely refused)
    expect((await call(rita, 'alpha', 'annotations.load', { videoId: fx.videoId })).body).toMatchObject({ ok: true });
    expect((await call(rita, 'alpha', 'reviews.queue', requests['reviews.queue'])).body).toMatchObject({ ok: true });
  }, 60_000);

  it('records each read of answers and each change in the audit log, which a lead reads', async () => {
    await call(ann, 'alpha', 'annotations.load', { videoId: fx.videoId });
    await call(ann, 'alpha', 'marks.create', requests['marks.create']);
    await call(ann, 'alpha', 'videos.list');
    const log = (await request(lee, '/team/projects/alpha/audit?limit=5000')).body.value as Array<{ person: string; kind: string; what: string; subject: string; ok: boolean }>;
    const anns = log.filter((e) => e.person === 'Ann');
    expect(anns[0]).toMatchObject({ kind: 'write', what: 'marks.create', ok: true });
    expect(anns[1]).toMatchObject({ kind: 'read', what: 'annotations.load', subject: JSON.stringify({ videoId: fx.videoId }), ok: true });
    // a list of videos shows no answers: not recorded as a read of them
    expect(anns.some((e) => e.what === 'videos.list')).toBe(false);
    // and each sign-in, refused ones too (Rita's wrong passwords above); not where someone left things
    expect(log.some((e) => e.person === 'Ann' && e.kind === 'sign-in' && e.ok)).toBe(true);
    expect(log.some((e) => e.person === 'Rita' && e.kind === 'sign-in' && !e.ok)).toBe(true);
    await call(ann, 'alpha', 'videos.saveView', { videoId: fx.videoId, position: 1, viewStart: 0, pxPerSec: 10 });
    expect((await data.accounts.store.auditOf('alpha', 1))[0]?.what).not.toBe('videos.saveView');
    // every method that can show answers, as the reviewer called them above, is there
    expect(log.some((e) => e.person === 'Rita' && e.what === 'reviews.context')).toBe(true);
  });

  it('streams each committed edit, undo and redo to the project’s other pages within a second (who, which tables and videos, never the content)', async () => {
    expect((await request(newClient(), '/p/alpha/events')).status).toBe(401);
    expect((await request(olga, '/p/alpha/events')).status).toBe(403);
    const abort = new AbortController();
    const response = await fetch(`${server.url}/p/alpha/events`, { headers: { cookie: [...rita.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, signal: abort.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const events: Array<{ person: string; tables: string[]; videoIds: string[] }> = [];
    let buffered = '';
    const next = async (): Promise<{ person: string; tables: string[]; videoIds: string[] }> => {
      for (;;) {
        const line = /^data: (.*)$/m.exec(buffered);
        if (line) {
          buffered = buffered.slice(buffered.indexOf(line[0]) + line[0].length);
          const event = JSON.parse(line[1]!);
          events.push(event);
          return event;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += new TextDecoder().decode(value);
      }
    };
    try {
      const started = Date.now();
      expect((await call(ann, 'alpha', 'marks.create', requests['marks.create'])).body).toMatchObject({ ok: true });
      expect(await next()).toEqual({ person: 'Ann', tables: ['marks'], videoIds: [fx.videoId] });
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await call(ann, 'alpha', 'edits.undo')).body).toMatchObject({ ok: true, value: { label: expect.any(String) } });
      expect(await next()).toMatchObject({ person: 'Ann', tables: ['marks'] });
      // nothing of what the rows hold
      expect(JSON.stringify(events)).not.toContain(SENTINEL);
    } finally {
      abort.abort();
    }
  });

  it('lets a lead invite, reset and revoke; an invitation works once; a reset ends the sessions', async () => {
    const invited = await request(lee, '/team/projects/alpha/invite', { body: { name: 'Vic', roles: ['annotator'] } });
    expect(invited.body).toMatchObject({ ok: true, value: { member: { name: 'Vic', roles: ['annotator'], active: false }, invitation: { name: 'Vic' } } });
    const token = new URL(invited.body.value.invitation.link).searchParams.get('token')!;
    const vic = newClient();
    expect((await request(vic, '/team/invitation', { body: { token, password: 'short' } })).body).toMatchObject({ ok: false });
    expect((await request(vic, '/team/invitation', { body: { token, password: PASSWORD } })).status).toBe(200);
    expect((await request(newClient(), '/team/invitation', { body: { token, password: PASSWORD } })).status).toBe(400);
    expect((await call(vic, 'alpha', 'videos.list')).status).toBe(200);
    // listed in the project's people too, so rounds can assign them
    expect((await call(lee, 'alpha', 'people.list')).body.value.map((p: { name: string }) => p.name)).toContain('Vic');
    const reset = await request(lee, '/team/projects/alpha/reset', { body: { name: 'Vic' } });
    expect(reset.body).toMatchObject({ ok: true, value: { name: 'Vic' } });
    expect((await call(vic, 'alpha', 'videos.list')).status).toBe(401);
    expect((await request(newClient(), '/team/login', { body: { name: 'Vic', password: PASSWORD } })).status).toBe(401);
    // revoke: Ann signed out everywhere
    expect((await request(lee, '/team/projects/alpha/revoke', { body: { name: 'Ann' } })).body).toEqual({ ok: true, value: null });
    expect((await call(ann, 'alpha', 'videos.list')).status).toBe(401);
    // sign-out ends only that session
    const again = newClient();
    await request(again, '/team/login', { body: { name: 'Ann', password: PASSWORD } });
    expect((await request(again, '/team/logout', { body: {} })).body).toEqual({ ok: true, value: null });
    expect((await request(again, '/team/me')).status).toBe(401);
    const log = (await request(lee, '/team/projects/alpha/audit')).body.value as Array<{ kind: string; what: string }>;
    expect(log.filter((e) => e.kind === 'admin').map((e) => e.what)).toEqual(['revoke', 'reset', 'invite']);
  });
  it('serves a video only from the media folder, wherever its stored path points', async () => {
    const { project } = await data.host.open('alpha');
    mkdirSync(join(dir.path, 'outside'), { recursive: true });
    writeFileSync(join(dir.path, 'outside', 'secret.mp4'), 'NOT-IN-THE-MEDIA-FOLDER');
    writeFileSync(join(media, 'clip.mp4'), 'A-CLIP');
    const projects = dirname(data.host.pathOf('alpha'));
    const escaped = await insertTestVideo(project, {
      relPath: relative(projects, join(dir.path, 'outside', 'secret.mp4'))
        .split(sep)
        .join('/'),
    });
    const inside = await insertTestVideo(project, { relPath: relative(projects, join(media, 'clip.mp4')).split(sep).join('/') });
    const fresh = newClient();
    await request(fresh, '/team/login', { body: { name: 'Rita', password: PASSWORD } });
    expect((await request(lee, `/p/alpha/media/video/${escaped}`)).status).toBe(403);
    expect(await request(lee, `/p/alpha/media/video/${inside}`)).toMatchObject({ status: 200, text: 'A-CLIP' });
  });

  it('writes files only into the media folder’s exports/, taking a relative path from the media folder — not through a symlink, never over a video', async () => {
    const lena = await member(`Lena-${engine.length}`, 'alpha', ['annotator']);
    const exportTo = (path: string, extra: object = {}) => call(lena, 'alpha', 'exchange.export', { path, format: 'tidemark', ...extra });
    expect((await exportTo('out.jsonl')).body).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/only into the media folder's exports\/ folder/) } });
    expect((await exportTo('clip.mp4', { overwrite: true })).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    mkdirSync(join(dir.path, 'elsewhere'), { recursive: true });
    mkdirSync(join(media, 'exports'), { recursive: true });
    if (!existsSync(join(media, 'exports', 'link'))) symlinkSync(join(dir.path, 'elsewhere'), join(media, 'exports', 'link'));
    expect((await exportTo('exports/link/leak.jsonl')).body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await exportTo(`exports/${engine.length}.jsonl`)).body).toMatchObject({ ok: true });
    for (let i = 0; i < 50 && !existsSync(join(media, 'exports', `${engine.length}.jsonl`)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(join(media, 'exports', `${engine.length}.jsonl`))).toBe(true);
    expect(existsSync(join(dir.path, 'elsewhere', 'leak.jsonl'))).toBe(false);
    // the audit log names the file
    expect((await data.accounts.store.auditOf('alpha', 1))[0]).toMatchObject({ what: 'exchange.export', subject: expect.stringContaining(`exports/${engine.length}.jsonl`) });
  });

  it('lets a lead reset or sign out only people who are in no project they do not lead', async () => {
    // Olga leads beta; added to alpha as an annotator, she is still not Lee's to take over
    expect((await request(lee, '/team/projects/alpha/invite', { body: { name: 'Olga', roles: ['annotator'] } })).body).toMatchObject({ ok: true, value: { invitation: null } });
    expect((await request(lee, '/team/projects/alpha/reset', { body: { name: 'Olga' } })).status).toBe(403);
    expect((await request(lee, '/team/projects/alpha/revoke', { body: { name: 'Olga' } })).status).toBe(403);
    expect((await call(olga, 'beta', 'videos.list')).status).toBe(200);
    await request(lee, '/team/projects/alpha/members', { body: { name: 'Olga', roles: [] } });
  });

  it('keeps no session a sign-in makes while a reset of that person runs', async () => {
    await data.accounts.addAccount(`Rae${engine.length}`);
    await data.host.setRoles('alpha', `Rae${engine.length}`, ['annotator'], 'Lee');
    await data.accounts.acceptInvitation(new URL((await data.accounts.invitation(`Rae${engine.length}`)).link).searchParams.get('token')!, PASSWORD);
    const rae = newClient();
    const signingIn = request(rae, '/team/login', { body: { name: `Rae${engine.length}`, password: PASSWORD } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await data.accounts.resetPassword(`Rae${engine.length}`);
    await signingIn;
    expect((await request(rae, '/team/me')).status).toBe(401);
  });

  it('ends a removed member’s event stream', async () => {
    const ann2 = newClient();
    expect((await request(ann2, '/team/login', { body: { name: 'Ann', password: PASSWORD } })).status).toBe(200);
    const response = await fetch(`${server.url}/p/alpha/events`, { headers: { cookie: [...ann2.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    const reader = response.body!.getReader();
    await request(lee, '/team/projects/alpha/members', { body: { name: 'Ann', roles: [] } });
    const started = Date.now();
    while (!(await reader.read()).done) if (Date.now() - started > 15_000) throw new Error('the stream went on');
    expect(Date.now() - started).toBeLessThan(7_000);
    await request(lee, '/team/projects/alpha/members', { body: { name: 'Ann', roles: ['annotator'] } });
  }, 20_000);

  it('keeps where each person left things their own: one person’s playhead does not move another’s', async () => {
    const fresh = await member(`Pia${engine.length}`, 'alpha', ['annotator']);
    await call(lee, 'alpha', 'projects.selectVideo', { videoId: fx.videoId });
    await call(lee, 'alpha', 'videos.saveView', { videoId: fx.videoId, position: 42, viewStart: 0, pxPerSec: 20 });
    expect((await call(lee, 'alpha', 'projects.viewState')).body.value).toEqual({ selectedVideoId: fx.videoId, videos: { [fx.videoId]: { position: 42, viewStart: 0, pxPerSec: 20 } } });
    expect((await call(fresh, 'alpha', 'projects.viewState')).body.value).toEqual({ selectedVideoId: null, videos: {} });
    await call(fresh, 'alpha', 'videos.saveView', { videoId: fx.videoId, position: 3, viewStart: 0, pxPerSec: 10 });
    expect((await call(lee, 'alpha', 'projects.viewState')).body.value.videos[fx.videoId].position).toBe(42);
  });

  // last: it leaves this address held
  it('counts an address’s wrong passwords across names, and one’s own sign-in does not wipe them', async () => {
    const wrong = (name: string) => request(newClient(), '/team/login', { body: { name, password: 'not the password' } });
    for (let i = 0; i < 10; i++) await wrong(`nobody-${i}`);
    expect((await request(newClient(), '/team/login', { body: { name: 'Lee', password: PASSWORD } })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await wrong(`someone-${i}`)).status);
    expect(statuses).toContain(429);
    expect((await request(newClient(), '/team/login', { body: { name: 'Lee', password: PASSWORD } })).status).toBe(429);
  });
});

describe('two team server processes on one PostgreSQL database', () => {
  let pgCluster: TestPostgres;
  let first: { data: TeamData; server: TeamServer };
  let second: { data: TeamData; server: TeamServer };
  const shared = join(dir.path, 'shared-server');
  let gammaVideo: string;
  let databaseUrl: string;

  const open = async (url: string): Promise<{ data: TeamData; server: TeamServer }> => {
    let address = '';
    const opened = await openTeamData(shared, { version: 'test', publicUrl: () => address, database: url });
    const started = await startTeamServer({ host: opened.host, accounts: opened.accounts, handlers: createHandlers(), staticDir: join(dir.path, 'static') });
    address = started.url;
    return { data: opened, server: started };
  };
  /** The same client's request to one server or the other (the cookies are the browser's). */
  const at = async (which: TeamServer, client: Client, path: string, init: Parameters<typeof request>[2] = {}) => {
    const before = server;
    server = which;
    try {
      return await request(client, path, init);
    } finally {
      server = before;
    }
  };

  beforeAll(async () => {
    pgCluster = await startTestPostgres();
    databaseUrl = await pgCluster.database();
    first = await open(databaseUrl);
    second = await open(databaseUrl);
    await first.data.host.create('gamma');
    gammaVideo = await insertTestVideo((await first.data.host.open('gamma')).project);
  }, 60_000);
  afterAll(async () => {
    for (const side of [first, second]) {
      await side?.server.close();
      await side?.data.close();
    }
    await pgCluster?.stop();
  });

  it('share sessions and each other’s edits: signed in on one, working on the other, the edit streamed by both', async () => {
    const invitation = await first.data.accounts.addAccount('Ivy');
    await first.data.host.setRoles('gamma', 'Ivy', ['annotator'], 'Ivy');
    const ivy = newClient();
    const token = new URL(invitation.link).searchParams.get('token')!;
    expect((await at(first.server, ivy, '/team/invitation', { body: { token, password: PASSWORD } })).status).toBe(200);
    // the session the first process made is the second's too
    expect((await at(second.server, ivy, '/team/me')).body).toMatchObject({ ok: true, value: { name: 'Ivy', projects: [{ name: 'gamma' }] } });
    const watcher = newClient();
    await first.data.accounts.addAccount('Wes');
    await first.data.host.setRoles('gamma', 'Wes', ['lead'], 'Wes');
    const reset = await first.data.accounts.resetPassword('Wes');
    await at(first.server, watcher, '/team/invitation', { body: { token: new URL(reset.link).searchParams.get('token')!, password: PASSWORD } });
    // Wes watches on the first process; Ivy works on the second
    const abort = new AbortController();
    const stream = await fetch(`${first.server.url}/p/gamma/events`, { headers: { cookie: [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, signal: abort.signal });
    const reader = stream.body!.getReader();
    let buffered = '';
    try {
      // anyone who can connect may NOTIFY: what is not ours is ignored (it stopped the processes)
      const outsider = new pg.Client({ connectionString: databaseUrl });
      await outsider.connect();
      await outsider.query("NOTIFY tidemark_edits, 'not json'");
      await outsider.query(`NOTIFY tidemark_edits, '{"origin":"x","project":"gamma"}'`);
      await outsider.end();
      const started = Date.now();
      const made = await at(second.server, ivy, '/p/gamma/api/marks.create', { body: { videoId: gammaVideo, marks: [{ type: 'event', start: 2, end: null, target: 'events', data: {} }] } });
      expect(made.body).toMatchObject({ ok: true });
      while (!/^data: /m.test(buffered)) buffered += new TextDecoder().decode((await reader.read()).value);
      expect(JSON.parse(/^data: (.*)$/m.exec(buffered)![1]!)).toEqual({ person: 'Ivy', tables: ['marks'], videoIds: [gammaVideo] });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      abort.abort();
    }
  });

  it('answers "reconnecting" while PostgreSQL is down, and goes on once it is back with nothing acknowledged lost, its pages told to reload', async () => {
    const ivy = newClient();
    expect((await at(first.server, ivy, '/team/login', { body: { name: 'Ivy', password: PASSWORD } })).status).toBe(200);
    const made = await at(first.server, ivy, '/p/gamma/api/marks.create', { body: { videoId: gammaVideo, marks: [{ type: 'event', start: 3, end: null, target: 'events', data: {} }] } });
    expect(made.body).toMatchObject({ ok: true });
    // a page listening on the first process while PostgreSQL goes away
    const abort = new AbortController();
    const stream = await fetch(`${first.server.url}/p/gamma/events`, { headers: { cookie: [...ivy.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, signal: abort.signal });
    const reader = stream.body!.getReader();
    let heard = '';
    const listening = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        heard += new TextDecoder().decode(value);
      }
    })();
    await pgCluster.crash();
    // the stream's checks run while the database is away: the server must go on (it crashed on them)
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const down = await at(first.server, ivy, '/team/me');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/database.*reconnecting/i) } });
    await pgCluster.start();
    let back = await at(first.server, ivy, '/team/me');
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      back = await at(first.server, ivy, '/team/me');
    }
    expect(back.body).toMatchObject({ ok: true, value: { name: 'Ivy' } });
    // the relay's listening connection is back: the page is told to reload everything it may have missed
    for (let i = 0; i < 40 && !/"person":null/.test(heard); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toMatch(/"person":null/);
    abort.abort();
    await listening;
    // her session, and both marks made before, are there
    const marks = await at(second.server, ivy, '/p/gamma/api/annotations.load', { body: { videoId: gammaVideo } });
    expect(marks.body.value.marks.map((m: { start: number }) => m.start).sort()).toEqual([2, 3]);
  }, 60_000);
});
