// The renderer's typed client of the one API contract: Electron IPC through the preload's
// `window.tidemark`, or HTTP to the local server in browser mode (or to a team server, under
// /p/<project>/: base-path.ts). Same calls, same results.
import type { ApiMethod, ApiRequest, ApiResponses, ApiResult } from '../../../shared/api';
import { readMethods } from '../../../shared/api-methods';
import type { SignInRequest } from '../../../shared/session';
import { leaveForSignIn, page, csrfHeaders } from './base-path';
import { ApiCallError } from './call-error';
import { SupersededError } from './superseded';

interface PreloadBridge {
  invoke(method: string, payload: unknown): Promise<ApiResult<unknown>>;
  /** Signing in is the transport's own step, outside the contract (session.ts parses what these answer). */
  session: {
    signIn(request: SignInRequest): Promise<unknown>;
    signOut(): Promise<unknown>;
    current(): Promise<unknown>;
  };
}

declare global {
  interface Window {
    tidemark?: PreloadBridge;
  }
}

export { ApiCallError };

const bridge = typeof window !== 'undefined' ? window.tidemark : undefined;
export const isDesktop = Boolean(bridge);

const KEEPALIVE_LIMIT = 16_000;

async function viaHttp(method: string, payload: unknown): Promise<ApiResult<unknown>> {
  const body = JSON.stringify(payload ?? {});
  const base = page.base();
  const response = await fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...csrfHeaders(page.cookies()) },
    credentials: 'same-origin',
    body,
    // a small call outlives the page (text saved as a reload begins); the browser allows 64 KB in flight so
    keepalive: body.length < KEEPALIVE_LIMIT,
  });
  if (response.status === 401) {
    // on a team server the session has ended (signed out, revoked, expired): the sign-in page, back here after
    if (base) {
      leaveForSignIn();
      return { ok: false, error: { code: 'forbidden', message: 'Signed out: taking you to the page to sign in again.' } };
    }
    return { ok: false, error: { code: 'forbidden', message: 'Not authorised: open the URL printed when Tidemark started.' } };
  }
  return (await response.json()) as ApiResult<unknown>;
}

/**
 * Calls that only read (shared/api-methods.ts) go at once: the server answers them from its read
 * connection, so none waits behind an edit that waits for a large import. Everything else changes
 * something and must reach it in order.
 */
const READS: ReadonlySet<ApiMethod> = new Set<ApiMethod>(readMethods);

/**
 * Writes are sent one after another: two quick edits (a select changed twice, a key held down) on
 * two HTTP connections could otherwise arrive in either order and the older one would win.
 */
let writes: Promise<unknown> = Promise.resolve();

/** Writes sent and not yet answered: when they wait long (behind a large import's commit, say), the page says so. */
let unanswered = 0;
const unansweredListeners = new Set<(count: number) => void>();

/** Calls `listener` with the number of unanswered writes whenever it changes; returns the unsubscribe. */
export function onUnansweredWrites(listener: (count: number) => void): () => void {
  unansweredListeners.add(listener);
  return () => unansweredListeners.delete(listener);
}

function countUnanswered(change: 1 | -1): void {
  unanswered += change;
  for (const listener of unansweredListeners) listener(unanswered);
}

/**
 * Sends a change after every write made before it has been answered, and holds later writes until
 * it is answered. A sign-in goes this way: what the leaving person typed is saved as them.
 */
export function inOrder<T>(send: () => Promise<T>): Promise<T> {
  const pending = writes.then(send, send);
  writes = pending.catch(() => undefined);
  countUnanswered(1);
  void writes.then(() => countUnanswered(-1));
  return pending;
}

/**
 * The person the client is calling as, counted: an answer to a call made before a person switch
 * belongs to the previous person and is never applied (it is refused with a SupersededError).
 */
let session = 0;

/** A person switch: answers to calls made until now are dropped. */
export function beginSession(): void {
  session++;
}

export async function call<M extends ApiMethod>(method: M, ...request: {} extends ApiRequest<M> ? [ApiRequest<M>?] : [ApiRequest<M>]): Promise<ApiResponses[M]> {
  const payload = request[0] ?? {};
  const send = (): Promise<ApiResult<unknown>> => (bridge ? bridge.invoke(method, payload) : viaHttp(method, payload));
  const pending = READS.has(method) ? send() : inOrder(send);
  const asked = session;
  const result = await pending;
  if (asked !== session) throw new SupersededError();
  if (!result.ok) throw new ApiCallError(result.error.code, result.error.message);
  return result.value as ApiResponses[M];
}

export function videoUrl(videoId: string): string {
  return isDesktop ? `media://video/${videoId}` : `${page.base()}/media/video/${videoId}`;
}

export function thumbnailSheetUrl(videoId: string, sheet: number): string {
  return isDesktop ? `media://thumbs/${videoId}/${sheet}` : `${page.base()}/media/thumbs/${videoId}/${sheet}`;
}
