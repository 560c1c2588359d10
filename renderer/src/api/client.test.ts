import { afterEach, describe, expect, it, vi } from 'vitest';
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
