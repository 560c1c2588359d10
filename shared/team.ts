// The team server's own HTTP routes (`tidemark serve`), outside the contract as /session is: signing
// in with an account, accepting an invitation, the projects a person is a member of, and what a lead
// administers (members, password resets, sessions, the audit log). A project's app is served under
// /p/<project>/ and calls /p/<project>/api/<method>, /p/<project>/session and /p/<project>/media/…;
// every state-changing request carries the session's CSRF token in the X-CSRF-Token header (it is
// also in the `tidemark-csrf` cookie, readable by the page, so the page can send it back).
import { z } from 'zod';
import { roles, type Role } from './domain';
import { personName } from './review/types';

/** A project's name on a team server: what its URL (/p/<name>/) and its file name are made of. */
export const teamProjectName = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, 'a project name is 1–63 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit');

/** At least 10 characters: scrypt makes guessing slow, not a short password long. */
export const teamPassword = z.string().min(10, 'a password has at least 10 characters').max(200);

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'tidemark-csrf';

export const loginRequestSchema = z.object({ name: personName, password: z.string().min(1).max(200) }).strict();
export const acceptInvitationSchema = z.object({ token: z.string().min(16).max(200), password: teamPassword }).strict();
export const inviteRequestSchema = z
  .object({
    name: personName,
    email: z.string().email().max(200).optional(),
    roles: z.array(z.enum(roles)).min(1),
  })
  .strict();
export const membersRequestSchema = z.object({ name: personName, roles: z.array(z.enum(roles)) }).strict();

export interface TeamProject {
  name: string;
  /** The roles the person holds in it. */
  roles: Role[];
}

/** Who a team session is. */
export interface TeamMe {
  name: string;
  email: string | null;
  /** The session's CSRF token (the same as the cookie's). */
  csrf: string;
  projects: TeamProject[];
}

export interface TeamMember {
  name: string;
  email: string | null;
  roles: Role[];
  /** False until they have set a password from their invitation. */
  active: boolean;
}

/** An invitation (or a password reset) as a lead hands it on: the link works once, until it expires. */
export interface TeamInvitation {
  name: string;
  link: string;
  expiresAt: string;
}

/** One line of a project's audit log. */
export interface AuditEntry {
  at: string;
  person: string;
  role: Role | null;
  /** 'read' a call that can show items' answers; 'write' a call that changed something; 'admin' a lead's step; 'sign-in' … */
  kind: 'read' | 'write' | 'admin' | 'sign-in';
  /** The method called (or the administrative step). */
  what: string;
  /** The ids the request named (video, question, round, …), as JSON text. */
  subject: string;
  ok: boolean;
}

export const teamMeSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  csrf: z.string(),
  projects: z.array(z.object({ name: z.string(), roles: z.array(z.enum(roles)) })),
}) satisfies z.ZodType<TeamMe>;

// The answers of the team routes, as the sign-in pages parse them (renderer/src/team/): nothing from
// the server is believed before it has been through one of these.
export const teamMemberSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(roles)),
  active: z.boolean(),
}) satisfies z.ZodType<TeamMember>;

export const teamInvitationSchema = z.object({ name: z.string(), link: z.string().min(1), expiresAt: z.string() }) satisfies z.ZodType<TeamInvitation>;

/** GET /team/invitation?token=T: whose invitation the link is. */
export const invitationInfoSchema = z.object({ name: z.string() });

/** POST /team/projects/P/invite: the member as listed now, and their link (null: they already had a password and are just added). */
export const inviteAnswerSchema = z.object({ member: teamMemberSchema, invitation: teamInvitationSchema.nullable() });

export const auditEntrySchema = z.object({
  at: z.string(),
  person: z.string(),
  role: z.enum(roles).nullable(),
  kind: z.enum(['read', 'write', 'admin', 'sign-in']),
  what: z.string(),
  subject: z.string(),
  ok: z.boolean(),
}) satisfies z.ZodType<AuditEntry>;

/** Every team route answers `{ok:true,value}` or `{ok:false,error:{code,message}}`, whatever its status. */
export const teamResultSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: z.object({ code: z.string().min(1), message: z.string().min(1) }) })]);
