import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mark, MarkInput } from '../../../../shared/marks';
import { getState, setState } from '../store';
import { state } from '../test-support/fixtures';

// a service that stores marks, answering after a delay as over the network
let stored: Mark[] = [];
const log: string[] = [];
vi.mock('../../api/client', () => ({
  call: async (method: string, request: { marks?: MarkInput[]; changes?: Array<{ id: string; start?: number; end?: number | null }>; ids?: string[] }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (method === 'marks.create') {
      const created = request.marks!.map((m, i) => ({ ...m, id: `m${stored.length + i}`, videoId: 'v1' }) as Mark);
      stored.push(...created);
      log.push(...created.map((m) => `open ${m.type} ${m.start}`));
      return created;
    }
    if (method === 'marks.update') {
      return request.changes!.map((c) => {
        const at = stored.findIndex((m) => m.id === c.id);
        stored[at] = { ...stored[at]!, ...c } as Mark;
        log.push(`close ${stored[at]!.type} ${stored[at]!.start}–${stored[at]!.end}`);
        return stored[at]!;
      });
    }
    if (method === 'marks.remove') {
      stored = stored.filter((m) => !request.ids!.includes(m.id));
      log.push(`remove ${request.ids!.join(',')}`);
      return null;
    }
    throw new Error(`unexpected ${method}`);
  },
}));
const { cancelOpenInterval, closeSpan, cycleBoundary, openSpan } = await import('./interval-actions');

const at = (time: number): void => setState((s) => ({ commanded: { time, seq: s.commanded.seq + 1 } }));

describe('interval keys', () => {
  beforeEach(() => {
    stored = [];
    log.length = 0;
    setState(state());
  });

  it('quick C presses each close the cycle the previous one opened, at the playhead of their own press', async () => {
    at(2);
    const first = cycleBoundary(false);
    at(4);
    const second = cycleBoundary(false);
    at(6);
    const last = cycleBoundary(true);
    await Promise.all([first, second, last]);
    expect(log).toEqual(['open cycle 2', 'close cycle 2–4', 'open cycle 4', 'close cycle 4–6']);
    expect(getState().marks.map((m) => [m.start, m.end])).toEqual([
      [2, 4],
      [4, 6],
    ]);
  });

  it('a span closed before its start swaps its edges; Esc removes an open one', async () => {
    at(5);
    await openSpan();
    at(3);
    await closeSpan();
    expect(getState().marks.map((m) => [m.start, m.end])).toEqual([[3, 5]]);
    await openSpan();
    expect(getState().marks.filter((m) => m.end === null)).toHaveLength(1);
    expect(cancelOpenInterval()).toBe(true);
    await vi.waitFor(() => expect(getState().marks.map((m) => [m.start, m.end])).toEqual([[3, 5]]));
    expect(cancelOpenInterval()).toBe(false);
  });
});
