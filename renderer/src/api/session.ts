// Who the calls are made as: signing in and out is the transport's own step, outside the contract —
// the preload's `window.tidemark.session` on the desktop, `/session` (a cookie the server sets) in
// browser mode (`/p/<project>/session` on a team server, where it switches roles and signs out of the
// server). Every answer comes from outside the page, so each is parsed before it is believed.
import { z } from 'zod';
import type { Caller, Role } from '../../../shared/domain';
import { roles } from '../../../shared/domain';
import { csrfHeaders, leaveForSignIn, page } from './base-path';
import { inOrder } from './client';

const callerSchema = z.object({ person: z.string().min(1), role: z.enum(roles) }) satisfies z.ZodType<Caller>;

const refusalSchema = z.object({ ok: z.literal(false), error: z.object({ code: z.string().min(1), message: z.string().min(1) }) });
const resultOf = <T extends z.ZodType>(value: T) => z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), refusalSchema]);

const signInAnswer = resultOf(z.object({ caller: callerSchema }));
const signOutAnswer = resultOf(z.null());
const currentAnswer = resultOf(z.object({ caller: callerSchema, verified: z.boolean() }));

/** A refusal travels as data, as the contract's errors do: the sign-in form shows its message. */
export type SessionResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export interface CurrentSession {
  caller: Caller;
  /** Whether this session gave the person's passphrase (or the person has none to give). */
  verified: boolean;
}

type Operation = 'signIn' | 'signOut' | 'current';
const httpRoutes: Record<Operation, 'POST' | 'DELETE' | 'GET'> = { signIn: 'POST', signOut: 'DELETE', current: 'GET' };

/** Where an answer came from, as an error names it. */
const source = (operation: Operation, desktop: boolean): string => (desktop ? `The desktop's session.${operation}` : `${httpRoutes[operation]} ${page.base()}/session`);

function desktopSession(): PreloadSession | undefined {
  return typeof window !== 'undefined' ? window.tidemark?.session : undefined;
}
type PreloadSession = NonNullable<Window['tidemark']>['session'];

async function viaHttp(operation: Operation, body?: unknown): Promise<unknown> {
  const base = page.base();
  const method = httpRoutes[operation];
  // a team server checks the CSRF token on what changes the session; browser mode sets no such cookie
  const csrf = method === 'GET' ? {} : csrfHeaders(page.cookies());
  const response = await fetch(`${base}/session`, {
    method,
    credentials: 'same-origin',
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...csrf },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 401 && base) {
    leaveForSignIn();
    return { ok: false, error: { code: 'forbidden', message: 'Signed out: taking you to the page to sign in again.' } };
  }
  if (response.status === 401) return { ok: false, error: { code: 'forbidden', message: 'Not authorised: open the URL printed when Tidemark started.' } };
  try {
    return await response.json();
  } catch {
    throw new Error(`${source(operation, false)} answered ${response.status} without a JSON result.`);
  }
}

/** Asks the transport (the bridge's `ask`, or HTTP with `body`) and parses what it answers. */
async function ask<T>(operation: Operation, schema: z.ZodType<SessionResult<T>>, send: (bridge: PreloadSession) => Promise<unknown>, body?: unknown): Promise<SessionResult<T>> {
  const bridge = desktopSession();
  const exchange = (): Promise<unknown> => (bridge ? send(bridge) : viaHttp(operation, body));
  // a sign-in or out goes after the writes already sent (what the leaving person typed is saved as
  // them) and before any made later; reading the session waits for nothing
  const answer = await (operation === 'current' ? exchange() : inOrder(exchange));
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${source(operation, Boolean(bridge))} gave an answer Tidemark cannot read (${issue ? `${issue.path.join('.') || 'the answer'}: ${issue.message}` : 'unknown shape'}).`);
}

/** Signs in as `person` in `role`; the passphrase is needed only by a person who protects their name with one. */
export function signIn(person: string, role: Role, passphrase?: string): Promise<SessionResult<{ caller: Caller }>> {
  const request = { person, role, ...(passphrase ? { passphrase } : {}) };
  return ask('signIn', signInAnswer, (bridge) => bridge.signIn(request), request);
}

export function signOut(): Promise<SessionResult<null>> {
  return ask('signOut', signOutAnswer, (bridge) => bridge.signOut());
}

/** Who the transport vouches for now, and whether they gave their passphrase. */
export function currentSession(): Promise<SessionResult<CurrentSession>> {
  return ask('current', currentAnswer, (bridge) => bridge.current());
}
