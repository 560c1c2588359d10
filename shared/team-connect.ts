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
 * dropped; an address typed without a scheme is read as https, or as http on this computer (where
 * `tidemark serve` listens without TLS).
 */
export function teamServerOrigin(text: string): TeamServerOrigin {
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
  return { ok: true, origin: url.origin };
}

/** `team:connect`'s payload, parsed in the main process: the server's origin, or the refusal as the issue. */
export const teamServerAddress = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    const answer = teamServerOrigin(text);
    if (answer.ok) return answer.origin;
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
