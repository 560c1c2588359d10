// What both HTTP transports (browser mode, electron/server/http-server.ts, and the team server,
// team-server.ts) answer alike: security headers, bodies within limits, JSON answers serialised a
// slice at a time, static files of the built renderer, media by id with Range.
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { ApiErrorCode, ApiResult } from '../../shared/api';
import { contentSecurityPolicy } from '../../shared/security';
import type { answerMedia } from '../services/media/serve';
import { isPathInside } from '../services/media/paths';

/** How long an idle connection stays open: longer than a browser keeps one (see below). */
export const IDLE_CONNECTION_MS = 6 * 60_000;

// a bulk call of BULK_LIMIT marks (see shared/api.ts) is some 10–20 MB of JSON
export const MAX_BODY = 32 * 1024 * 1024;

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Whether a secret sent (a token, a CSRF token) is the expected one: compared in constant time. */
export function sameSecret(given: string | undefined | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieToken(req: IncomingMessage, name: string): string | null {
  for (const cookie of req.headers.cookie?.split(';') ?? []) {
    const eq = cookie.indexOf('=');
    if (eq > 0 && cookie.slice(0, eq).trim() === name) return cookie.slice(eq + 1).trim();
  }
  return null;
}

export function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Array items serialised between two chances for other requests to run. */
const JSON_SLICE = 5_000;

/**
 * The answer as JSON; a long list (a hundred thousand new marks) is serialised a slice at a time,
 * so that writing it never holds the server for long.
 */
export async function resultJson(result: ApiResult<unknown>): Promise<string> {
  if (!result.ok || !Array.isArray(result.value) || result.value.length <= JSON_SLICE) return JSON.stringify(result);
  const items = result.value;
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += JSON_SLICE) {
    // JSON.stringify of a slice is "[a,b]": its inside joins the whole list
    parts.push(JSON.stringify(items.slice(start, start + JSON_SLICE)).slice(1, -1));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return `{"ok":true,"value":[${parts.join(',')}]}`;
}

/** A refusal: the contract's `{ok:false,error}` for API calls (the client reads JSON), plain text otherwise. */
export function refuse(res: ServerResponse, api: boolean, status: number, code: ApiErrorCode, message: string): void {
  if (api) send(res, status, JSON.stringify({ ok: false, error: { code, message } }), 'application/json');
  else send(res, status, message);
}

/** The body as text, or null once it is over the limit — reading stops there, the rest is never buffered. */
export function readBody(req: IncomingMessage, limit = MAX_BODY): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolveBody(null);
    };
    req.on('data', onData);
    req.once('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

/** The request target as a URL whose path decodes cleanly, or null (malformed `%` escapes, bad targets). */
export function parseTarget(target: string | undefined, origin: string): URL | null {
  try {
    const url = new URL(target ?? '/', origin);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

/** A signal that aborts if the connection closes before the response was sent (the client went away). */
export function whileClientWaits(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

export function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** A file of the built renderer (GET or HEAD), never one outside `staticDir`; `status` for a page that tells a refusal. */
export function answerStatic(req: IncomingMessage, res: ServerResponse, staticDir: string, pathname: string, index = 'index.html', status = 200): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only.');
  // the pages declare /favicon.png; whatever asks for /favicon.ico (a browser's first guess) gets it too
  const relative = pathname === '/' ? index : pathname === '/favicon.ico' ? 'favicon.png' : normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
  const file = join(staticDir, relative);
  if (!isPathInside(file, staticDir)) return send(res, 403, 'Forbidden.');
  if (!existsSync(file) || !statSync(file).isFile()) return send(res, 404, 'Not found.');
  res.writeHead(status, { 'Content-Type': STATIC_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

/** Sends what answerMedia found (a range of a video, a filmstrip sheet, or a refusal). */
export function sendMedia(req: IncomingMessage, res: ServerResponse, answer: Awaited<ReturnType<typeof answerMedia>>): void {
  res.writeHead(answer.status, answer.headers);
  if (!answer.body || req.method === 'HEAD') {
    answer.body?.destroy();
    res.end();
    return;
  }
  const body = answer.body;
  body.on('error', () => res.destroy());
  res.on('close', () => body.destroy());
  body.pipe(res);
}
