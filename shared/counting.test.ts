import { describe, expect, it } from 'vitest';
import { allowedQueryPoints, countTrajectory, deriveCount, isCumulative, type CountingSpec } from './counting';
import type { Mark } from './marks';

let n = 0;
const base = { videoId: 'v', target: 'x' };
const count = (t: number, value: number): Mark => ({ ...base, id: `c${n++}`, type: 'count', start: t, end: null, data: { value } });
const identity = (t: number): Mark => ({ ...base, id: `i${n++}`, type: 'identity', start: t, end: null, data: { label: `#${n}` } });
const event = (t: number, target = 'x'): Mark => ({ ...base, target, id: `e${n++}`, type: 'event', start: t, end: null, data: {} });
const cycle = (s: number, e: number, splits: number[] = []): Mark => ({ ...base, id: `y${n++}`, type: 'cycle', start: s, end: e, data: { splits } });
const span = (s: number, e: number | null): Mark => ({ ...base, id: `s${n++}`, type: 'span', start: s, end: e, data: {} });
const openCycle = (s: number, splits: number[] = []): Mark => ({ ...base, id: `y${n++}`, type: 'cycle', start: s, end: null, data: { splits } });

const at = (marks: Mark[], spec: Omit<CountingSpec, 'target'>, times: number[], windowStart?: number) =>
  times.map((time) => deriveCount(marks, { ...spec, target: 'x' }, { time, windowStart: windowStart ?? null }));

describe('VCBench ground truth from marks (digest §2.3 and App. D examples)', () => {
  it('O1-Snap: ARKitScenes chairs 84.5/86.9/97.3/108.3 → 3/1/0/2 (the count falls and rises)', () => {
    const marks = [count(80, 3), count(86, 1), count(95, 0), count(100, 2)];
    expect(at(marks, { subcategory: 'O1-Snap' }, [84.5, 86.9, 97.3, 108.3])).toEqual([3, 1, 0, 2]);
    expect(at(marks, { subcategory: 'O1-Snap' }, [79.9])).toEqual([0]);
  });

  it('O1-Delta: current minus the baseline at the window start', () => {
    const marks = [count(0, 2), count(10, 5), count(20, 4)];
    expect(at(marks, { subcategory: 'O1-Delta' }, [21], 5)).toEqual([2]);
    expect(at(marks, { subcategory: 'O1-Delta' }, [12], 10)).toEqual([0]);
  });

  it('O2-Unique: ScanNet chairs 1.1/4.1/35.9/39.8 → 0/2/4/4, a first appearance at the query time counts', () => {
    const marks = [identity(2.0), identity(3.5), identity(20.0), identity(35.9)];
    expect(at(marks, { subcategory: 'O2-Unique' }, [1.1, 4.1, 35.9, 39.8])).toEqual([0, 2, 4, 4]);
  });

  it('O2-Gain: first appearances inside [t − w, t], both ends included', () => {
    const marks = [identity(5.9), identity(6.0), identity(9.0), identity(10.5)];
    expect(at(marks, { subcategory: 'O2-Gain', windowSeconds: 4 }, [10])).toEqual([2]);
    // ScanNet++: window 0.33–0.37, query 0.37 → 1
    expect(at([identity(0.35)], { subcategory: 'O2-Gain' }, [0.37], 0.33)).toEqual([1]);
  });

  it('E1-Transit: CODa cuts at 20.9, 41.1, 51.3, 73.9 → 21.9/42.1/74.9 → 1/2/4', () => {
    const marks = [event(20.9), event(41.1), event(51.3), event(73.9), event(30, 'other')];
    expect(at(marks, { subcategory: 'E1-Transit' }, [21.9, 42.1, 74.9])).toEqual([1, 2, 4]);
  });

  it('E1-Action: RoomTour3D doors 101.0/131.0/159.33 → 2/5/6 with events ending exactly at the query', () => {
    const marks = [event(67.33), event(101.0), event(111.33), event(120), event(131.0), event(159.33)];
    expect(at(marks, { subcategory: 'E1-Action' }, [101.0, 131.0, 159.33])).toEqual([2, 5, 6]);
  });

  it('E2-Periodic: TOMATO triangles 31.9/93.3/123.9 → 12/36/48, three triangles per loop marked by split points', () => {
    const marks: Mark[] = [];
    const loop = (start: number, length: number): Mark => cycle(start, start + length, [start + length / 3, start + (2 * length) / 3]);
    let t = 0;
    for (let i = 0; i < 4; i++, t += 7.975) marks.push(loop(t, 7.975));
    for (let i = 0; i < 8; i++, t += 7.675) marks.push(loop(t, 7.675));
    for (let i = 0; i < 4; i++, t += 7.65) marks.push(loop(t, 7.65));
    expect(at(marks, { subcategory: 'E2-Periodic' }, [31.9, 93.3, 123.9])).toEqual([12, 36, 48]);
  });

  it('E2-Periodic: Round 12 with clue 29.4–31.9 is counted at query 31.9 (inclusive end)', () => {
    const marks = [...Array.from({ length: 11 }, (_, i) => cycle(i * 2.5, i * 2.5 + 2.4)), cycle(29.4, 31.9)];
    expect(at(marks, { subcategory: 'E2-Periodic' }, [31.9, 31.89])).toEqual([12, 11]);
  });

  it('E2-Episode: spans count when they end', () => {
    const marks = [span(1, 5), span(6, 9), span(8, 20)];
    expect(at(marks, { subcategory: 'E2-Episode' }, [4.9, 5, 19, 20])).toEqual([0, 1, 2, 3]);
  });
});

describe('trajectories and rules', () => {
  it('draws the count as a step function', () => {
    const marks = [event(2), event(5), event(5.5)];
    expect(countTrajectory(marks, { subcategory: 'E1-Action', target: 'x' }, 10)).toEqual([
      { time: 0, value: 0 },
      { time: 2, value: 1 },
      { time: 5, value: 2 },
      { time: 5.5, value: 3 },
    ]);
    expect(countTrajectory([count(1, 3), count(4, 1)], { subcategory: 'O1-Snap', target: 'x' }, 10).map((p) => p.value)).toEqual([0, 3, 1]);
  });
  it('knows how many query points each subcategory takes and which are cumulative', () => {
    expect(allowedQueryPoints('O1-Delta')).toEqual({ min: 1, max: 1 });
    expect(allowedQueryPoints('O2-Gain')).toEqual({ min: 1, max: 1 });
    expect(allowedQueryPoints('E2-Periodic')).toEqual({ min: 3, max: 8 });
    expect(isCumulative('O1-Snap')).toBe(false);
    expect(isCumulative('O2-Unique')).toBe(true);
  });
});

describe('open intervals (opened, not yet closed)', () => {
  it('an open span or cycle has not ended: it does not count, however late the query', () => {
    const marks = [span(1, 3), span(5, null), cycle(2, 4), openCycle(4)];
    expect(at(marks, { subcategory: 'E2-Episode' }, [3, 10, 100])).toEqual([1, 2, 2]);
    expect(at(marks, { subcategory: 'E2-Periodic' }, [4, 100])).toEqual([2, 2]);
  });
  it('split points inside an open cycle are sub-actions already completed; its end is not', () => {
    const marks = [openCycle(2, [3, 5])];
    expect(at(marks, { subcategory: 'E2-Periodic' }, [2.5, 3, 6, 100])).toEqual([0, 1, 2, 2]);
    expect(countTrajectory(marks, { subcategory: 'E2-Periodic', target: 'x' }, 10)).toEqual([
      { time: 0, value: 0 },
      { time: 3, value: 1 },
      { time: 5, value: 2 },
    ]);
  });
  it('the trajectory leaves an open span out', () => {
    expect(countTrajectory([span(1, 2), span(3, null)], { subcategory: 'E2-Episode', target: 'x' }, 10)).toEqual([
      { time: 0, value: 0 },
      { time: 2, value: 1 },
    ]);
  });
});
