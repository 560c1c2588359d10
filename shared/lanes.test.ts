import { describe, expect, it } from 'vitest';
import { buildLaneIndex, hitTest, visibleInLane } from './lanes';
import { compareMarks, type Mark } from './marks';

const span = (id: string, start: number, end: number): Mark => ({ id, videoId: 'v', type: 'span', start, end, target: '', data: {} });
const event = (id: string, t: number): Mark => ({ id, videoId: 'v', type: 'event', start: t, end: null, target: '', data: {} });

describe('lanes', () => {
  const marks = [span('long', 0, 100), span('a', 10, 12), span('b', 50, 51), event('e1', 11), event('e2', 60)].sort(compareMarks);
  const index = buildLaneIndex(marks);
  it('finds what intersects the view, including long intervals that start before it', () => {
    expect(visibleInLane(index, 'span', 49, 52).map((m) => m.id)).toEqual(['long', 'b']);
    expect(visibleInLane(index, 'event', 0, 20).map((m) => m.id)).toEqual(['e1']);
    expect(visibleInLane(index, 'cycle', 0, 100)).toEqual([]);
  });
  it('matches a brute-force scan on many marks', () => {
    const many: Mark[] = [];
    for (let i = 0; i < 2000; i++) many.push(span(`s${i}`, (i * 7919) % 3600, ((i * 7919) % 3600) + (i % 13)));
    many.sort(compareMarks);
    const idx = buildLaneIndex(many);
    for (const [from, to] of [
      [0, 10],
      [100, 130],
      [3590, 3600],
      [1800, 1800],
    ] as const) {
      const brute = many.filter((m) => m.start <= to && (m.end ?? m.start) >= from).map((m) => m.id);
      expect(visibleInLane(idx, 'span', from, to).map((m) => m.id)).toEqual(brute);
    }
  });
  it('hit-tests edges first, then the innermost interval, then moments', () => {
    expect(hitTest(index, 'span', 10.1, 0.5)).toMatchObject({ mark: { id: 'a' }, edge: 'start' });
    expect(hitTest(index, 'span', 11, 0.5)).toMatchObject({ mark: { id: 'a' }, edge: null });
    expect(hitTest(index, 'span', 30, 0.5)).toMatchObject({ mark: { id: 'long' }, edge: null });
    expect(hitTest(index, 'event', 59.8, 0.5)).toMatchObject({ mark: { id: 'e2' }, edge: 'start' });
    expect(hitTest(index, 'event', 58, 0.5)).toBeNull();
  });
});
