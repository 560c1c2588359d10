// The sign-in pages' own logic, kept pure: which page a path is, where a sign-in may go next, what is
// wrong with a form before it is sent, and the audit log's filter.
import type { Role } from '../../../shared/domain';
import { inviteRequestSchema, teamPassword, type AuditEntry, type TeamMe } from '../../../shared/team';
import { sameServerPath } from '../../../shared/team-connect';
import { projectOfPath } from '../api/base-path';

export type TeamPage = 'login' | 'invite' | 'projects' | 'not-member' | 'not-found';

/**
 * team.html is served at /login, /invite and /: the path says which page it is. Under a project's
 * address /p/<project>/ the server sends it (instead of the app) only to a signed-in person who is not
 * a member of that project.
 */
export function pageOf(pathname: string): TeamPage {
  if (pathname === '/login') return 'login';
  if (pathname === '/invite') return 'invite';
  if (pathname === '/') return 'projects';
  if (projectOfPath(pathname) !== null) return 'not-member';
  return 'not-found';
}

/** Where to go after signing in: `next` when it is a path on this server, else my projects (one rule with the desktop's). */
export const safeNext = sameServerPath;

/** What is wrong with a new password typed twice, in words; null when nothing is. */
export function passwordProblem(password: string, confirmation: string): string | null {
  const parsed = teamPassword.safeParse(password);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'the password is not accepted';
    return `${message[0]!.toUpperCase()}${message.slice(1)}.`;
  }
  return password === confirmation ? null : 'The two passwords differ: type the same one twice.';
}

const fieldNames: Record<string, string> = { name: 'Name', email: 'Email', roles: 'Roles' };

/** The invite form checked as the server will check it, the field named; an empty email is none. */
export function invitationFieldsProblem(fields: { name: string; email: string; roles: Role[] }): string | null {
  const email = fields.email.trim();
  const parsed = inviteRequestSchema.safeParse({ name: fields.name.trim(), roles: fields.roles, ...(email ? { email } : {}) });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const message = field === 'roles' && issue?.code === 'too_small' ? 'tick at least one role' : (issue?.message ?? 'not accepted');
  return `${fieldNames[field] ?? 'The form'}: ${message}.`;
}

/** The projects whose members and log I may manage. */
export function leadProjects(me: TeamMe): string[] {
  return me.projects.filter((p) => p.roles.includes('lead')).map((p) => p.name);
}

/** An invitation link as the lead copies it: whole, with this server's address when it came as a path. */
export function absoluteLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

export interface AuditFilter {
  /** '' for everyone. */
  person: string;
  /** '' for every kind. */
  kind: AuditEntry['kind'] | '';
}

/** The log's lines of one person and/or kind, in the server's order (newest first). */
export function filterAudit(entries: readonly AuditEntry[], filter: AuditFilter): AuditEntry[] {
  return entries.filter((e) => (!filter.person || e.person === filter.person) && (!filter.kind || e.kind === filter.kind));
}
