// Signing in: the one way a session becomes someone, run by each transport as its own step (HTTP's
// /session, the desktop's session:* channels) — never through a contract method. The open project
// decides who may sign in as whom: a person it lists, in one of their roles, with their passphrase
// if they set one. A session that has not given that passphrase in the open project (it was opened
// afterwards, or the session only started as the machine's last person) may call only what anyone may.
import type { ApiError, ApiResult } from '../../../shared/api';
import { isApiMethod } from '../../../shared/api-methods';
import { declarations } from '../../../shared/contract';
import type { Caller } from '../../../shared/domain';
import { plural } from '../../../shared/plural';
import { UNPRINTABLE } from '../../../shared/review/types';
import { signInRequestSchema, type SessionState } from '../../../shared/session';
import { describeZodIssue } from '../../../shared/zod-issue';
import { NEVER_ABORTED, type ContextSource, type TransportFeatures } from '../context';
import { ServiceError, toApiError } from '../errors';
import { dispatch, type HandlerMap } from '../handlers';
import { Throttle } from '../throttle';
import type { Project } from '../projects/project';
import { checkedRole } from '../review/policy';
import { passphraseMatches } from './passphrase';
import { newSession, recordIn, type Session, type SignRecord } from './sessions';

/** What signing in needs of the app: the open project, the machine's last person, and the contexts of calls. */
export interface SignInHost extends ContextSource {
  currentProject(): Project | null;
  /** Who signed in last on this machine: what a new session starts as. */
  localCaller(): Caller;
  readonly settings: { recordSignIn(caller: Caller): void };
}

export interface SignInOptions {
  /** Where a line per sign-in and sign-out goes (browser mode: the terminal). */
  log?: (line: string) => void;
  now?: () => number;
}

/** Wrong passphrases for one name: ATTEMPTS within WINDOW, and that name is refused until the oldest of them leaves it. */
const ATTEMPTS = 5;
const WINDOW = 10 * 60_000;

const hhmm = (ms: number): string => new Date(ms).toTimeString().slice(0, 5);
/** A name as a log line shows it: a control or invisible character (a name stored before they were refused) escaped, so no name can forge a line. */
const printable = (name: string): string => name.replace(new RegExp(UNPRINTABLE.source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
const said = (caller: Caller): string => `${printable(caller.person)} (${caller.role})`;

export class SignInService {
  private readonly throttle = new Throttle(ATTEMPTS, WINDOW);
  private readonly now: () => number;

  constructor(
    private readonly host: SignInHost,
    private readonly options: SignInOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A new session: the machine's last person, with no passphrase given. */
  start(): Session {
    return newSession(this.host.localCaller(), this.stamp());
  }

  /** Signs the session in as the person the request names, once the open project allows it; switching person is a sign-out and a sign-in. */
  async signIn(session: Session, payload: unknown): Promise<ApiResult<{ caller: Caller }>> {
    const parsed = signInRequestSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, error: { code: 'invalid-request', message: describeZodIssue('sign-in', parsed.error, [], 'request') } };
    const { role, passphrase } = parsed.data;
    let caller: Caller;
    let verifiedIn: string | null;
    try {
      caller = { person: await this.listedName(parsed.data.person), role };
      verifiedIn = await this.check(caller, passphrase || null);
    } catch (error) {
      return { ok: false, error: toApiError(error) };
    }
    if (session.record.at(-1)?.what === 'signed in') this.note(session, 'signed out', session.caller);
    session.caller = caller;
    session.verified = new Set(verifiedIn === null ? [] : [verifiedIn]);
    this.note(session, 'signed in', caller);
    this.host.settings.recordSignIn(caller);
    return { ok: true, value: { caller: { ...caller } } };
  }

  /** Signs the session out (the transport then forgets it, or starts a new one). */
  signOut(session: Session): void {
    this.note(session, 'signed out', session.caller);
    session.verified.clear();
  }

  async current(session: Session): Promise<SessionState> {
    return { caller: { ...session.caller }, verified: (await this.unverifiedIn(session)) === null };
  }

  /** Why the session may not make this call now, or null: a name protected in the open project whose passphrase it has not given. */
  async refusal(session: Session, method: unknown): Promise<ApiError | null> {
    if (!isApiMethod(method) || declarations[method].callers === 'anyone') return null;
    if ((await this.unverifiedIn(session)) === null) return null;
    return { code: 'unauthenticated', message: `${session.caller.person} protects their name with a passphrase: sign in again.` };
  }

  /** One call of the contract, made as the session's caller (its context built from it, and from nothing the call sends). */
  async call(session: Session, handlers: HandlerMap, method: unknown, payload: unknown, signal: AbortSignal = NEVER_ABORTED, transport: TransportFeatures = {}): Promise<ApiResult<unknown>> {
    const refused = await this.refusal(session, method);
    if (refused) return { ok: false, error: refused };
    const project = this.host.currentProject();
    const verified = (await this.unverifiedIn(session)) === null;
    const result = await dispatch(handlers, method, payload, this.host.contextFor({ ...session.caller }, signal, transport, verified));
    // setting one's own passphrase gives it (and the current one, if any, was checked)
    if (result.ok && method === 'people.setPassphrase' && project) session.verified.add(project.path);
    return result;
  }

  /** The name as the open project lists it ("sam" signs in as the listed "Sam": one person), or as typed. */
  private async listedName(name: string): Promise<string> {
    const project = this.host.currentProject();
    return (project && (await project.stores.review.personLike(name))?.name) ?? name;
  }

  /** The project where the caller signs in, if they gave their passphrase there; throws what refuses them. */
  private async check(caller: Caller, given: string | null): Promise<string | null> {
    const project = this.host.currentProject();
    if (!project) return null;
    await checkedRole(project.stores, caller);
    const stored = await project.stores.review.passphraseOf(caller.person);
    if (stored === null) return null;
    if (given === null) throw new ServiceError('unauthenticated', `${caller.person} protects their name with a passphrase: enter it to sign in.`);
    const now = this.now();
    const until = this.throttle.attempt(caller.person.toLowerCase(), now);
    if (until !== null) {
      this.options.log?.(`[tidemark] refused (too many wrong passphrases): ${said(caller)}`);
      throw new ServiceError('unavailable', `Too many wrong passphrases for ${caller.person}: try again in ${plural(Math.ceil((until - now) / 60_000), 'minute')} (at ${hhmm(until)}).`);
    }
    if (!(await passphraseMatches(stored, given))) {
      this.options.log?.(`[tidemark] wrong passphrase: ${said(caller)}`);
      const locked = this.throttle.heldUntil(caller.person.toLowerCase(), now);
      // the last try the limit allows says so, rather than the next one
      const after = locked === null ? '' : ` That was ${ATTEMPTS} wrong ones in ${WINDOW / 60_000} minutes: ${caller.person} is refused until ${hhmm(locked)}.`;
      throw new ServiceError('unauthenticated', `That is not ${caller.person}'s passphrase.${after}`);
    }
    this.throttle.succeeded(caller.person.toLowerCase());
    return project.path;
  }

  /** The open project, when it protects the session's caller with a passphrase the session has not given there. */
  private async unverifiedIn(session: Session): Promise<Project | null> {
    const project = this.host.currentProject();
    if (!project || session.verified.has(project.path)) return null;
    return (await project.stores.review.passphraseOf(session.caller.person)) === null ? null : project;
  }

  private note(session: Session, what: SignRecord['what'], caller: Caller): void {
    recordIn(session, { at: this.stamp(), what, caller: { ...caller } });
    this.options.log?.(`[tidemark] ${what}: ${said(caller)}`);
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }
}
