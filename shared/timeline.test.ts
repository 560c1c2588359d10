import { describe, expect, it } from 'vitest';
import { clampView, filmstripSlots, fitView, MAX_PX_PER_FRAME, maxPxPerSec, panBy, revealTime, rulerTicks, timeToX, xToTime, zoomAt, type TimelineBounds } from './timeline';

const hour: TimelineBounds = { duration: 3600, fps: 30, width: 1200 };

describe('timeline geometry', () => {
  it('maps time and x both ways', () => {
    const v = { start: 10, pxPerSec: 50 };
    expect(timeToX(12, v)).toBe(100);
    expect(xToTime(100, v)).toBe(12);
  });
  it('fits the whole video', () => {
    expect(fitView(hour)).toEqual({ start: 0, pxPerSec: 1200 / 3600 });
  });
  it('zooms from the whole video down to single frames and no further', () => {
    let v = fitView(hour);
    for (let i = 0; i < 100; i++) v = zoomAt(v, 2, 600, hour);
    expect(v.pxPerSec).toBe(maxPxPerSec(hour));
    expect(v.pxPerSec / hour.fps).toBe(MAX_PX_PER_FRAME);
    for (let i = 0; i < 100; i++) v = zoomAt(v, 0.5, 600, hour);
    expect(v).toEqual(fitView(hour));
  });
  it('keeps the time under the anchor fixed while zooming', () => {
    const v = { start: 100, pxPerSec: 10 };
    const anchor = 300;
    const before = xToTime(anchor, v);
    const zoomed = zoomAt(v, 3, anchor, hour);
    expect(xToTime(anchor, zoomed)).toBeCloseTo(before, 9);
  });
  it('clamps panning to the video', () => {
    const v = { start: 0, pxPerSec: 10 };
    expect(panBy(v, -500, hour).start).toBe(0);
    expect(panBy(v, 1e9, hour).start).toBe(3600 - 120);
    expect(clampView({ start: 5000, pxPerSec: 0.001 }, hour)).toEqual(fitView(hour));
  });
  it('reveals a time outside the view with a margin', () => {
    const v = { start: 0, pxPerSec: 10 }; // 120 s visible
    expect(revealTime(v, 50, hour)).toBe(v);
    expect(revealTime(v, 500, hour).start).toBeCloseTo(500 - 120 + 12, 9);
  });
});

describe('rulerTicks', () => {
  it('labels an hour-long video every 5 minutes when it fits in 1200 px', () => {
    const ticks = rulerTicks(fitView(hour), hour);
    expect(ticks.major).toBe(300);
    expect(ticks.majorTimes[0]).toBe(0);
    expect(ticks.majorTimes.at(-1)).toBe(3600);
  });
  it('labels frames when zoomed to frames', () => {
    const ticks = rulerTicks({ start: 10, pxPerSec: maxPxPerSec(hour) }, hour);
    expect(ticks.major).toBeCloseTo(1 / 30, 9);
    expect(ticks.majorTimes.length).toBeGreaterThan(5);
    expect(ticks.majorTimes.length).toBeLessThan(20);
  });
  it('puts minor ticks that divide the major step', () => {
    const ticks = rulerTicks({ start: 0, pxPerSec: 20 }, hour);
    expect(ticks.major).toBe(5);
    expect(ticks.major / ticks.minor).toBe(Math.round(ticks.major / ticks.minor));
  });
});

describe('filmstripSlots', () => {
  it('draws one thumbnail per second when there is room', () => {
    const slots = filmstripSlots({ start: 10.5, pxPerSec: 100 }, { duration: 60, fps: 30, width: 400 }, 96, 60);
    expect(slots.map((s) => s.second)).toEqual([10, 11, 12, 13, 14]);
    expect(slots[0]!.x).toBe(-50);
  });
  it('strides across an hour so only what fits is drawn', () => {
    const slots = filmstripSlots(fitView(hour), hour, 96, 3600);
    expect(slots.length).toBeLessThanOrEqual(Math.ceil(1200 / 96) + 1);
    expect(slots[1]!.second - slots[0]!.second).toBe(Math.ceil(96 / (1200 / 3600)));
  });
  it('never returns thumbnails past the last one', () => {
    const slots = filmstripSlots({ start: 0, pxPerSec: 100 }, { duration: 2.5, fps: 30, width: 1000 }, 96, 3);
    expect(slots.map((s) => s.second)).toEqual([0, 1, 2]);
  });
});
