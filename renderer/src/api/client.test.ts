import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMethods } from '../../../shared/api-methods';
import { beginSession, call } from './client';
import { SupersededError } from './superseded';

describe('the API client across a person switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an answer to a call made as the previous person is dropped; calls made after the switch are answered', async () => {
    const pending: Array<(body: unknown) => void> = [];
    vi.stubGlobal('fetch', () => new Promise((resolve) => pending.push((body) => resolve({ status: 200, json: async () => body }))));
    const before = call('annotations.load', { videoId: 'v1' });
    beginSession();
    const after = call('projects.current');
    pending[0]!({ ok: true, value: { marks: ['the author’s'] } });
    pending[1]!({ ok: true, value: null });
    await expect(before).rejects.toBeInstanceOf(SupersededError);
    await expect(after).resolves.toBeNull();
  });
});

describe('the API client: reads are not held behind writes', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fetch that answers nothing until told: the methods it was asked, in order. */
  function heldFetch() {
    const asked: string[] = [];
    const answers: Array<() => void> = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url.replace('/api/', ''));
      return new Promise((resolve) => answers.push(() => resolve({ status: 200, json: async () => ({ ok: true, value: null }) })));
    });
    return { asked, answerAll: () => answers.splice(0).forEach((answer) => answer()) };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  // (first: a read queued by mistake in the other test would hold the writes here)
  it('still sends writes one after another, in the order they were made', async () => {
    const fetch = heldFetch();
    const first = call('questions.update', { id: 'q1', fields: { text: 'a' } });
    const second = call('questions.update', { id: 'q1', fields: { text: 'ab' } });
    await settle();
    expect(fetch.asked).toEqual(['questions.update']);
    fetch.answerAll();
    await first;
    await settle();
    expect(fetch.asked).toEqual(['questions.update', 'questions.update']);
    fetch.answerAll();
    await second;
  });

  it('sends every read at once while a write waits for its answer (a large import holding the edit)', async () => {
    const fetch = heldFetch();
    const edit = call('questions.update', { id: 'q1', fields: { text: 'typed' } });
    await settle();
    const reads = readMethods.map((method) => call(method, {} as never));
    await settle();
    expect(fetch.asked).toEqual(['questions.update', ...readMethods]);
    fetch.answerAll();
    await Promise.all([edit, ...reads]);
  });
});
