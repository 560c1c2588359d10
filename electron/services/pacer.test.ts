import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { Pacer, sortPaced } from './pacer';

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

describe('sortPaced', () => {
  it('sorts as a stable Array.prototype.sort does, in order or not (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ key: fc.integer({ min: 0, max: 20 }), at: fc.nat() }), { maxLength: 300 }), fc.boolean(), async (rows, presorted) => {
        const values = rows.map((r, i) => ({ ...r, i }));
        const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
        if (presorted) values.sort(compare);
        const expected = values.slice().sort(compare);
        const sorted = await sortPaced(values, compare, new Pacer());
        expect(sorted).toBe(values);
        expect(sorted.map((v) => v.i)).toEqual(expected.map((v) => v.i));
      }),
      { numRuns: 300 },
    );
  });
  it('lets other work in while it sorts', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    let ran = false;
    setImmediate(() => (ran = true));
    const values = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 2000);
    await sortPaced(values, (a, b) => a - b, new Pacer());
    expect(values).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(ran).toBe(true);
  });
});
