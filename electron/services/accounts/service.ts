// Accounts on a team server: invitations that set a first password, signing in with a password
// (scrypt, throttled per account and per address, the attempts counted in the accounts store so that
// every server process on one database shares the limits), sessions kept in the accounts store (so a restart
// or a second server process keeps them, and revoking one ends it everywhere), the roles a person
// holds in each project, and the audit log. The transport (electron/server/team-server.ts) vouches
// for a request's person only through `sessionFor`.
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../../shared/domain';
import { teamPassword, type AuditEntry, type TeamInvitation, type TeamMe, type TeamMember } from '../../../shared/team';
import { ServiceError } from '../errors';
import { hashPassphrase, passphraseMatches } from '../session/passphrase';
import { StoredThrottle } from './sign-in-limits';
import type { Account, AccountStore, SessionRow } from './store';

/** How long an invitation (or a reset) link works. */
export const INVITATION_DAYS = 7;
/** How long a session lasts from signing in. */
export const SESSION_DAYS = 7;

const DAY = 24 * 60 * 60_000;
/** The window the sign-in limits count attempts in. */
const SIGN_IN_WINDOW = 15 * 60_000;
const token = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A signed-in session as the transport holds it for one request. */
export interface TeamSession {
  idHash: string;
  name: string;
  csrf: string;
  roles: Record<string, Role>;
}

export interface AccountServiceOptions {
  /** The server's address as people reach it (invitation links are made from it). */
  publicUrl: () => string;
  now?: () => Date;
}

export class AccountService {
  /** 10 attempts at one account in 15 minutes hold it for 15 minutes; 30 wrong passwords from one address likewise. */
  private readonly byAccount: StoredThrottle;
  private readonly byAddress: StoredThrottle;
  private readonly now: () => Date;

  constructor(
    readonly store: AccountStore,
    private readonly options: AccountServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.byAccount = new StoredThrottle(store, 'account', { limit: 10, windowMs: SIGN_IN_WINDOW });
    this.byAddress = new StoredThrottle(store, 'address', { limit: 30, windowMs: SIGN_IN_WINDOW });
  }

  // ── accounts and invitations ──

  /** A new account (no password yet) and its invitation link (its roles in projects: TeamHost.setRoles). */
  async addAccount(name: string, options: { email?: string | null } = {}): Promise<TeamInvitation> {
    if (await this.store.account(name)) throw new ServiceError('conflict', `There is already an account named ${name}.`);
    // (the link's address first: nothing is written when there is none to give)
    this.options.publicUrl();
    await this.store.addAccount({ name, email: options.email ?? null, passwordHash: null, createdAt: this.now().toISOString() });
    return this.invitation(name);
  }

  /** A new one-time link for the person (earlier ones stop working). */
  async invitation(name: string): Promise<TeamInvitation> {
    const account = await this.requireAccount(name);
    const value = token();
    const expiresAt = new Date(this.now().getTime() + INVITATION_DAYS * DAY).toISOString();
    await this.store.dropInvitations(account.name);
    await this.store.addInvitation({ tokenHash: tokenHash(value), name: account.name, expiresAt });
    return { name: account.name, link: `${this.options.publicUrl()}/invite?token=${value}`, expiresAt };
  }

  /** Whose invitation the token is, or null (unknown, used or expired). */
  async invited(value: string): Promise<string | null> {
    const found = await this.store.invitation(tokenHash(value));
    return found && found.expiresAt > this.now().toISOString() ? found.name : null;
  }

  /** Sets the password an invitation asks for, and signs the person in. */
  async acceptInvitation(value: string, password: string): Promise<{ id: string; session: TeamSession }> {
    const name = await this.invited(value);
    if (!name) throw new ServiceError('not-found', 'This invitation link is not valid any more (used, replaced or expired): ask a lead for a new one.');
    const checked = teamPassword.safeParse(password);
    if (!checked.success) throw new ServiceError('invalid-request', checked.error.issues[0]!.message);
    await this.store.setPassword(name, await hashPassphrase(password));
    await this.store.dropInvitations(name);
    return this.startSession(name);
  }

  /** A lead's reset: the password cleared, every session ended, a new invitation link. */
  async resetPassword(name: string): Promise<TeamInvitation> {
    const account = await this.requireAccount(name);
    this.options.publicUrl();
    await this.store.setPassword(account.name, null);
    await this.store.dropSessions(account.name);
    return this.invitation(account.name);
  }

  // ── signing in and out ──

  async signIn(name: string, password: string, address: string): Promise<{ id: string; session: TeamSession }> {
    const now = this.now().getTime();
    const key = name.normalize('NFC').toLowerCase();
    // (attempts older than the window count no more, whichever process recorded them)
    await this.store.pruneAttempts(now - SIGN_IN_WINDOW);
    // both count this attempt before the slow check, so that attempts sent at once all count; an
    // address counts its wrong passwords only (a whole office signs in from one): a right one, or
    // one the account refused, is forgotten again
    const byAddress = await this.byAddress.counted(address, now);
    const held = byAddress.held ?? (await this.byAccount.attempt(key, now));
    if (held !== null) {
      await this.byAddress.forget(byAddress.id);
      throw new ServiceError('unavailable', `Too many wrong passwords: try again in ${Math.ceil((held - now) / 60_000)} minutes.`);
    }
    const account = await this.store.account(name);
    // the same work either way: a wrong name answers no faster than a wrong password
    const matches = await passphraseMatches(account?.passwordHash ?? (await dummy()), password);
    if (!account || !account.passwordHash || !matches) throw new ServiceError('unauthenticated', 'Wrong name or password.');
    // a reset (or a new password) while scrypt ran: the password checked is no longer theirs
    if ((await this.store.account(account.name))?.passwordHash !== account.passwordHash) throw new ServiceError('unauthenticated', 'Wrong name or password.');
    // (the address's earlier count stands: one's own sign-in must not wipe its guesses at other names)
    await this.byAddress.forget(byAddress.id);
    await this.byAccount.succeeded(key);
    return this.startSession(account.name);
  }

  /** The session a cookie's id names, unless it has ended. */
  async sessionFor(id: string | null): Promise<TeamSession | null> {
    if (!id || id.length > 100) return null;
    const row = await this.store.session(tokenHash(id));
    if (!row) return null;
    if (row.expiresAt <= this.now().toISOString()) {
      await this.store.dropSession(row.idHash);
      return null;
    }
    return sessionOf(row);
  }

  async signOut(session: TeamSession): Promise<void> {
    await this.store.dropSession(session.idHash);
  }

  /** Signs the person out everywhere. */
  async revoke(name: string): Promise<number> {
    return this.store.dropSessions((await this.requireAccount(name)).name);
  }

  private async startSession(name: string): Promise<{ id: string; session: TeamSession }> {
    const id = token();
    const now = this.now();
    const row: SessionRow = { idHash: tokenHash(id), name, csrf: token(), roles: {}, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY).toISOString() };
    await this.store.dropExpiredSessions(now.toISOString());
    await this.store.addSession(row);
    return { id, session: sessionOf(row) };
  }

  // ── projects and roles ──

  async me(session: TeamSession): Promise<TeamMe> {
    const account = await this.requireAccount(session.name);
    const memberships = await this.store.membershipsOf(account.name);
    return { name: account.name, email: account.email, csrf: session.csrf, projects: memberships.map((m) => ({ name: m.project, roles: m.roles })) };
  }

  /** The person's roles in the project (none: not a member). */
  async rolesIn(project: string, name: string): Promise<Role[]> {
    return (await this.store.membershipsOf(name)).find((m) => m.project === project)?.roles ?? [];
  }

  /** The role the session works in there: the one it chose, if it still holds it, else its first. Null for a non-member. */
  async roleIn(session: TeamSession, project: string): Promise<Role | null> {
    const held = await this.rolesIn(project, session.name);
    const chosen = session.roles[project];
    return chosen && held.includes(chosen) ? chosen : (held[0] ?? null);
  }

  async chooseRole(session: TeamSession, project: string, role: Role): Promise<void> {
    const held = await this.rolesIn(project, session.name);
    if (!held.includes(role)) throw new ServiceError('forbidden', `${session.name} is not a ${role} in ${project} (${held.length ? `their roles: ${held.join(', ')}` : 'not a member'}).`);
    session.roles = { ...session.roles, [project]: role };
    await this.store.setSessionRoles(session.idHash, session.roles);
  }

  async setRoles(project: string, name: string, given: readonly Role[]): Promise<void> {
    const account = await this.requireAccount(name);
    if (!(await this.store.projects()).some((p) => p.name === project)) throw new ServiceError('not-found', `No project ${project} on this server.`);
    await this.store.setRoles(project, account.name, given);
  }

  async members(project: string): Promise<TeamMember[]> {
    const members = await this.store.members(project);
    const accounts = new Map((await this.store.accounts()).map((a) => [a.name, a]));
    return members.map((m) => ({ name: m.name, email: accounts.get(m.name)?.email ?? null, roles: m.roles, active: Boolean(accounts.get(m.name)?.passwordHash) }));
  }

  async audit(project: string, entry: Omit<AuditEntry, 'at'>): Promise<void> {
    await this.store.audit(project, { at: this.now().toISOString(), ...entry });
  }

  private async requireAccount(name: string): Promise<Account> {
    const account = await this.store.account(name);
    if (!account) throw new ServiceError('not-found', `No account named ${name}.`);
    return account;
  }
}

function sessionOf(row: SessionRow): TeamSession {
  return { idHash: row.idHash, name: row.name, csrf: row.csrf, roles: { ...row.roles } };
}

/** Checked against when the account does not exist or has no password, so that it takes as long (made at the first sign-in, not at start). */
let dummyHash: Promise<string> | null = null;
const dummy = (): Promise<string> => (dummyHash ??= hashPassphrase(randomBytes(16).toString('hex')));
