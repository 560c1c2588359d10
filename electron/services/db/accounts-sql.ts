// The team server's accounts store, written once for both engines: its SQL is what SQLite and
// PostgreSQL both read (`?` placeholders, numbered for PostgreSQL by its runner), and each engine
// gives the runner and its own tables (db/sqlite/accounts.ts, db/postgres/accounts.ts). Names are
// compared by their lower-case NFC form (`name_key`).
import { z } from 'zod';
import { roles, type Role } from '../../../shared/domain';
import type { Account, AccountStore, AttemptRow, InvitationRow, Membership, SessionRow } from '../accounts/store';

/** Runs one statement of the store. */
export interface SqlRunner {
  rows<R>(sql: string, params: unknown[]): Promise<R[]>;
  /** How many rows it changed. */
  run(sql: string, params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

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
const membership = (r: { project: string; name: string; roles: string }): Membership => ({ project: r.project, name: r.name, roles: rolesSchema.parse(JSON.parse(r.roles)) });

// (PostgreSQL's BIGINT and BIGSERIAL arrive as strings from a pool without type parsers)
const attemptSchema = z.object({ id: z.coerce.number().int(), at: z.coerce.number().int() });

const ACCOUNT = 'SELECT name, email, password_hash, created_at FROM accounts';
const MEMBER = 'SELECT m.project, a.name, m.roles FROM members m JOIN accounts a ON a.name_key = m.name_key';

export function accountStoreOver(db: SqlRunner): AccountStore {
  const one = async <R>(sql: string, params: unknown[]): Promise<R | undefined> => (await db.rows<R>(sql, params))[0];
  const run = async (sql: string, params: unknown[]): Promise<void> => void (await db.run(sql, params));
  return {
    account: async (name) => {
      const row = await one<AccountRow>(`${ACCOUNT} WHERE name_key = ?`, [nameKey(name)]);
      return row ? toAccount(row) : null;
    },
    accounts: async () => (await db.rows<AccountRow>(`${ACCOUNT} ORDER BY name_key`, [])).map(toAccount),
    addAccount: (a) => run('INSERT INTO accounts (name_key, name, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)', [nameKey(a.name), a.name, a.email, a.passwordHash, a.createdAt]),
    setPassword: (name, hash) => run('UPDATE accounts SET password_hash = ? WHERE name_key = ?', [hash, nameKey(name)]),

    addInvitation: (i) => run('INSERT INTO invitations (token_hash, name_key, expires_at) VALUES (?, ?, ?)', [i.tokenHash, nameKey(i.name), i.expiresAt]),
    invitation: async (tokenHash) => {
      const row = await one<{ name: string; expires_at: string }>('SELECT a.name, i.expires_at FROM invitations i JOIN accounts a ON a.name_key = i.name_key WHERE i.token_hash = ?', [tokenHash]);
      return row ? ({ tokenHash, name: row.name, expiresAt: row.expires_at } satisfies InvitationRow) : null;
    },
    dropInvitations: (name) => run('DELETE FROM invitations WHERE name_key = ?', [nameKey(name)]),

    addSession: (s) =>
      run('INSERT INTO sessions (id_hash, name_key, csrf, roles, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
        s.idHash,
        nameKey(s.name),
        s.csrf,
        JSON.stringify(s.roles),
        s.createdAt,
        s.expiresAt,
      ]),
    session: async (idHash) => {
      const row = await one<{ name: string; csrf: string; roles: string; created_at: string; expires_at: string }>(
        'SELECT a.name, s.csrf, s.roles, s.created_at, s.expires_at FROM sessions s JOIN accounts a ON a.name_key = s.name_key WHERE s.id_hash = ?',
        [idHash],
      );
      return row ? ({ idHash, name: row.name, csrf: row.csrf, roles: chosenSchema.parse(JSON.parse(row.roles)), createdAt: row.created_at, expiresAt: row.expires_at } satisfies SessionRow) : null;
    },
    setSessionRoles: (idHash, chosen) => run('UPDATE sessions SET roles = ? WHERE id_hash = ?', [JSON.stringify(chosen), idHash]),
    dropSession: (idHash) => run('DELETE FROM sessions WHERE id_hash = ?', [idHash]),
    dropSessions: (name) => db.run('DELETE FROM sessions WHERE name_key = ?', [nameKey(name)]),
    dropExpiredSessions: (now) => run('DELETE FROM sessions WHERE expires_at <= ?', [now]),

    projects: async () => (await db.rows<{ name: string; created_at: string }>('SELECT name, created_at FROM projects ORDER BY name', [])).map((r) => ({ name: r.name, createdAt: r.created_at })),
    addProject: (name, createdAt) => run('INSERT INTO projects (name, created_at) VALUES (?, ?)', [name, createdAt]),
    membershipsOf: async (name) => (await db.rows<{ project: string; name: string; roles: string }>(`${MEMBER} WHERE m.name_key = ? ORDER BY m.project`, [nameKey(name)])).map(membership),
    members: async (project) => (await db.rows<{ project: string; name: string; roles: string }>(`${MEMBER} WHERE m.project = ? ORDER BY a.name_key`, [project])).map(membership),
    setRoles: (project, name, given: readonly Role[]) =>
      given.length === 0
        ? run('DELETE FROM members WHERE project = ? AND name_key = ?', [project, nameKey(name)])
        : run('INSERT INTO members (project, name_key, roles) VALUES (?, ?, ?) ON CONFLICT (project, name_key) DO UPDATE SET roles = excluded.roles', [
            project,
            nameKey(name),
            JSON.stringify([...new Set(given)]),
          ]),

    audit: (project, e) =>
      run('INSERT INTO audit (project, at, person, role, kind, what, subject, ok) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [project, e.at, e.person, e.role, e.kind, e.what, e.subject, e.ok ? 1 : 0]),
    auditOf: async (project, limit) =>
      (
        await db.rows<{ at: string; person: string; role: string | null; kind: string; what: string; subject: string; ok: number }>(
          'SELECT at, person, role, kind, what, subject, ok FROM audit WHERE project = ? ORDER BY seq DESC LIMIT ?',
          [project, limit],
        )
      ).map((r) => ({
        at: r.at,
        person: r.person,
        role: r.role === null ? null : z.enum(roles).parse(r.role),
        kind: z.enum(auditKinds).parse(r.kind),
        what: r.what,
        subject: r.subject,
        ok: r.ok === 1,
      })),

    addAttempt: async (key, at) => {
      const row = await one<{ id: unknown }>('INSERT INTO sign_in_attempts (key, at) VALUES (?, ?) RETURNING id', [key, at]);
      return attemptSchema.shape.id.parse(row?.id);
    },
    attemptsSince: async (key, since) =>
      (await db.rows<unknown>('SELECT id, at FROM sign_in_attempts WHERE key = ? AND at > ? ORDER BY id', [key, since])).map((r): AttemptRow => attemptSchema.parse(r)),
    dropAttempt: (id) => run('DELETE FROM sign_in_attempts WHERE id = ?', [id]),
    dropAttempts: (key) => run('DELETE FROM sign_in_attempts WHERE key = ?', [key]),
    pruneAttempts: (before) => run('DELETE FROM sign_in_attempts WHERE at <= ?', [before]),

    close: () => db.close(),
  };
}

/** The tables, in both engines' SQL; `serial` is the engine's auto-numbered key column type. */
export const accountTables = (serial: string, strict: string): string => `
  CREATE TABLE accounts (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, password_hash TEXT, created_at TEXT NOT NULL)${strict};
  CREATE TABLE invitations (
    token_hash TEXT PRIMARY KEY,
    name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
    expires_at TEXT NOT NULL
  )${strict};
  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )${strict};
  CREATE INDEX sessions_of ON sessions(name_key);
  CREATE TABLE projects (name TEXT PRIMARY KEY, created_at TEXT NOT NULL)${strict};
  CREATE TABLE members (
    project TEXT NOT NULL REFERENCES projects(name) ON DELETE CASCADE,
    name_key TEXT NOT NULL REFERENCES accounts(name_key) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    PRIMARY KEY (project, name_key)
  )${strict};
  CREATE TABLE audit (
    seq ${serial} PRIMARY KEY,
    project TEXT NOT NULL,
    at TEXT NOT NULL,
    person TEXT NOT NULL,
    role TEXT,
    kind TEXT NOT NULL,
    what TEXT NOT NULL,
    subject TEXT NOT NULL,
    ok INTEGER NOT NULL
  )${strict};
  CREATE INDEX audit_of ON audit(project, seq);`;

/**
 * The second migration: the sign-in attempts the limits count, in the database so that every server
 * process on it counts them together (`at` in ms: `bigint` is the engine's 64-bit integer type).
 */
export const attemptTables = (serial: string, bigint: string, strict: string): string => `
  CREATE TABLE sign_in_attempts (id ${serial} PRIMARY KEY, key TEXT NOT NULL, at ${bigint} NOT NULL)${strict};
  CREATE INDEX sign_in_attempts_of ON sign_in_attempts(key, at);`;
