import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './client';
import { currentSession, signIn, signOut } from './session';

interface Asked {
  url: string;
  method: string;
  credentials?: string;
  body?: unknown;
}

/** A fetch that records what it was asked and answers `answer` (a function of the request, or one body for all). */
function stubFetch(answer: unknown | ((asked: Asked) => unknown), status = 200): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request: Asked = { url, method: init.method ?? 'GET', credentials: init.credentials, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
    asked.push(request);
    const body = typeof answer === 'function' ? (answer as (a: Asked) => unknown)(request) : answer;
    return { status, json: async () => body };
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('signing in over HTTP (browser mode)', () => {
  it('posts the person, role and passphrase to /session with the page’s cookie, and answers who is now calling', async () => {
    const asked = stubFetch({ ok: true, value: { caller: { person: 'Lee', role: 'lead' } } });
    expect(await signIn('Lee', 'lead', 'correct horse')).toEqual({ ok: true, value: { caller: { person: 'Lee', role: 'lead' } } });
    expect(asked).toEqual([{ url: '/session', method: 'POST', credentials: 'same-origin', body: { person: 'Lee', role: 'lead', passphrase: 'correct horse' } }]);
  });

  it('sends no passphrase when none is given', async () => {
    const asked = stubFetch({ ok: true, value: { caller: { person: 'Ann', role: 'annotator' } } });
    await signIn('Ann', 'annotator');
    expect(asked[0]?.body).toEqual({ person: 'Ann', role: 'annotator' });
  });

  it('a refusal comes back as data, its message as the server gave it', async () => {
    stubFetch({ ok: false, error: { code: 'unauthenticated', message: 'Lee protects their name with a passphrase: sign in again.' } });
    expect(await signIn('Lee', 'lead')).toEqual({ ok: false, error: { code: 'unauthenticated', message: 'Lee protects their name with a passphrase: sign in again.' } });
  });

  it('an answer of another shape is not believed: the error names the route and the field', async () => {
    stubFetch({ ok: true, value: { caller: { person: 'Lee', role: 'boss' } } });
    await expect(signIn('Lee', 'lead')).rejects.toThrow(/^POST \/session gave an answer Tidemark cannot read \(value\.caller\.role: /);
  });

  it('an answer that is not JSON says so', async () => {
    vi.stubGlobal('fetch', async () => ({ status: 502, json: async () => JSON.parse('<html>') }));
    await expect(signOut()).rejects.toThrow('DELETE /session answered 502 without a JSON result.');
  });

  it('without the access token (401) the page is told to open the printed URL', async () => {
    stubFetch({}, 401);
    expect(await currentSession()).toEqual({ ok: false, error: { code: 'forbidden', message: 'Not authorised: open the URL printed when Tidemark started.' } });
  });

  it('signs out with DELETE and reads the session with GET', async () => {
    const asked = stubFetch((request: Asked) => (request.method === 'DELETE' ? { ok: true, value: null } : { ok: true, value: { caller: { person: 'tester', role: 'lead' }, verified: false } }));
    expect(await signOut()).toEqual({ ok: true, value: null });
    expect(await currentSession()).toEqual({ ok: true, value: { caller: { person: 'tester', role: 'lead' }, verified: false } });
    expect(asked.map((a) => `${a.method} ${a.url} ${a.credentials}`)).toEqual(['DELETE /session same-origin', 'GET /session same-origin']);
  });

  it('a sign-in waits for the writes sent before it: what the leaving person typed is saved as them', async () => {
    const order: string[] = [];
    let answerWrite: () => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      order.push(url);
      if (order.length === 1) return new Promise((resolve) => (answerWrite = () => resolve({ status: 200, json: async () => ({ ok: true, value: null }) })));
      return Promise.resolve({ status: 200, json: async () => ({ ok: true, value: url === '/session' ? { caller: { person: 'Rita', role: 'reviewer' } } : null }) });
    });
    const typed = call('questions.update', { id: 'q1', fields: { text: 'typed by Ann' } });
    const switched = signIn('Rita', 'reviewer');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['/api/questions.update']);
    answerWrite();
    await typed;
    await switched;
    // and a write made after the sign-in goes after it
    await call('questions.update', { id: 'q1', fields: { text: 'typed by Rita' } });
    expect(order).toEqual(['/api/questions.update', '/session', '/api/questions.update']);
  });
});

describe('signing in on the desktop (the preload’s bridge)', () => {
  it('goes through window.tidemark.session and parses its answers; nothing is fetched', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const requests: unknown[] = [];
    const session = {
      signIn: async (request: unknown) => (requests.push(request), { ok: true, value: { caller: { person: 'Ada', role: 'adjudicator' } } }),
      signOut: async () => ({ ok: true, value: null }),
      current: async () => ({ ok: true, value: { caller: { person: 'Ada', role: 'adjudicator' }, verified: 'yes' } }),
    };
    vi.stubGlobal('window', { tidemark: { invoke: vi.fn(), session } });
    expect(await signOut()).toEqual({ ok: true, value: null });
    expect(await signIn('Ada', 'adjudicator', 'a long passphrase')).toEqual({ ok: true, value: { caller: { person: 'Ada', role: 'adjudicator' } } });
    expect(requests).toEqual([{ person: 'Ada', role: 'adjudicator', passphrase: 'a long passphrase' }]);
    // the bridge's answers are outside the page too
    await expect(currentSession()).rejects.toThrow(/^The desktop's session\.current gave an answer Tidemark cannot read \(value\.verified: /);
    expect(fetch).not.toHaveBeenCalled();
  });
});
