import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api/client';
import { getState } from '../store';
import { watchSlowWrites } from './actions';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a write waiting for its answer', () => {
  it('shows as being saved once it has waited 400 ms, until every write is answered', async () => {
    vi.useFakeTimers();
    const answers: Array<() => void> = [];
    // the server, holding each answer until the test gives it
    const answer = (resolve: (response: Response) => void) => () => resolve(new Response(JSON.stringify({ ok: true, value: {} }), { status: 200 }));
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(answer(resolve))));
    const stop = watchSlowWrites();
    try {
      const first = call('settings.update', { keymap: {} });
      const second = call('settings.update', { keymap: {} });
      await vi.advanceTimersByTimeAsync(399);
      expect(getState().savingSlowly).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(getState().savingSlowly).toBe(true);
      answers.shift()!();
      await first;
      // the second is still waiting (writes are sent one after another)
      await vi.advanceTimersByTimeAsync(0);
      expect(getState().savingSlowly).toBe(true);
      answers.shift()!();
      await second;
      await vi.advanceTimersByTimeAsync(0);
      expect(getState().savingSlowly).toBe(false);
      // a quick write never shows
      const quick = call('settings.update', { keymap: {} });
      await vi.advanceTimersByTimeAsync(0);
      answers.shift()!();
      await quick;
      await vi.advanceTimersByTimeAsync(500);
      expect(getState().savingSlowly).toBe(false);
    } finally {
      stop();
    }
  });
});
