// Browser mode: the same services over HTTP on 127.0.0.1. Every request must carry the access
// token (query once → HttpOnly cookie, or the X-Tidemark-Token header); media by id only.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { contentSecurityPolicy } from '../../shared/security';
import type { AppServices } from '../services/app-services';
import { dispatch, type HandlerMap } from '../services/handlers';
import { answerMedia } from '../services/media/serve';
import { isPathInside } from '../services/media/paths';

export const TOKEN_COOKIE = 'tidemark_token';
const MAX_BODY = 4 * 1024 * 1024;

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

export interface BrowserServer {
  server: Server;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | null {
  const cookies = req.headers.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name === TOKEN_COOKIE) return rest.join('=');
  }
  return null;
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function startBrowserServer(options: {
  app: AppServices;
  handlers: HandlerMap;
  staticDir: string;
  port?: number;
  token?: string;
}): Promise<BrowserServer> {
  const { app, handlers, staticDir } = options;
  const token = options.token ?? newToken();
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, `Internal error: ${(error as Error).message}`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    // DNS-rebinding guard: only our own loopback host names are accepted
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'Wrong host.');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const queryToken = url.searchParams.get('token');
    if (sameToken(queryToken, token)) {
      // trade the token in the URL for a cookie and drop it from the address bar
      res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      url.searchParams.delete('token');
      res.writeHead(303, { Location: url.pathname + url.search });
      res.end();
      return;
    }
    const headerToken = req.headers['x-tidemark-token'];
    if (!sameToken(typeof headerToken === 'string' ? headerToken : cookieToken(req), token)) {
      return send(res, 401, 'Tidemark: open the URL printed at start (it carries the access token).');
    }

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return send(res, 405, 'POST only.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, 'JSON only.');
      let payload: unknown;
      try {
        const body = await readBody(req);
        payload = body ? JSON.parse(body) : {};
      } catch (error) {
        return send(res, 400, JSON.stringify({ ok: false, error: { code: 'invalid-request', message: `Bad JSON body: ${(error as Error).message}` } }), 'application/json');
      }
      const result = await dispatch(handlers, url.pathname.slice('/api/'.length), payload, app.localCaller());
      return send(res, 200, JSON.stringify(result), 'application/json');
    }

    if (url.pathname.startsWith('/media/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only.');
      const answer = answerMedia(app, url.pathname.slice('/media/'.length), req.headers.range);
      res.writeHead(answer.status, answer.headers);
      if (!answer.body || req.method === 'HEAD') {
        answer.body?.destroy();
        res.end();
        return;
      }
      answer.body.on('error', () => res.destroy());
      res.on('close', () => answer.body?.destroy());
      answer.body.pipe(res);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only.');
    const relative = url.pathname === '/' ? 'index.html' : normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
    const file = join(staticDir, relative);
    if (!isPathInside(file, staticDir)) return send(res, 403, 'Forbidden.');
    if (!existsSync(file) || !statSync(file).isFile()) return send(res, 404, 'Not found.');
    res.writeHead(200, { 'Content-Type': STATIC_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolvePromise({
        server,
        port,
        token,
        url: `http://127.0.0.1:${port}/?token=${token}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
