// The team server's transport (`tidemark serve`): the app and the contract over HTTP (or HTTPS) for
// a whole team. Who calls is the account whose session cookie the request carries (HttpOnly,
// SameSite=Strict, Secure under TLS); a request that changes anything also carries the session's CSRF
// token; which project it works in is its path (/p/<project>/…), and the role it works in is one the
// person holds there. Without a session every method answers 401; a project the person is not a
// member of, 403. Each call that can show items' answers, and each one that changes something, goes
// to the project's audit log.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { ApiErrorCode, ApiResult } from '../../shared/api';
import { isApiMethod, type ApiMethod } from '../../shared/api-methods';
import { declarations } from '../../shared/contract';
import { acceptInvitationSchema, CSRF_COOKIE, CSRF_HEADER, inviteRequestSchema, loginRequestSchema, membersRequestSchema, teamProjectName, type AuditEntry } from '../../shared/team';
import { personName } from '../../shared/review/types';
import { signInRequestSchema } from '../../shared/session';
import { SESSION_DAYS, type AccountService, type TeamSession } from '../services/accounts/service';
import { ServiceError, toApiError } from '../services/errors';
import { exportTidemarkJsonl, importTidemarkJsonl } from '../services/exchange/tidemark-jsonl';
import { dispatch, type HandlerMap } from '../services/handlers';
import { answerMedia } from '../services/media/serve';
import type { TeamHost } from '../services/team/host';
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
import { parseJsonBody } from './json-body';
import { confineFiles, missingFileForMembers } from './team-files';

export const SESSION_COOKIE = 'tidemark-team-session';

/** A sign-in, an invitation or a member's roles: a few hundred bytes. */
const MAX_SMALL_BODY = 64 * 1024;

export interface TeamServerOptions {
  host: TeamHost;
  accounts: AccountService;
  handlers: HandlerMap;
  staticDir: string;
  /** Where to listen (default 127.0.0.1:0). */
  listen?: { host: string; port: number };
  tls?: { cert: Buffer; key: Buffer };
  /** The address people use (behind a reverse proxy, its https:// address): invitation links, the Host and Origin checked. */
  publicUrl?: string;
  /** The only folder whose files calls may name (imports of videos, benchmark and run files). */
  mediaRoot?: string;
  /** Behind a reverse proxy: the client's address is the last one X-Forwarded-For names (for the sign-in limits). */
  trustProxy?: boolean;
}

export interface TeamServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** The largest project `tidemark push` sends (Tidemark JSONL). */
const MAX_PUSH = 256 * 1024 * 1024;

/** How often an idle event stream says it is still there. */
const HEARTBEAT_MS = 5_000;

/** The ids a request names, for the audit log (what was read or changed, never the content). */
function subjectOf(payload: unknown): string {
  if (payload === null || typeof payload !== 'object') return '{}';
  const ids: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (/(^id$|Id$|Ids$|^round$|^item$|^name$|^path$|^paths$)/.test(key) && (typeof value === 'string' || typeof value === 'number' || Array.isArray(value))) {
      ids[key] = Array.isArray(value) ? value.slice(0, 20) : value;
    }
  }
  return JSON.stringify(ids).slice(0, 1000);
}

/** What the audit log records of a call: reads that can show items' answers, and writes. */
function auditKind(method: ApiMethod): AuditEntry['kind'] | null {
  const { access, blinding } = declarations[method];
  // where a person left things is theirs, no benchmark data: not in the log (it would flood it)
  if (method === 'videos.saveView' || method === 'projects.selectVideo') return null;
  if (access === 'write') return 'write';
  return blinding === 'redacted' || blinding === 'refused' ? 'read' : null;
}

export function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const { host, accounts, handlers, staticDir } = options;
  // (members cannot see the server's disk: a missing video is named inside its media folder)
  host.missingFile = (path) => missingFileForMembers(path, options.mediaRoot);
  const secure = Boolean(options.tls) || options.publicUrl?.startsWith('https://') === true;
  let origin = options.publicUrl?.replace(/\/+$/, '') ?? '';
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let pushing = false;

  const json = (res: ServerResponse, status: number, result: ApiResult<unknown>): void => send(res, status, JSON.stringify(result), 'application/json');
  const fail = (res: ServerResponse, status: number, code: ApiErrorCode, message: string): void => refuse(res, true, status, code, message);
  const cookie = (name: string, value: string, httpOnly: boolean, maxAge?: number): string =>
    `${name}=${value}; Path=/; SameSite=Strict${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;
  // as long as the session lasts: a browser (or the desktop's window) restarted keeps it
  const setSessionCookies = (res: ServerResponse, id: string, csrf: string): void => {
    const lasts = SESSION_DAYS * 24 * 60 * 60;
    res.setHeader('Set-Cookie', [cookie(SESSION_COOKIE, id, true, lasts), cookie(CSRF_COOKIE, csrf, false, lasts)]);
  };
  const clearSessionCookies = (res: ServerResponse): void => {
    res.setHeader('Set-Cookie', [cookie(SESSION_COOKIE, '', true, 0), cookie(CSRF_COOKIE, '', false, 0)]);
  };
  const addressOf = (req: IncomingMessage): string => {
    const forwarded = options.trustProxy
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(',')
          .at(-1)
          ?.trim()
      : '';
    return forwarded || (req.socket.remoteAddress ?? 'unknown');
  };

  async function sessionOf(req: IncomingMessage): Promise<TeamSession | null> {
    return accounts.sessionFor(cookieToken(req, SESSION_COOKIE));
  }

  /** The session's CSRF token must come back in the header on anything but GET and HEAD. */
  function csrfMissing(req: IncomingMessage, session: TeamSession): boolean {
    if (req.method === 'GET' || req.method === 'HEAD') return false;
    const given = req.headers[CSRF_HEADER];
    return !sameSecret(typeof given === 'string' ? given : null, session.csrf);
  }

  /** A small JSON body parsed by `schema`, or the refusal already sent (null). */
  async function smallBody<T>(req: IncomingMessage, res: ServerResponse, schema: z.ZodType<T>): Promise<T | null> {
    if (!isJson(req.headers['content-type'])) return (void fail(res, 415, 'invalid-request', 'JSON only.'), null);
    const body = await readBody(req, MAX_SMALL_BODY);
    if (body === null) {
      res.setHeader('Connection', 'close');
      return (void fail(res, 413, 'invalid-request', 'The request body is too large.'), null);
    }
    let payload: unknown;
    try {
      payload = body ? JSON.parse(body) : {};
    } catch {
      return (void fail(res, 400, 'invalid-request', 'The request body is not valid JSON.'), null);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return (void fail(res, 400, 'invalid-request', `${issue.path.join('.') || 'body'}: ${issue.message}`), null);
    }
    return parsed.data;
  }

  // ── /team/…: signing in, invitations, a lead's administration ──

  async function answerTeam(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = url.pathname.slice('/team/'.length);
    if (route === 'login' && req.method === 'POST') {
      const given = await smallBody(req, res, loginRequestSchema);
      if (!given) return;
      try {
        const { id, session } = await accounts.signIn(given.name, given.password, addressOf(req));
        setSessionCookies(res, id, session.csrf);
        const me = await accounts.me(session);
        for (const p of me.projects) await accounts.audit(p.name, { person: session.name, role: null, kind: 'sign-in', what: 'sign-in', subject: JSON.stringify({ from: addressOf(req) }), ok: true });
        return json(res, 200, { ok: true, value: me });
      } catch (error) {
        const apiError = toApiError(error);
        console.error(`[tidemark] sign-in refused (${apiError.code === 'unavailable' ? 'held' : apiError.code}) for ${JSON.stringify(given.name)} from ${addressOf(req)}`);
        // a refused sign-in is in the log of each project of the account it named (its leads see guessing)
        const named = await accounts.store.membershipsOf(given.name).catch(() => []);
        for (const m of named)
          await accounts.audit(m.project, { person: given.name, role: null, kind: 'sign-in', what: 'sign-in', subject: JSON.stringify({ from: addressOf(req) }), ok: false }).catch(() => undefined);
        return json(res, apiError.code === 'unavailable' ? 429 : 401, { ok: false, error: apiError });
      }
    }
    if (route === 'invitation') {
      if (req.method === 'GET') {
        const name = await accounts.invited(url.searchParams.get('token') ?? '');
        return name ? json(res, 200, { ok: true, value: { name } }) : fail(res, 404, 'not-found', 'This invitation link is not valid any more (used, replaced or expired): ask a lead for a new one.');
      }
      if (req.method === 'POST') {
        const given = await smallBody(req, res, acceptInvitationSchema);
        if (!given) return;
        try {
          const { id, session } = await accounts.acceptInvitation(given.token, given.password);
          setSessionCookies(res, id, session.csrf);
          return json(res, 200, { ok: true, value: await accounts.me(session) });
        } catch (error) {
          return json(res, 400, { ok: false, error: toApiError(error) });
        }
      }
    }

    const session = await sessionOf(req);
    if (!session) return fail(res, 401, 'unauthenticated', 'Sign in first.');
    if (csrfMissing(req, session)) return fail(res, 403, 'forbidden', 'The request lacks this session’s CSRF token.');
    if (route === 'me' && req.method === 'GET') return json(res, 200, { ok: true, value: await accounts.me(session) });
    if (route === 'logout' && req.method === 'POST') {
      await accounts.signOut(session);
      clearSessionCookies(res);
      return json(res, 200, { ok: true, value: null });
    }
    const admin = /^projects\/([^/]+)\/(members|invite|reset|revoke|audit|push|pull)$/.exec(route);
    if (!admin) return fail(res, 404, 'not-found', 'No such route.');
    const project = admin[1]!;
    if ((await accounts.rolesIn(project, session.name)).includes('lead') === false) return fail(res, 403, 'forbidden', `Only a lead of ${project} manages its members.`);
    const step = admin[2]!;
    try {
      if (step === 'audit' && req.method === 'GET') {
        const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 200) || 200, 1), 5000);
        return json(res, 200, { ok: true, value: await accounts.store.auditOf(project, limit) });
      }
      if (step === 'members' && req.method === 'GET') return json(res, 200, { ok: true, value: await accounts.members(project) });
      const lead = { person: session.name, role: 'lead' as const };
      if (step === 'pull' && req.method === 'GET') {
        // the whole project in the lossless format (tidemark pull makes a project file of it)
        const { project: served } = await host.open(project);
        const exported = await exportTidemarkJsonl(served, lead);
        await accounts.audit(project, { person: session.name, role: 'lead', kind: 'read', what: 'pull', subject: JSON.stringify({ rows: exported.rows }), ok: true });
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
        for (const part of exported.parts) if (!res.write(part)) await new Promise((resolve) => res.once('drain', resolve));
        return void res.end();
      }
      if (step === 'push' && req.method === 'POST') {
        // a local project in the lossless format (tidemark push), imported in one transaction: all of it
        // or none; one at a time on this server, as each is held in memory while it is read
        if (pushing) return fail(res, 429, 'unavailable', 'Another push is being imported on this server; try again when it has finished.');
        pushing = true;
        try {
          return await answerPush(req, res, project, session);
        } finally {
          pushing = false;
        }
      }
      if (req.method !== 'POST') return fail(res, 405, 'invalid-request', 'POST only.');
      const record = (what: string, subject: string) => accounts.audit(project, { person: session.name, role: 'lead', kind: 'admin', what, subject, ok: true });
      if (step === 'invite') {
        const given = await smallBody(req, res, inviteRequestSchema);
        if (!given) return;
        const existing = await accounts.store.account(given.name);
        const invitation = existing ? null : await accounts.addAccount(given.name, { email: given.email ?? null });
        await host.setRoles(project, given.name, given.roles, session.name);
        await record('invite', JSON.stringify({ name: given.name, roles: given.roles }));
        const member = (await accounts.members(project)).find((m) => m.name.toLowerCase() === given.name.toLowerCase())!;
        return json(res, 200, { ok: true, value: { member, invitation } });
      }
      if (step === 'members') {
        const given = await smallBody(req, res, membersRequestSchema);
        if (!given) return;
        await host.setRoles(project, given.name, given.roles, session.name);
        await record('roles', JSON.stringify({ name: given.name, roles: given.roles }));
        return json(res, 200, { ok: true, value: null });
      }
      const given = await smallBody(req, res, z.object({ name: personName }).strict());
      if (!given) return;
      if ((await accounts.rolesIn(project, given.name)).length === 0) return fail(res, 404, 'not-found', `${given.name} is not a member of ${project}.`);
      // a lead of one project must not take over a person who is also in others (a lead of those)
      for (const m of await accounts.store.membershipsOf(given.name)) {
        if (!(await accounts.rolesIn(m.project, session.name)).includes('lead')) {
          return fail(
            res,
            403,
            'forbidden',
            `${given.name} is also a member of a project you do not lead: their password is reset (or their sessions ended) by the server's operator (tidemark users ${step} ${given.name}).`,
          );
        }
      }
      await record(step, JSON.stringify({ name: given.name }));
      if (step === 'reset') return json(res, 200, { ok: true, value: await accounts.resetPassword(given.name) });
      await accounts.revoke(given.name);
      return json(res, 200, { ok: true, value: null });
    } catch (error) {
      const apiError = toApiError(error);
      return json(res, apiError.code === 'not-found' ? 404 : 400, { ok: false, error: apiError });
    }
  }

  async function answerPush(req: IncomingMessage, res: ServerResponse, project: string, session: TeamSession): Promise<void> {
    const text = await readBody(req, MAX_PUSH);
    if (text === null) {
      res.setHeader('Connection', 'close');
      return fail(res, 413, 'invalid-request', `A pushed project is at most ${MAX_PUSH / 1024 / 1024} MB of Tidemark JSONL.`);
    }
    const { project: served } = await host.open(project);
    const outcome = await importTidemarkJsonl(served, { person: session.name, role: 'lead' }, 'pushed.jsonl', { text, peopleByName: true });
    await accounts.audit(project, { person: session.name, role: 'lead', kind: 'write', what: 'push', subject: JSON.stringify({ rows: outcome.rows }), ok: !outcome.refused });
    const { rows, imported, alreadyPresent, refused, problems } = outcome;
    return json(res, 200, { ok: true, value: { rows, imported, alreadyPresent, refused, problems: problems.slice(0, 50) } });
  }

  // ── /p/<project>/…: a project's app, its calls, its session and its media ──

  async function answerProject(req: IncomingMessage, res: ServerResponse, url: URL, project: string, rest: string): Promise<void> {
    const isCall = rest.startsWith('api/') || rest === 'session';
    if (!isCall && !rest.startsWith('media/') && rest !== 'events') {
      // signed in but not a member: the team pages say so (403), where the app would show a start screen
      // of its own; without a session the app goes to /login and back. (The accounts database away:
      // the app, whose calls then say so.)
      const visitor = await sessionOf(req).catch(() => null);
      const outsider = visitor !== null && (await accounts.roleIn(visitor, project).catch(() => 'unknown')) === null;
      return outsider ? answerStatic(req, res, staticDir, '/', 'team.html', 403) : answerStatic(req, res, staticDir, '/');
    }
    const session = await sessionOf(req);
    if (!session) return fail(res, 401, 'unauthenticated', 'Sign in first.');
    const role = await accounts.roleIn(session, project);
    if (role === null) return fail(res, 403, 'forbidden', `${session.name} is not a member of ${project}.`);
    if (csrfMissing(req, session)) return fail(res, 403, 'forbidden', 'The request lacks this session’s CSRF token.');
    const served = await host.open(project);

    if (rest === 'events') return streamEdits(req, res, project, session);
    if (rest.startsWith('media/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only.');
      // a video is served only from the media folder, wherever its stored path points
      const source = { currentProject: () => served.project, confinedTo: options.mediaRoot ?? served.project.path };
      return sendMedia(req, res, await answerMedia(source, rest.slice('media/'.length), req.headers.range));
    }
    if (rest === 'session') {
      if (req.method === 'GET') return json(res, 200, { ok: true, value: { caller: { person: session.name, role }, verified: true } });
      if (req.method === 'DELETE') {
        await accounts.signOut(session);
        clearSessionCookies(res);
        return json(res, 200, { ok: true, value: null });
      }
      if (req.method !== 'POST') return fail(res, 405, 'invalid-request', 'GET, POST or DELETE only.');
      const given = await smallBody(req, res, signInRequestSchema);
      if (!given) return;
      if (given.person.normalize('NFC').toLowerCase() !== session.name.normalize('NFC').toLowerCase()) {
        return json(res, 200, { ok: false, error: { code: 'forbidden', message: `You are signed in as ${session.name}: sign out to sign in as someone else.` } });
      }
      try {
        await accounts.chooseRole(session, project, given.role);
      } catch (error) {
        return json(res, 200, { ok: false, error: toApiError(error) });
      }
      return json(res, 200, { ok: true, value: { caller: { person: session.name, role: given.role } } });
    }

    if (req.method !== 'POST') return fail(res, 405, 'invalid-request', 'POST only.');
    if (!isJson(req.headers['content-type'])) return fail(res, 415, 'invalid-request', 'JSON only.');
    const method = rest.slice('api/'.length);
    if (!isApiMethod(method)) return fail(res, 404, 'unknown-method', 'No such call.');
    const body = await readBody(req);
    if (body === null) {
      res.setHeader('Connection', 'close');
      return fail(res, 413, 'invalid-request', `The request body is over ${MAX_BODY / 1024 / 1024} MB.`);
    }
    let payload: unknown;
    try {
      payload = body ? await parseJsonBody(body) : {};
    } catch {
      return fail(res, 400, 'invalid-request', 'The request body is not valid JSON.');
    }
    const confined = confineFiles(method, payload, options.mediaRoot);
    const result: ApiResult<unknown> =
      'refusal' in confined
        ? { ok: false, error: { code: 'forbidden', message: confined.refusal } }
        : await dispatch(handlers, method, confined.payload, host.contextFor(served, { person: session.name, role }, whileClientWaits(res)));
    const kind = auditKind(method);
    if (kind) await accounts.audit(project, { person: session.name, role, kind, what: method, subject: subjectOf(payload), ok: result.ok });
    return send(res, 200, await resultJson(result), 'application/json');
  }

  /**
   * Server-sent events: each edit, undo or redo committed in the project, by whom and what it touched
   * (tables and video ids — never what the rows hold: a blind reviewer's page listens too), so every
   * page reloads what changed within a second. Every few seconds a comment keeps proxies from closing
   * the stream, once the session and the membership are checked again: a revoked session, a reset
   * password or a member removed from the project is cut off. While the accounts' database is away the
   * stream stays (the check is made again at the next beat).
   */
  function streamEdits(req: IncomingMessage, res: ServerResponse, project: string, session: TeamSession): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.write('retry: 2000\n\n');
    const stop = host.edits.on(project, (edit) => res.write(`data: ${JSON.stringify(edit)}\n\n`));
    const stillAllowed = async (): Promise<boolean> => {
      const still = await accounts.sessionFor(cookieToken(req, SESSION_COOKIE));
      return still?.idHash === session.idHash && (await accounts.roleIn(still, project)) !== null;
    };
    const beat = setInterval(() => {
      stillAllowed().then(
        (allowed) => (allowed ? res.write(': still here\n\n') : res.end()),
        () => res.write(': the accounts database is away\n\n'),
      );
    }, HEARTBEAT_MS);
    res.on('close', () => {
      stop();
      clearInterval(beat);
    });
  }

  /** True for what another site makes the browser send (a foreign Origin, or Sec-Fetch-Site other than same-origin) — except navigations. */
  function fromAnotherSite(req: IncomingMessage, call: boolean): boolean {
    const given = req.headers.origin;
    if (given !== undefined && !allowedOrigins.has(given)) return true;
    const site = req.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin') return false;
    if (call) return true;
    return site !== 'none' && req.headers['sec-fetch-mode'] !== 'navigate';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    securityHeaders(res);
    if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    // DNS-rebinding guard: only the server's own host names
    if (!allowedHosts.has(req.headers.host ?? '')) return send(res, 421, 'Wrong host.');
    const url = parseTarget(req.url, origin);
    const path = url?.pathname ?? '';
    const projectPath = /^\/p\/([^/]+)\/(.*)$/.exec(path);
    const call = path.startsWith('/team/') || (projectPath !== null && (projectPath[2]!.startsWith('api/') || projectPath[2] === 'session'));
    if (!url) return refuse(res, call, 400, 'invalid-request', 'Malformed URL.');
    if (fromAnotherSite(req, call)) return refuse(res, call, 403, 'forbidden', 'Requests from other sites are refused.');
    if (path.startsWith('/team/')) return answerTeam(req, res, url);
    if (projectPath) {
      if (!teamProjectName.safeParse(projectPath[1]).success) return send(res, 404, 'Not found.');
      return answerProject(req, res, url, projectPath[1]!, projectPath[2]!);
    }
    if (path === '/p' || /^\/p\/[^/]+$/.test(path)) {
      res.writeHead(303, { Location: `${path.replace(/\/?$/, '/')}` });
      return void res.end();
    }
    // the sign-in, invitation and projects pages; the built app's files
    if (path === '/' || path === '/login' || path === '/invite') return answerStatic(req, res, staticDir, '/', 'team.html');
    return answerStatic(req, res, staticDir, path);
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof ServiceError) {
        // (the database away: 503, so clients say "reconnecting" and try again)
        return json(res, error.code === 'unavailable' ? 503 : 400, { ok: false, error: { code: error.code, message: error.message } });
      }
      console.error('Tidemark team server: unexpected error', error);
      send(res, 500, 'Internal error.');
    });
  };
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, onRequest) : createHttpServer(onRequest);
  server.keepAliveTimeout = IDLE_CONNECTION_MS;

  const listen = options.listen ?? { host: '127.0.0.1', port: 0 };
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      const port = (server.address() as AddressInfo).port;
      const scheme = options.tls ? 'https' : 'http';
      const shownHost = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
      origin ||= `${scheme}://${shownHost}:${port}`;
      allowedHosts = new Set([new URL(origin).host, `${shownHost}:${port}`, ...(listen.host === '127.0.0.1' ? [`localhost:${port}`] : [])]);
      allowedOrigins = new Set([origin, ...[...allowedHosts].map((h) => `${scheme}://${h}`)]);
      resolvePromise({
        server,
        port,
        url: origin,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
