// Browser mode: the same services over HTTP on 127.0.0.1. Every request must carry the access
// token (query once → HttpOnly cookie, or the X-Tidemark-Token header); media by id only.
// Error answers are fixed texts: nothing a request or a file contains is ever echoed back.
// Who calls is each browser's session (its own HttpOnly cookie): signing in, out and asking who you
// are is /session, outside the contract, and every /api call runs as its session's caller.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiResult } from '../../shared/api';
import type { AppServices } from '../services/app-services';
import { isApiMethod } from '../../shared/api-methods';
import type { HandlerMap } from '../services/handlers';
import { answerMedia } from '../services/media/serve';
import {
  answerStatic,
  cookieToken,
  IDLE_CONNECTION_MS,
  isJson,
  MAX_BODY,
  parseTarget,
  readBody,
  refuse,
  resultJson,
  sameSecret,
  securityHeaders,
  send,
  sendMedia,
  whileClientWaits,
} from './http-common';
import { SessionStore, type Session } from '../services/session/sessions';
import { SignInService } from '../services/session/sign-in';
import { parseJsonBody } from './json-body';

export { MAX_BODY } from './http-common';

/**
 * Browsers scope cookies by host, not port: one name for every instance would let a second
 * instance overwrite the first one's token, and hand it to whatever else listens on 127.0.0.1.
 */
export function tokenCookieName(port: number): string {
  return `tidemark_token_${port}`;
}

/** Each browser's session, by port like the token's cookie (browsers scope cookies by host, not port). */
export function sessionCookieName(port: number): string {
  return `tidemark-session-${port}`;
}

/** A sign-in is a name, a role and perhaps a passphrase: a few hundred bytes. */
const MAX_SESSION_BODY = 64 * 1024;

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

export function startBrowserServer(options: {
  app: AppServices;
  handlers: HandlerMap;
  staticDir: string;
  port?: number;
  token?: string;
  /** Where a line per sign-in and sign-out goes (default: stderr). */
  log?: (line: string) => void;
}): Promise<BrowserServer> {
  const { app, handlers, staticDir } = options;
  const token = options.token ?? newToken();
  let port = 0;
  const sessions = new SessionStore();
  const signIn = new SignInService(app, { log: options.log ?? ((line) => console.error(line)) });

  function setSessionCookie(res: ServerResponse, id: string): void {
    res.setHeader('Set-Cookie', `${sessionCookieName(port)}=${id}; HttpOnly; SameSite=Strict; Path=/`);
  }

  /**
   * The session the request's cookie names, or a new one (the machine's last person, unverified).
   * A browser without a session cookie gets the new one's; a cookie that names none any more (a
   * request sent before a sign-in's answer, which renamed the session, arrived after it) is answered
   * as a new session that is not kept, so it cannot replace the cookie the browser has got since.
   */
  function sessionOf(req: IncomingMessage, res: ServerResponse): Session {
    const id = cookieToken(req, sessionCookieName(port));
    const known = sessions.get(id);
    if (known) return known;
    const session = signIn.start();
    if (!id) setSessionCookie(res, sessions.add(session));
    return session;
  }

  /** GET: who the session is; POST: sign in (errors as data, status 200); DELETE: sign out, the session forgotten. */
  async function answerSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (result: ApiResult<unknown>): void => send(res, 200, JSON.stringify(result), 'application/json');
    if (req.method === 'GET') return json({ ok: true, value: await signIn.current(sessionOf(req, res)) });
    if (req.method === 'DELETE') {
      const id = cookieToken(req, sessionCookieName(port));
      const session = sessions.get(id);
      if (session) signIn.signOut(session);
      sessions.forget(id);
      res.setHeader('Set-Cookie', `${sessionCookieName(port)}=; Max-Age=0; HttpOnly; SameSite=Strict; Path=/`);
      return json({ ok: true, value: null });
    }
    if (req.method !== 'POST') return refuse(res, true, 405, 'invalid-request', 'GET, POST or DELETE only.');
    if (!isJson(req.headers['content-type'])) return refuse(res, true, 415, 'invalid-request', 'JSON only.');
    const body = await readBody(req, MAX_SESSION_BODY);
    if (body === null) {
      res.setHeader('Connection', 'close');
      return refuse(res, true, 413, 'invalid-request', 'The request body is too large for a sign-in.');
    }
    let payload: unknown;
    try {
      payload = body ? JSON.parse(body) : {};
    } catch {
      return refuse(res, true, 400, 'invalid-request', 'The request body is not valid JSON.');
    }
    const id = cookieToken(req, sessionCookieName(port));
    const session = sessions.get(id) ?? signIn.start();
    const result = await signIn.signIn(session, payload);
    if (result.ok) {
      // signed in: the session goes on under a new id, the old one no longer names anyone
      sessions.forget(id);
      setSessionCookie(res, sessions.add(session));
    }
    return json(result);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // the details go to the operator's terminal, never to the client
      console.error('Tidemark server: unexpected error', error);
      if (!res.headersSent) send(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  // an idle connection is closed by the browser, never by us: a close of ours racing the browser's
  // next request on it fails that request ("Failed to fetch"), and a POST — every call — is not
  // retried. Chromium keeps an idle connection up to 5 minutes; Node's default closes after 5 seconds.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;

  /**
   * True for what another page makes the browser send: a foreign Origin (another port on 127.0.0.1
   * included), or Sec-Fetch-Site other than same-origin — except navigations to our pages, which
   * any page may link to (SameSite=Strict keeps the cookie out of cross-site ones).
   */
  function fromAnotherPage(req: IncomingMessage, api: boolean): boolean {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) return true;
    const site = req.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin') return false;
    if (api) return true;
    return site !== 'none' && req.headers['sec-fetch-mode'] !== 'navigate';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    // DNS-rebinding guard: only our own loopback host names are accepted
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return send(res, 421, 'Wrong host.');
    const url = parseTarget(req.url, `http://127.0.0.1:${port}`);
    const target = url?.pathname ?? req.url ?? '';
    // (/session answers as the API does: JSON, errors as data)
    const api = target.startsWith('/api/') || target === '/session';
    if (!url) return refuse(res, api, 400, 'invalid-request', 'Malformed URL.');
    if (fromAnotherPage(req, api)) return refuse(res, api, 403, 'forbidden', 'Requests from other sites are refused.');

    const queryToken = url.searchParams.get('token');
    if (sameSecret(queryToken, token)) {
      // trade the token in the URL for a cookie and drop it from the address bar
      res.setHeader('Set-Cookie', `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      url.searchParams.delete('token');
      // one leading slash: `//host` would be another site
      res.writeHead(303, { Location: `/${url.pathname.replace(/^\/+/, '')}${url.search}` });
      res.end();
      return;
    }
    const headerToken = req.headers['x-tidemark-token'];
    if (!sameSecret(typeof headerToken === 'string' ? headerToken : cookieToken(req, tokenCookieName(port)), token)) {
      return refuse(res, api, 401, 'forbidden', 'Tidemark: open the URL printed at start (it carries the access token).');
    }

    if (url.pathname === '/session') return answerSession(req, res);

    if (api) {
      if (req.method !== 'POST') return refuse(res, api, 405, 'invalid-request', 'POST only.');
      // JSON only: a form or text/plain post from another page cannot reach a handler
      if (!isJson(req.headers['content-type'])) return refuse(res, api, 415, 'invalid-request', 'JSON only.');
      const method = url.pathname.slice('/api/'.length);
      if (!isApiMethod(method)) return refuse(res, api, 404, 'unknown-method', 'No such call.');
      const body = await readBody(req);
      if (body === null) {
        // the rest of the body is not read: close the connection instead of draining it
        res.setHeader('Connection', 'close');
        return refuse(res, api, 413, 'invalid-request', `The request body is over ${MAX_BODY / 1024 / 1024} MB.`);
      }
      let payload: unknown;
      try {
        payload = body ? await parseJsonBody(body) : {};
      } catch {
        // JSON.parse's message quotes the body: say what is wrong, not what was sent
        return refuse(res, api, 400, 'invalid-request', 'The request body is not valid JSON.');
      }
      // the call runs as its session's caller; its signal says the client went away before its answer
      const result = await signIn.call(sessionOf(req, res), handlers, method, payload, whileClientWaits(res));
      return send(res, 200, await resultJson(result), 'application/json');
    }

    if (url.pathname.startsWith('/media/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only.');
      return sendMedia(req, res, await answerMedia(app, url.pathname.slice('/media/'.length), req.headers.range));
    }

    answerStatic(req, res, staticDir, url.pathname);
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
