// What the team server keeps about people and access, apart from any project: accounts, invitations,
// sessions, the projects it serves with their members, the audit log, and the sign-in attempts its
// limits count (so every server process on one database counts them together). Shaped by the accounts
// service, async and typed, so that PostgreSQL can implement it as SQLite does
// (db/sqlite/accounts.ts). Secrets are stored only as hashes: a password as scrypt, an invitation's
// and a session's token as SHA-256 (each is 32 random bytes: a fast hash is enough to make the
// stored value useless to someone who reads the database).
import type { Role } from '../../../shared/domain';
import type { AuditEntry } from '../../../shared/team';

export interface Account {
  name: string;
  email: string | null;
  /** scrypt, as session/passphrase.ts keeps it; null until an invitation is accepted (or after a reset). */
  passwordHash: string | null;
  createdAt: string;
}

export interface InvitationRow {
  tokenHash: string;
  name: string;
  expiresAt: string;
}

export interface SessionRow {
  idHash: string;
  name: string;
  csrf: string;
  /** The role chosen in each project (a project not named: the first of the person's roles there). */
  roles: Record<string, Role>;
  createdAt: string;
  expiresAt: string;
}

export interface Membership {
  project: string;
  name: string;
  roles: Role[];
}

/** A sign-in attempt counted against a key (an account's, an address's): its order of recording, its time in ms. */
export interface AttemptRow {
  id: number;
  at: number;
}

export interface AccountStore {
  /** An account by name, in any case. */
  account(name: string): Promise<Account | null>;
  accounts(): Promise<Account[]>;
  addAccount(account: Account): Promise<void>;
  setPassword(name: string, passwordHash: string | null): Promise<void>;

  addInvitation(invitation: InvitationRow): Promise<void>;
  invitation(tokenHash: string): Promise<InvitationRow | null>;
  /** Removes every invitation of the person (used, replaced by a reset, or the account gone). */
  dropInvitations(name: string): Promise<void>;

  addSession(session: SessionRow): Promise<void>;
  session(idHash: string): Promise<SessionRow | null>;
  setSessionRoles(idHash: string, roles: Record<string, Role>): Promise<void>;
  dropSession(idHash: string): Promise<void>;
  /** Signs the person out everywhere; how many sessions that ended. */
  dropSessions(name: string): Promise<number>;
  dropExpiredSessions(now: string): Promise<void>;

  projects(): Promise<Array<{ name: string; createdAt: string }>>;
  addProject(name: string, createdAt: string): Promise<void>;
  /** The projects the person is a member of, with their roles there. */
  membershipsOf(name: string): Promise<Membership[]>;
  members(project: string): Promise<Membership[]>;
  /** Sets the person's roles in the project; none removes them from it. */
  setRoles(project: string, name: string, roles: readonly Role[]): Promise<void>;

  audit(project: string, entry: AuditEntry): Promise<void>;
  /** Newest first. */
  auditOf(project: string, limit: number): Promise<AuditEntry[]>;

  /** Counts a sign-in attempt against the key; its id (later attempts have larger ones). */
  addAttempt(key: string, at: number): Promise<number>;
  /** The key's attempts after `since` (ms), in the order recorded. */
  attemptsSince(key: string, since: number): Promise<AttemptRow[]>;
  dropAttempt(id: number): Promise<void>;
  dropAttempts(key: string): Promise<void>;
  /** Forgets every key's attempts at or before `before` (ms). */
  pruneAttempts(before: number): Promise<void>;

  close(): Promise<void>;
}
