import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppServices } from '../services/app-services';
import { LATEST_SCHEMA_VERSION } from '../services/db/migrations';
import type { RequestContext } from '../services/context';
import { createHandlers, type HandlerMap } from '../services/handlers';
import { renderClip, tempDir, tools } from '../services/test-support/fixtures';
import { importVideos } from '../services/videos/service';
import { startBrowserServer, type BrowserServer, MAX_BODY } from './http-server';
import { listVideos } from '../services/videos/library';

const dir = tempDir();
let app: AppServices;
let server: BrowserServer;
let videoId: string;
let videoBytes: Buffer;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  auth?: boolean;
  to?: BrowserServer;
}

function send(path: string, options: SendOptions = {}): Promise<Reply> {
  const to = options.to ?? server;
  const headers: Record<string, string> = { ...(options.auth === false ? {} : { 'X-Tidemark-Token': to.token }), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: to.port, path, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const api = (method: string, payload: unknown, auth = true, headers: Record<string, string> = {}) =>
  send(`/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload), auth }).then((r) => ({
    status: r.status,
    json: String(r.headers['content-type']).startsWith('application/json') ? JSON.parse(r.body.toString()) : null,
  }));

/** A browser's cookie jar for 127.0.0.1: like browsers, it keys cookies by host and name, not by port. */
class CookieJar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async visit(to: BrowserServer, path: string): Promise<Reply> {
    const reply = await send(path, { to, auth: false, headers: this.cookies.size ? { Cookie: this.header() } : {} });
    for (const line of [reply.headers['set-cookie'] ?? []].flat()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return reply;
  }
}

/** Sends one raw request line (what http.request would refuse to send) and returns the status. */
function rawStatus(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Tidemark-Token: ${server.token}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  const staticDir = join(dir.path, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir.path, 'secret.txt'), 'secret');
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  server = await startBrowserServer({ app, handlers: createHandlers(), staticDir });
  const clip = await renderClip(join(dir.path, 'clip.mp4'));
  videoBytes = readFileSync(clip);
  await app.createProject(join(dir.path, 'p'));
  const job = app.jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(app.requireProject(), app.localCaller(), tools, [clip], c));
  await app.jobs.wait(job.id);
  videoId = (await listVideos(app.requireProject()))[0]!.id;
});
afterAll(async () => {
  await server.close();
  await app.shutdown();
  dir.remove();
});

describe('browser-mode server', () => {
  it('keeps an idle connection open past Node’s default 5 s: the browser closes it, so no close of ours races its next call', async () => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => (closed = true));
    const ask = (): void =>
      void socket.write(`POST /api/projects.current HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Tidemark-Token: ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
    const answers = () => received.match(/^HTTP\/1\.1 200/gm)?.length ?? 0;
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    ask();
    await vi.waitFor(() => expect(answers()).toBe(1));
    // (Node closes an idle connection 5 s after its last answer, plus a second's grace)
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closed).toBe(false);
    ask();
    await vi.waitFor(() => expect(answers()).toBe(2));
    socket.destroy();
  }, 15_000);

  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect((server.server.address() as { address: string }).address).toBe('127.0.0.1');
  });

  it('refuses every request without the token', async () => {
    expect((await send('/', { auth: false })).status).toBe(401);
    expect((await send(`/media/video/${videoId}`, { auth: false })).status).toBe(401);
    expect((await api('projects.current', {}, false)).status).toBe(401);
    expect((await send('/', { auth: false, headers: { 'X-Tidemark-Token': 'wrong' } })).status).toBe(401);
  });

  it('trades the token in the URL for an HttpOnly cookie, which then authorises', async () => {
    const first = await send(`/?token=${server.token}`, { auth: false });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`tidemark_token_${server.port}=${server.token}`);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await send('/', { auth: false, headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('rejects other Host names (DNS rebinding)', async () => {
    expect((await send('/', { headers: { Host: `evil.example:${server.port}` } })).status).toBe(421);
  });

  it('serves the contract: results and errors as data', async () => {
    const current = await api('projects.current', {});
    expect(current.json).toMatchObject({ ok: true, value: { videoCount: 1, schemaVersion: LATEST_SCHEMA_VERSION } });
    expect((await api('videos.list', {})).json.value[0].id).toBe(videoId);
    expect((await api('no.such', {})).json).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect((await api('videos.saveView', { videoId, position: -1, viewStart: 0, pxPerSec: 1 })).json).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', message: expect.stringContaining('position') },
    });
    expect((await api('projects.open', { path: join(dir.path, 'missing.tidemark') })).json).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect((await api('dialogs.pick', { kind: 'videoFiles' })).json).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('gives each call a context of its own: the local person, and a signal that aborts once the client has gone', async () => {
    const contexts: RequestContext[] = [];
    let arrived = (): void => undefined;
    const handlers = createHandlers();
    const watching: HandlerMap = {
      ...handlers,
      // answers only after its client has gone away
      'projects.current': (_req, ctx) => {
        contexts.push(ctx);
        arrived();
        return new Promise((answer) => ctx.signal.addEventListener('abort', () => answer(null)));
      },
      'projects.recent': (req, ctx) => {
        contexts.push(ctx);
        return handlers['projects.recent'](req, ctx);
      },
    };
    const spare = await startBrowserServer({ app, handlers: watching, staticDir: join(dir.path, 'static') });
    try {
      expect((await send('/api/projects.recent', { to: spare, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(200);
      const answered = contexts[0]!;
      const inHandler = new Promise<void>((resolve) => (arrived = resolve));
      const client = request({ host: '127.0.0.1', port: spare.port, path: '/api/projects.current', method: 'POST', headers: { 'X-Tidemark-Token': spare.token, 'Content-Type': 'application/json' } });
      client.on('error', () => undefined);
      client.end('{}');
      await inHandler;
      const waiting = contexts[1]!;
      expect(waiting.signal.aborted).toBe(false);
      client.destroy();
      await new Promise((resolve) => {
        waiting.signal.addEventListener('abort', resolve);
        setTimeout(resolve, 3000);
      });
      expect(waiting.signal.aborted).toBe(true);
      // a call that was answered is not aborted afterwards, and each call had its own
      expect(answered.signal.aborted).toBe(false);
      expect(answered).not.toBe(waiting);
      for (const ctx of contexts) expect(ctx.caller).toEqual(app.localCaller());
    } finally {
      await spare.close();
    }
  });

  it('answers Range requests with 206 and the right bytes', async () => {
    const whole = await send(`/media/video/${videoId}`);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(videoBytes)).toBe(true);
    const part = await send(`/media/video/${videoId}`, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${videoBytes.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.body.equals(videoBytes.subarray(100, 200))).toBe(true);
    const tail = await send(`/media/video/${videoId}`, { headers: { Range: 'bytes=-10' } });
    expect(tail.body.equals(videoBytes.subarray(videoBytes.length - 10))).toBe(true);
    expect((await send(`/media/video/${videoId}`, { headers: { Range: `bytes=${videoBytes.length}-` } })).status).toBe(416);
  });

  it('serves media by id only, never by path', async () => {
    expect((await send('/media/video/..%2F..%2Fsecret.txt')).status).toBe(404);
    expect((await send(`/media/video/${encodeURIComponent(join(dir.path, 'clip.mp4'))}`)).status).toBe(404);
    expect((await send('/media/thumbs/../../secret.txt/1')).status).toBe(404);
    expect((await send('/media/video/unknown-id')).status).toBe(404);
    expect((await send('/%2e%2e/secret.txt')).status).not.toBe(200);
  });

  it('keeps the redirect after the token exchange on this site', async () => {
    const reply = await send(`/.//evil.example/?token=${server.token}`, { auth: false });
    expect(reply.status).toBe(303);
    expect(reply.headers.location).toBe('/evil.example/');
  });

  it('scopes the token cookie to its port: two instances in one browser both stay logged in', async () => {
    const other = await startBrowserServer({ app, handlers: createHandlers(), staticDir: join(dir.path, 'static') });
    try {
      const jar = new CookieJar();
      expect((await jar.visit(server, `/?token=${server.token}`)).status).toBe(303);
      expect((await jar.visit(other, `/?token=${other.token}`)).status).toBe(303);
      // both cookies live side by side; neither instance's token sits under the other's name
      expect(jar.cookies.get(`tidemark_token_${server.port}`)).toBe(server.token);
      expect(jar.cookies.get(`tidemark_token_${other.port}`)).toBe(other.token);
      expect([...jar.cookies.values()].filter((v) => v === other.token)).toHaveLength(1);
      expect((await jar.visit(server, '/')).status).toBe(200);
      expect((await jar.visit(other, '/')).status).toBe(200);
      // a cookie for another port is not ours, even if the browser sends it along
      const foreign = `tidemark_token_${other.port}=${other.token}`;
      expect((await send('/', { auth: false, headers: { Cookie: foreign } })).status).toBe(401);
      expect((await send('/', { auth: false, headers: { Cookie: `tidemark_token=${server.token}` } })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses API calls from another origin, accepts its own and scripts without Origin', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`, 'null']) {
      const refused = await api('projects.current', {}, true, { Origin: origin });
      expect(refused.status, origin).toBe(403);
      expect(refused.json).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      expect((await api('projects.current', {}, true, { Origin: origin })).json, origin).toMatchObject({ ok: true });
    }
    expect((await api('projects.current', {})).json).toMatchObject({ ok: true });
    // the content type still has to be JSON (a cross-site form could send text/plain without preflight)
    expect((await send('/api/projects.current', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
  });

  it('uses Sec-Fetch-Site: only same-origin calls the API; other sites may link to pages but not embed media', async () => {
    expect((await api('projects.current', {}, true, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect((await api('projects.current', {}, true, { 'Sec-Fetch-Site': site })).status, site).toBe(403);
    }
    const embed = { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'video' };
    expect((await send(`/media/video/${videoId}`, { headers: embed })).status).toBe(403);
    expect((await send(`/media/video/${videoId}`, { headers: { ...embed, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    const link = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
    expect((await send('/', { headers: link })).status).toBe(200);
    expect((await send('/', { headers: { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' } })).status).toBe(200);
  });

  it('answers malformed % escapes and bad request targets with 400', async () => {
    expect((await send('/%E0%A4%A')).status).toBe(400);
    expect((await send('/index%zz.html')).status).toBe(400);
    expect((await send('/media/video/%ff')).status).toBe(400);
    expect((await send('/media/thumbs/%zz/1')).status).toBe(400);
    const bad = await send('/api/projects%zz.current', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await rawStatus('http://[')).toBe(400);
  });

  it('refuses a body over the limit with 413 without reading the rest', async () => {
    const declared = await send('/api/projects.current', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY + 1) } });
    expect(declared.status).toBe(413);
    // chunked, never ended: the answer comes once the limit is passed, then the server hangs up
    const streamed = await new Promise<{ status: number; closed: Promise<void> }>((resolve, reject) => {
      const req: ClientRequest = request(
        { host: '127.0.0.1', port: server.port, path: '/api/projects.current', method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Tidemark-Token': server.token } },
        (res) => {
          const closed = new Promise<void>((done) => req.socket!.once('close', () => done()));
          res.resume();
          resolve({ status: res.statusCode ?? 0, closed });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
      });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let i = 0; i < MAX_BODY / chunk.length + 4; i++) req.write(chunk);
    });
    expect(streamed.status).toBe(413);
    await streamed.closed;
    // the server is still fine
    expect((await api('projects.current', {})).status).toBe(200);
  });

  it('never echoes the request in error messages', async () => {
    const secret = 'SECRET-4f2a';
    const badJson = await send('/api/projects.current', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"path": ${secret}` });
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.body.toString())).toMatchObject({ ok: false, error: { code: 'invalid-request', message: 'The request body is not valid JSON.' } });
    const unknown = await send(`/api/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    const replies = [
      badJson,
      unknown,
      await send(`/${secret}%zz`),
      await send(`/${secret}`),
      await send(`/${secret}`, { auth: false }),
      await send(`/media/video/${secret}`),
      await send(`/api/${secret}`, { method: 'POST', headers: { 'Content-Type': `text/${secret}` } }),
      await send(`/api/${secret}`, { method: 'GET' }),
      await send(`/${secret}`, { headers: { Host: `${secret}:${server.port}` } }),
      await send(`/${secret}`, { headers: { Origin: `http://${secret}` } }),
    ];
    for (const reply of replies) expect(reply.body.toString()).not.toContain(secret);
  });

  it('answers an unexpected failure with a fixed message', async () => {
    const secret = 'SECRET-91c3';
    const broken = {
      localCaller: () => {
        throw new Error(secret);
      },
    } as unknown as AppServices;
    const spare = await startBrowserServer({ app: broken, handlers: createHandlers(), staticDir: join(dir.path, 'static') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const reply = await send('/api/projects.current', { to: spare, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(reply.status).toBe(500);
      expect(reply.body.toString()).toBe('Internal error.');
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await spare.close();
    }
  });
});
