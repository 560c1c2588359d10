// The desktop app's "Connect to a team server": which addresses it opens, and the recent servers the
// main process keeps. The sign-in itself happens on the server's own /login page, in a window of its
// own: the desktop never sees the password, so the one thing it must ensure is that the password
// does not cross the network in clear — plain http only to this computer.
import { z } from 'zod';
import type { ApiResult } from './api';

/** Hosts plain http may go to: this computer, where nothing crosses the network. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type TeamServerOrigin = { ok: true; origin: string } | { ok: false; reason: string };

/**
 * A typed address → the server's origin (`https://team.example.org:8443`), or why it is refused.
 * The team server serves from its root (/login, /p/<project>/), so a path pasted from the browser is
 * dropped here (teamServerStart reads it); an address typed without a scheme is read as https, or as
 * http on this computer (where `tidemark serve` listens without TLS).
 */
export function teamServerOrigin(text: string): TeamServerOrigin {
  const parsed = serverUrl(text);
  return parsed.ok ? { ok: true, origin: parsed.url.origin } : parsed;
}

function serverUrl(text: string): { ok: true; url: URL } | { ok: false; reason: string } {
  const typed = text.trim();
  if (!typed) return { ok: false, reason: 'Type the server’s address, e.g. https://team.example.org.' };
  // `localhost:4100` is a host and port, not a scheme
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && !/^[^:/]+:\d/.test(typed);
  let url: URL;
  try {
    url = new URL(hasScheme ? typed : `https://${typed}`);
    if (!hasScheme && LOOPBACK_HOSTS.has(url.hostname)) url = new URL(`http://${typed}`);
  } catch {
    return { ok: false, reason: `“${typed}” is not a web address: a team server is at https://… (or http://127.0.0.1:… on this computer).` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `${url.protocol} is not a web address: a team server is at https://… (or http://127.0.0.1:… on this computer).` };
  }
  if (!url.hostname) return { ok: false, reason: `“${typed}” is not a web address: it names no server.` };
  if (url.username || url.password) return { ok: false, reason: 'Leave your name and password out of the address: you sign in on the server’s own page.' };
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    return {
      ok: false,
      reason: 'http:// would send your password across the network unencrypted: use the server’s https:// address (plain http is only for a server on this computer, 127.0.0.1 or localhost).',
    };
  }
  return { ok: true, url };
}

/**
 * Where a sign-in may go on to: `next` when it is a path on the server at `origin`, else `/`. A link
 * someone else made could name another site ('//evil.example', '/\\evil.example' are both read as one)
 * and a sign-in would send the person there, trusting it.
 */
export function sameServerPath(next: string | null, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

export type TeamServerStart = { ok: true; origin: string; path: string } | { ok: false; reason: string };

/**
 * A pasted address → the server's origin and the page of it a team window opens first: the server's
 * own invitation page (`/invite?token=…`, a lead's link pasted whole), its sign-in page with the next
 * page it names, or the sign-in page going on to the page pasted (a path on that server only).
 */
export function teamServerStart(text: string): TeamServerStart {
  const parsed = serverUrl(text);
  if (!parsed.ok) return parsed;
  const { origin, pathname, searchParams } = parsed.url;
  const token = searchParams.get('token');
  if (pathname === '/invite' && token) return { ok: true, origin, path: `/invite?token=${encodeURIComponent(token)}` };
  // (an invitation page without its token is no page to go on to)
  const next = pathname === '/login' ? searchParams.get('next') : pathname === '/invite' ? '/' : `${pathname}${parsed.url.search}`;
  // (as the server's own pages write it: '/' may stand as it is in a query)
  return { ok: true, origin, path: `/login?next=${encodeURIComponent(sameServerPath(next, origin)).replaceAll('%2F', '/')}` };
}

/** `team:connect`'s payload, parsed in the main process: the server's origin and first page, or the refusal as the issue. */
export const teamServerAddress = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    const answer = teamServerStart(text);
    if (answer.ok) return { origin: answer.origin, path: answer.path };
    ctx.addIssue({ code: 'custom', message: answer.reason });
    return z.NEVER;
  });

export const MAX_RECENT_TEAM_SERVERS = 10;

export const recentTeamServerSchema = z
  .object({
    /** An origin the desktop would open as it is. */
    url: z.string().refine((url) => {
      const answer = teamServerOrigin(url);
      return answer.ok && answer.origin === url;
    }, 'not a team server address the desktop opens (https://…, or http:// on this computer)'),
    connectedAt: z.iso.datetime(),
  })
  .strict();

export type RecentTeamServer = z.infer<typeof recentTeamServerSchema>;

/** The main process's file of recent servers, newest first. */
export const recentTeamServersSchema = z.object({ servers: z.array(recentTeamServerSchema).max(MAX_RECENT_TEAM_SERVERS) }).strict();

/** The list after connecting to `url` at `at`: it first, no duplicate, at most ten. */
export function rememberTeamServer(list: readonly RecentTeamServer[], url: string, at: string): RecentTeamServer[] {
  return [{ url, connectedAt: at }, ...list.filter((server) => server.url !== url)].slice(0, MAX_RECENT_TEAM_SERVERS);
}

/** What the desktop's preload exposes as `window.tidemark.team` (channels team:connect and team:recent). */
export interface TeamConnectBridge {
  /** Opens the server's sign-in page in a window of its own; answers the server's origin and the recent servers after. */
  connect(address: string): Promise<ApiResult<{ url: string; recent: RecentTeamServer[] }>>;
  recent(): Promise<ApiResult<RecentTeamServer[]>>;
}
