// Browser mode's sessions by cookie id: unguessable ids, a new id once signed in, and a bound on
// how many are kept (each request without a cookie makes one).
import { describe, expect, it } from 'vitest';
import { newSession, recordIn, SessionStore } from './sessions';

const at = '2025-03-01T12:00:00.000Z';

describe('SessionStore', () => {
  it('keeps each session under an id of 32 random bytes, and forgets it when told', () => {
    const store = new SessionStore();
    const session = newSession({ person: 'Ann', role: 'annotator' }, at);
    const id = store.add(session);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(store.get(id)).toBe(session);
    const renewed = store.add(session);
    expect(renewed).not.toBe(id);
    store.forget(id);
    expect(store.get(id)).toBeNull();
    expect(store.get(renewed)).toBe(session);
    expect(store.get(null)).toBeNull();
  });

  it('forgets the least recently used sessions beyond its limit', () => {
    const store = new SessionStore(2);
    const [a, b, c] = ['A', 'B', 'C'].map((person) => newSession({ person, role: 'annotator' }, at));
    const ids = [store.add(a!), store.add(b!)];
    expect(store.get(ids[0]!)).toBe(a); // A used last: B goes first
    const third = store.add(c!);
    expect(store.get(ids[1]!)).toBeNull();
    expect(store.get(ids[0]!)).toBe(a);
    expect(store.get(third)).toBe(c);
  });
});

describe('a session', () => {
  it('starts as its caller, unverified, and keeps the last fifty lines of its record', () => {
    const session = newSession({ person: 'Ann', role: 'annotator' }, at);
    expect(session).toEqual({ caller: { person: 'Ann', role: 'annotator' }, verified: new Set(), record: [{ at, what: 'started as', caller: { person: 'Ann', role: 'annotator' } }] });
    for (let i = 0; i < 60; i++) recordIn(session, { at, what: i % 2 ? 'signed out' : 'signed in', caller: { person: `P${i}`, role: 'lead' } });
    expect(session.record).toHaveLength(50);
    expect(session.record.at(-1)!.caller.person).toBe('P59');
  });
});
