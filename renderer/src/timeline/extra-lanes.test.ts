import { describe, expect, it } from 'vitest';
import { EXTRA_LANE_HEIGHT, tickAt, tickColumns, touchingRuns, visibleTicks, type ExtraLane } from './extra-lanes';

const lane = (ticks: Array<[number, string]>): ExtraLane => ({ label: 'm · r', colour: '#fff', intervals: [], moments: [], ticks: ticks.map(([t, id]) => ({ t, id, colour: '#0f0' })) });

describe('run lanes', () => {
  const lanes = [
    lane([
      [1, 'a'],
      [5, 'b'],
      [5.4, 'c'],
      [90, 'd'],
    ]),
    lane([[5, 'e']]),
  ];
  it('finds the ticks in view by binary search', () => {
    expect(visibleTicks(lanes[0]!, 4, 6).map((t) => t.id)).toEqual(['b', 'c']);
    expect(visibleTicks(lanes[0]!, 100, 200)).toEqual([]);
  });
  it('picks the nearest tick of the lane under the pointer, within the tolerance', () => {
    expect(tickAt(lanes, 2 + EXTRA_LANE_HEIGHT / 2, 5.3, 0.5)).toEqual({ lane: 0, id: 'c' });
    expect(tickAt(lanes, 2 + EXTRA_LANE_HEIGHT * 1.5, 5.3, 0.5)).toEqual({ lane: 1, id: 'e' });
    expect(tickAt(lanes, 2 + EXTRA_LANE_HEIGHT / 2, 3, 0.5)).toBeNull();
    expect(tickAt(lanes, 2 + EXTRA_LANE_HEIGHT * 2.5, 5, 0.5)).toBeNull();
  });
});

describe('tick columns', () => {
  const colours = ['#0f0', '#f00', '#fa0'];
  /** Every column each colour's ticks round to, the slow way: what tickColumns must find by jumping. */
  const naive = (ticks: NonNullable<ExtraLane['ticks']>, start: number, pxPerSec: number, width: number) => {
    const end = start + width / pxPerSec;
    const out = new Map<string, Set<number>>();
    for (const tick of ticks)
      if (tick.t >= start && tick.t <= end) {
        const set = out.get(tick.colour) ?? new Set<number>();
        set.add(Math.round((tick.t - start) * pxPerSec));
        out.set(tick.colour, set);
      }
    return out;
  };
  it('finds each colour on the same columns as drawing every tick would, each column once', () => {
    let seed = 3;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const ticks = Array.from({ length: 1 + Math.floor(random() * 3000) }, (_, i) => ({ t: Math.round(random() * 36000) / 10, id: `r${i}`, colour: colours[Math.floor(random() ** 2 * 3)]! })).sort(
        (a, b) => a.t - b.t,
      );
      const view = { start: random() * 1800, pxPerSec: 0.05 + random() * 40 };
      const width = 200 + Math.floor(random() * 1400);
      const { byColour, visible } = tickColumns({ label: 'm', colour: '#fff', intervals: [], moments: [], ticks }, view, width);
      const expected = naive(ticks, view.start, view.pxPerSec, width);
      expect(visible).toBe(ticks.filter((t) => t.t >= view.start && t.t <= view.start + width / view.pxPerSec).length);
      for (const { colour, xs } of byColour) {
        expect(new Set(xs)).toEqual(expected.get(colour) ?? new Set());
        expect(new Set(xs).size).toBe(xs.length);
      }
    }
  });
  it('draws the rarest colour last, on top', () => {
    const ticks = [
      { t: 1, id: 'a', colour: '#f00' },
      { t: 2, id: 'b', colour: '#0f0' },
      { t: 3, id: 'c', colour: '#0f0' },
    ];
    const { byColour } = tickColumns({ label: 'm', colour: '#fff', intervals: [], moments: [], ticks }, { start: 0, pxPerSec: 10 }, 100);
    expect(byColour.map((c) => c.colour)).toEqual(['#0f0', '#f00']);
  });
});

describe('touching ticks', () => {
  it('joins ticks that touch or overlap into one rect, and keeps apart ones apart', () => {
    expect(touchingRuns([3, 4, 5, 9, 10, 20], 0.5)).toEqual([
      [2.5, 5.5],
      [8.5, 10.5],
      [19.5, 20.5],
    ]);
    expect(touchingRuns([3, 6, 10], 1.5)).toEqual([
      [1.5, 7.5],
      [8.5, 11.5],
    ]);
    expect(touchingRuns([], 0.5)).toEqual([]);
  });
});
