import { describe, expect, it } from 'vitest';
import { EXTRA_LANE_HEIGHT, tickAt, visibleTicks, type ExtraLane } from './extra-lanes';

const lane = (ticks: Array<[number, string]>): ExtraLane => ({ label: 'm · r', colour: '#fff', intervals: [], moments: [], ticks: ticks.map(([t, id]) => ({ t, id, colour: '#0f0' })) });

describe('run lanes', () => {
  const lanes = [lane([[1, 'a'], [5, 'b'], [5.4, 'c'], [90, 'd']]), lane([[5, 'e']])];
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
