import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServices } from '../services/app-services';
import { LATEST_SCHEMA_VERSION } from '../services/db/migrations';
import { createHandlers } from '../services/handlers';
import { renderClip, tempDir, tools } from '../services/test-support/fixtures';
import { importVideos } from '../services/videos/service';
import { startBrowserServer, type BrowserServer } from './http-server';

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

function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string; auth?: boolean } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.auth === false ? {} : { 'X-Tidemark-Token': server.token }), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const api = (method: string, payload: unknown, auth = true) =>
  send(`/api/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload), auth }).then((r) => ({ status: r.status, json: String(r.headers['content-type']).startsWith('application/json') ? JSON.parse(r.body.toString()) : null }));

beforeAll(async () => {
  const staticDir = join(dir.path, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir.path, 'secret.txt'), 'secret');
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
  server = await startBrowserServer({ app, handlers: createHandlers(app), staticDir });
  const clip = await renderClip(join(dir.path, 'clip.mp4'));
  videoBytes = readFileSync(clip);
  await app.createProject(join(dir.path, 'p'));
  const job = app.jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(app.requireProject(), app.localCaller(), tools, [clip], c));
  await app.jobs.wait(job.id);
  videoId = app.requireProject().videos.list()[0]!.id;
});
afterAll(async () => {
  await server.close();
  await app.shutdown();
  dir.remove();
});

describe('browser-mode server', () => {
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
});
