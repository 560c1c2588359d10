// A session: who a transport's client is, as far as the transport vouches for it. The desktop holds
// one (its window); browser mode one per browser, found by its cookie. Each call's context is built
// from its session's caller, never from anything a call can change.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../../shared/domain';

/** One line of a session's record: who signed in or out, and when. */
export interface SignRecord {
  at: string;
  what: 'started as' | 'signed in' | 'signed out';
  caller: Caller;
}

export interface Session {
  caller: Caller;
  /** The projects (by path) in which this session gave the caller's passphrase. */
  verified: Set<string>;
  /** Who signed in and out in this session, newest last (the last RECORD_LENGTH lines). */
  readonly record: SignRecord[];
}

const RECORD_LENGTH = 50;

export function newSession(caller: Caller, at: string): Session {
  return { caller: { ...caller }, verified: new Set(), record: [{ at, what: 'started as', caller: { ...caller } }] };
}

export function recordIn(session: Session, line: SignRecord): void {
  session.record.push(line);
  if (session.record.length > RECORD_LENGTH) session.record.splice(0, session.record.length - RECORD_LENGTH);
}

/** Browser mode's sessions by their cookie's id: 32 random bytes, base64url. */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  /** Sessions kept at most: each request without a cookie makes one, so the oldest unused ones go. */
  constructor(private readonly limit = 1000) {}

  get(id: string | null): Session | null {
    const session = id === null ? undefined : this.sessions.get(id);
    if (!session) return null;
    // the most recently used last: those first in line are the ones forgotten
    this.sessions.delete(id!);
    this.sessions.set(id!, session);
    return session;
  }

  /** Keeps a session under a new id (a new one, or one that signed in: its old id is no longer its). */
  add(session: Session): string {
    const id = randomBytes(32).toString('base64url');
    this.sessions.set(id, session);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.limit) break;
      this.sessions.delete(oldest);
    }
    return id;
  }

  forget(id: string | null): void {
    if (id !== null) this.sessions.delete(id);
  }
}
