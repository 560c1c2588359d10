// The team server's accounts in SQLite (the embedded default: server.sqlite in its data folder).
// One connection, WAL, every write synced before it is acknowledged; its schema versioned in
// PRAGMA user_version as a project's is. Names are compared by their lower-case NFC form (`name_key`).
import Database from 'better-sqlite3';
import { z } from 'zod';
import { roles, type Role } from '../../../../shared/domain';
import type { Account, AccountStore, InvitationRow, Membership, SessionRow } from '../../accounts/store';

/** "TdMs": marks a SQLite file as a Tidemark team server's accounts. */
const APPLICATION_ID = 0x54644d73;

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE accounts (
     name_key TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT,
     password_hash TEXT,
     created_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE invitations (
     token_hash TEXT PRIMARY KEY,
     name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
     expires_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE sessions (
     id_hash TEXT PRIMARY KEY,
     name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
     csrf TEXT NOT NULL,
     roles TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   ) STRICT;
   CREATE INDEX sessions_of ON sessions(name_key);
   CREATE TABLE projects (name TEXT PRIMARY KEY, created_at TEXT NOT NULL) STRICT;
   CREATE TABLE members (
     project TEXT NOT NULL REFERENCES projects(name) ON DELETE CASCADE,
     name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
     roles TEXT NOT NULL,
     PRIMARY KEY (project, name_key)
   ) STRICT;
   CREATE TABLE audit (
     seq INTEGER PRIMARY KEY,
     project TEXT NOT NULL,
     at TEXT NOT NULL,
     person TEXT NOT NULL,
     role TEXT,
     kind TEXT NOT NULL,
     what TEXT NOT NULL,
     subject TEXT NOT NULL,
     ok INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX audit_of ON audit(project, seq);`,
];

export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

const rolesSchema = z.array(z.enum(roles));
const chosenSchema = z.record(z.string(), z.enum(roles));
const auditKinds = ['read', 'write', 'admin', 'sign-in'] as const;

interface AccountRow {
  name: string;
  email: string | null;
  password_hash: string | null;
  created_at: string;
}
const toAccount = (r: AccountRow): Account => ({ name: r.name, email: r.email, passwordHash: r.password_hash, createdAt: r.created_at });

/** Opens (creating and migrating) the accounts database at `path`. */
export function sqliteAccounts(path: string): AccountStore {
  const db = new Database(path);
  try {
    const id = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (id !== 0 && id !== APPLICATION_ID) throw new Error(`${path} is not a Tidemark team server's accounts database.`);
    if (version > MIGRATIONS.length) throw new Error(`${path} was written by a newer Tidemark (accounts schema ${version}); update Tidemark.`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]!);
        db.pragma(`user_version = ${v + 1}`);
      })();
    }
    if (id === 0) db.pragma(`application_id = ${APPLICATION_ID}`);
  } catch (error) {
    db.close();
    throw error;
  }
  const one = <R>(sql: string, ...params: unknown[]): R | undefined => db.prepare(sql).get(...params) as R | undefined;
  const all = <R>(sql: string, ...params: unknown[]): R[] => db.prepare(sql).all(...params) as R[];
  const run = (sql: string, ...params: unknown[]): number => db.prepare(sql).run(...params).changes;
  const membership = (r: { project: string; name: string; roles: string }): Membership => ({ project: r.project, name: r.name, roles: rolesSchema.parse(JSON.parse(r.roles)) });
  const MEMBER = 'SELECT m.project, a.name, m.roles FROM members m JOIN accounts a ON a.name_key = m.name_key';

  return {
    account: async (name) => {
      const row = one<AccountRow>('SELECT name, email, password_hash, created_at FROM accounts WHERE name_key = ?', nameKey(name));
      return row ? toAccount(row) : null;
    },
    accounts: async () => all<AccountRow>('SELECT name, email, password_hash, created_at FROM accounts ORDER BY name_key').map(toAccount),
    addAccount: async (a) => void run('INSERT INTO accounts (name_key, name, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)', nameKey(a.name), a.name, a.email, a.passwordHash, a.createdAt),
    setPassword: async (name, hash) => void run('UPDATE accounts SET password_hash = ? WHERE name_key = ?', hash, nameKey(name)),

    addInvitation: async (i) => void run('INSERT INTO invitations (token_hash, name_key, expires_at) VALUES (?, ?, ?)', i.tokenHash, nameKey(i.name), i.expiresAt),
    invitation: async (tokenHash) => {
      const row = one<{ name: string; expires_at: string }>('SELECT a.name, i.expires_at FROM invitations i JOIN accounts a ON a.name_key = i.name_key WHERE i.token_hash = ?', tokenHash);
      return row ? ({ tokenHash, name: row.name, expiresAt: row.expires_at } satisfies InvitationRow) : null;
    },
    dropInvitations: async (name) => void run('DELETE FROM invitations WHERE name_key = ?', nameKey(name)),

    addSession: async (s) =>
      void run(
        'INSERT INTO sessions (id_hash, name_key, csrf, roles, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        s.idHash,
        nameKey(s.name),
        s.csrf,
        JSON.stringify(s.roles),
        s.createdAt,
        s.expiresAt,
      ),
    session: async (idHash) => {
      const row = one<{ name: string; csrf: string; roles: string; created_at: string; expires_at: string }>(
        'SELECT a.name, s.csrf, s.roles, s.created_at, s.expires_at FROM sessions s JOIN accounts a ON a.name_key = s.name_key WHERE s.id_hash = ?',
        idHash,
      );
      return row ? ({ idHash, name: row.name, csrf: row.csrf, roles: chosenSchema.parse(JSON.parse(row.roles)), createdAt: row.created_at, expiresAt: row.expires_at } satisfies SessionRow) : null;
    },
    setSessionRoles: async (idHash, chosen) => void run('UPDATE sessions SET roles = ? WHERE id_hash = ?', JSON.stringify(chosen), idHash),
    dropSession: async (idHash) => void run('DELETE FROM sessions WHERE id_hash = ?', idHash),
    dropSessions: async (name) => run('DELETE FROM sessions WHERE name_key = ?', nameKey(name)),
    dropExpiredSessions: async (now) => void run('DELETE FROM sessions WHERE expires_at <= ?', now),

    projects: async () => all<{ name: string; created_at: string }>('SELECT name, created_at FROM projects ORDER BY name').map((r) => ({ name: r.name, createdAt: r.created_at })),
    addProject: async (name, createdAt) => void run('INSERT INTO projects (name, created_at) VALUES (?, ?)', name, createdAt),
    membershipsOf: async (name) => all<{ project: string; name: string; roles: string }>(`${MEMBER} WHERE m.name_key = ? ORDER BY m.project`, nameKey(name)).map(membership),
    members: async (project) => all<{ project: string; name: string; roles: string }>(`${MEMBER} WHERE m.project = ? ORDER BY a.name_key`, project).map(membership),
    setRoles: async (project, name, given: readonly Role[]) => {
      if (given.length === 0) run('DELETE FROM members WHERE project = ? AND name_key = ?', project, nameKey(name));
      else
        run(
          'INSERT INTO members (project, name_key, roles) VALUES (?, ?, ?) ON CONFLICT (project, name_key) DO UPDATE SET roles = excluded.roles',
          project,
          nameKey(name),
          JSON.stringify([...new Set(given)]),
        );
    },

    audit: async (project, e) =>
      void run('INSERT INTO audit (project, at, person, role, kind, what, subject, ok) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', project, e.at, e.person, e.role, e.kind, e.what, e.subject, e.ok ? 1 : 0),
    auditOf: async (project, limit) =>
      all<{ at: string; person: string; role: string | null; kind: string; what: string; subject: string; ok: number }>(
        'SELECT at, person, role, kind, what, subject, ok FROM audit WHERE project = ? ORDER BY seq DESC LIMIT ?',
        project,
        limit,
      ).map((r) => ({
        at: r.at,
        person: r.person,
        role: r.role === null ? null : z.enum(roles).parse(r.role),
        kind: z.enum(auditKinds).parse(r.kind),
        what: r.what,
        subject: r.subject,
        ok: r.ok === 1,
      })),

    close: async () => void db.close(),
  };
}
