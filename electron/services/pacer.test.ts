import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from './pacer';

afterEach(() => vi.restoreAllMocks());

describe('Pacer', () => {
  it('goes on without a promise of its own within a slice, and lets the event loop run once the slice has run its time', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const pacer = new Pacer();
    const first = pacer.pace();
    now += 10;
    expect(pacer.pace()).toBe(first);
    now += 30;
    let ran = false;
    setImmediate(() => (ran = true));
    const yielding = pacer.pace();
    expect(yielding).not.toBe(first);
    await yielding;
    expect(ran).toBe(true);
    // a new slice starts after the yield
    expect(pacer.pace()).toBe(first);
  });
});
