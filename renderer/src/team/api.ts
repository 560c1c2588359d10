// The team server's own routes (shared/team.ts), as the sign-in pages call them. Every answer is
// `{ok:true,value}` or `{ok:false,error}` whatever its status, and is parsed before it is believed; a
// refusal comes back as data for the page to show (a wrong password, throttled, not a lead).
import { z } from 'zod';
import type { Role } from '../../../shared/domain';
import { auditEntrySchema, invitationInfoSchema, inviteAnswerSchema, teamInvitationSchema, teamMeSchema, teamMemberSchema, teamResultSchema } from '../../../shared/team';
import { csrfHeaders, page } from '../api/base-path';

export type TeamAnswer<T> = { ok: true; value: T } | { ok: false; status: number; error: { code: string; message: string } };

async function exchange<T extends z.ZodType>(method: 'GET' | 'POST', path: string, value: T, body?: unknown): Promise<TeamAnswer<z.output<T>>> {
  const route = `${method} ${path.split('?')[0]}`;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    // the server checks the CSRF token on every POST (its cookie is set at sign-in)
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(method === 'POST' ? csrfHeaders(page.cookies()) : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${route} answered ${response.status} without a JSON result.`);
  }
  const parsed = teamResultSchema(value).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${route} gave an answer Tidemark cannot read (${issue ? `${issue.path.join('.') || 'the answer'}: ${issue.message}` : 'unknown shape'}).`);
  }
  const answer = parsed.data as { ok: true; value: z.output<T> } | { ok: false; error: { code: string; message: string } };
  return answer.ok ? answer : { ...answer, status: response.status };
}

const project = (name: string): string => `/team/projects/${encodeURIComponent(name)}`;

export const teamApi = {
  me: () => exchange('GET', '/team/me', teamMeSchema),
  login: (name: string, password: string) => exchange('POST', '/team/login', teamMeSchema, { name, password }),
  logout: () => exchange('POST', '/team/logout', z.null()),
  invitation: (token: string) => exchange('GET', `/team/invitation?token=${encodeURIComponent(token)}`, invitationInfoSchema),
  acceptInvitation: (token: string, password: string) => exchange('POST', '/team/invitation', teamMeSchema, { token, password }),
  members: (p: string) => exchange('GET', `${project(p)}/members`, z.array(teamMemberSchema)),
  invite: (p: string, request: { name: string; email?: string; roles: Role[] }) => exchange('POST', `${project(p)}/invite`, inviteAnswerSchema, request),
  /** No roles removes them from the project. */
  setRoles: (p: string, name: string, roles: Role[]) => exchange('POST', `${project(p)}/members`, z.unknown(), { name, roles }),
  resetPassword: (p: string, name: string) => exchange('POST', `${project(p)}/reset`, teamInvitationSchema, { name }),
  revoke: (p: string, name: string) => exchange('POST', `${project(p)}/revoke`, z.unknown(), { name }),
  audit: (p: string, limit: number) => exchange('GET', `${project(p)}/audit?limit=${limit}`, z.array(auditEntrySchema)),
};
