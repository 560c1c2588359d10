// The pure part of the desktop's team server windows (no electron import, so it is unit-tested under
// Node): where such a window may navigate, which session it gets, what a failed load tells the person,
// and the recent servers file. The window shows remote pages: it gets no preload and stays on its origin.
import { existsSync, readFileSync } from 'node:fs';
import { rememberTeamServer, recentTeamServersSchema, type RecentTeamServer } from '../../shared/team-connect';
import { describeZodIssue } from '../../shared/zod-issue';
import { writeFileAtomic } from '../services/files/atomic-write';

export type TeamNavigation = 'stay' | 'external' | 'deny';

/** The server's own pages stay in its window; another https page opens in the system browser; nothing else opens. */
export function teamNavigation(url: string, serverOrigin: string): TeamNavigation {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  if (parsed.origin === serverOrigin) return 'stay';
  return parsed.protocol === 'https:' && !parsed.username && !parsed.password ? 'external' : 'deny';
}

/**
 * The first page a team window loads: the server's own page the person pasted (its invitation or
 * sign-in page, shared/team-connect.ts), or its sign-in page — never a page of another origin, however
 * the path was made.
 */
export function firstPage(serverOrigin: string, path: string): string {
  const signIn = `${serverOrigin}/login?next=/`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return signIn;
  let url: URL;
  try {
    url = new URL(path, serverOrigin);
  } catch {
    return signIn;
  }
  return teamNavigation(url.href, serverOrigin) === 'stay' ? url.href : signIn;
}

/**
 * A session per server (persist: so the browser's own storage survives a restart): its sign-in cookie
 * is never sent to another server, nor seen by the app's own window. Named after host and port (characters a folder name may not hold become _).
 */
export function teamPartition(serverOrigin: string): string {
  return `persist:team-${new URL(serverOrigin).host.replace(/[^a-z0-9.-]/gi, '_')}`;
}

/**
 * What a failed `loadURL` of the sign-in page tells the person, or null when it is no failure:
 * ERR_ABORTED is the page going on elsewhere (already signed in) before the first one finished.
 */
export function loadFailure(serverOrigin: string, error: unknown): string | null {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : String(error);
  if (code === 'ERR_ABORTED') return null;
  if (code.startsWith('ERR_CERT_')) return `${serverOrigin} did not open (${code}): its certificate is not trusted by this computer. Ask whoever runs the server.`;
  return `${serverOrigin} did not open (${code}): is tidemark serve running there, and is the address right?`;
}

export type RecentTeamServersRead = { ok: true; servers: RecentTeamServer[] } | { ok: false; problem: string };

/** The main process's list of recent servers: a small JSON file in the data folder, parsed when read. */
export class RecentTeamServersFile {
  constructor(readonly path: string) {}

  read(): RecentTeamServersRead {
    if (!existsSync(this.path)) return { ok: true, servers: [] };
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (error) {
      return { ok: false, problem: `${this.path}: not JSON (${error instanceof Error ? error.message : String(error)})` };
    }
    const parsed = recentTeamServersSchema.safeParse(json);
    return parsed.success ? { ok: true, servers: parsed.data.servers } : { ok: false, problem: describeZodIssue(this.path, parsed.error) };
  }

  /** Puts `url` first and answers the list; a file that could not be read is started afresh (it held only addresses). */
  remember(url: string, at: string): RecentTeamServer[] {
    const before = this.read();
    const servers = rememberTeamServer(before.ok ? before.servers : [], url, at);
    writeFileAtomic(this.path, `${JSON.stringify({ servers }, null, 2)}\n`);
    return servers;
  }
}
