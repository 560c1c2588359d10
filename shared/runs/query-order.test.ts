import { describe, expect, it } from 'vitest';
import { runOrder } from './query-order';

describe('the order a run counts a question’s query points in', () => {
  it('the file’s, where every point kept its place (OVO-Bench SSR: 30 s listed before 26 s, two probes at 106 s)', () => {
    const points = [
      { id: 'c', time: 26, probe: 2 },
      { id: 'a', time: 27, probe: 0 },
      { id: 'e', time: 106, probe: 4 },
      { id: 'b', time: 30, probe: 1 },
      { id: 'd', time: 106, probe: 3 },
    ];
    expect(runOrder(points).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('time order otherwise — a point added in Tidemark has no place — ties as given', () => {
    expect(
      runOrder([
        { id: 'b', time: 30, probe: 1 },
        { id: 'new', time: 5 },
        { id: 'x', time: 30 },
        { id: 'a', time: 27, probe: 0 },
      ]).map((p) => p.id),
    ).toEqual(['new', 'a', 'b', 'x']);
  });
});
