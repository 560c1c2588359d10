import { describe, expect, it } from 'vitest';
import { formatDuration, formatFps, formatTimecode, frameIndexAt, lastFrameTime, parseTimeInput, snapTime, stepFrames, stepSeconds } from './timecode';

describe('formatTimecode', () => {
  it('formats minutes, seconds and milliseconds', () => {
    expect(formatTimecode(0)).toBe('00:00.000');
    expect(formatTimecode(75.5)).toBe('01:15.500');
    expect(formatTimecode(3723.25)).toBe('1:02:03.250');
    expect(formatTimecode(59.9996)).toBe('01:00.000');
  });
  it('adds hours on request and honours fraction digits', () => {
    expect(formatTimecode(5, { withHours: true, fractionDigits: 0 })).toBe('0:00:05');
    expect(formatTimecode(-1.5, { fractionDigits: 1 })).toBe('-00:01.5');
  });
  it('gives short durations for lists', () => {
    expect(formatDuration(20)).toBe('0:20');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(605.4)).toBe('10:05');
  });
});

describe('parseTimeInput', () => {
  it.each([
    ['75', 75],
    ['75.5', 75.5],
    ['1:15', 75],
    ['01:15.5', 75.5],
    ['0:01:15', 75],
    ['1:02:03.25', 3723.25],
    ['  12  ', 12],
  ])('%s → %d s', (input, seconds) => {
    expect(parseTimeInput(input)).toEqual({ ok: true, seconds });
  });
  it.each(['', 'abc', '1:75', '1:2:3:4', '-5', '1.5:20', '1:', '1e3'])('rejects %j with a message', (input) => {
    const result = parseTimeInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeGreaterThan(5);
  });
});

describe('frames', () => {
  it('indexes frames at constant rates, including NTSC', () => {
    expect(frameIndexAt(0, 30)).toBe(0);
    expect(frameIndexAt(1, 30)).toBe(30);
    expect(frameIndexAt(2 / 30, 30)).toBe(2); // 0.0666… must not fall to frame 1
    expect(frameIndexAt(1, 30000 / 1001)).toBe(29);
    expect(frameIndexAt(200.033333, 30)).toBe(6001); // media times are rounded to microseconds
    expect(frameIndexAt(200.033, 30)).toBe(6000);
  });
  it('knows the last frame', () => {
    expect(lastFrameTime(10, 30)).toBeCloseTo(299 / 30, 9);
    expect(lastFrameTime(10.01, 30)).toBeCloseTo(10, 9);
  });
  it('steps native frames by round(t·fps) ± 1, clamped', () => {
    expect(stepFrames(1, 1, 10, 30)).toBeCloseTo(31 / 30, 9);
    expect(stepFrames(1.001, -1, 10, 30)).toBeCloseTo(29 / 30, 9);
    expect(stepFrames(0, -1, 10, 30)).toBe(0);
    expect(stepFrames(299 / 30, 1, 10, 30)).toBeCloseTo(299 / 30, 9);
  });
});

describe('stepSeconds (the 1-FPS grid)', () => {
  it('moves one second from a whole second', () => {
    expect(stepSeconds(3, 1, 20, 25)).toBe(4);
    expect(stepSeconds(3, -1, 20, 25)).toBe(2);
  });
  it('snaps to the next or previous whole second from between seconds', () => {
    expect(stepSeconds(3.4, 1, 20, 25)).toBe(4);
    expect(stepSeconds(3.4, -1, 20, 25)).toBe(3);
    expect(stepSeconds(2.04, 1, 20, 25)).toBe(3);
  });
  it('treats a time within half a frame of a second as on the grid', () => {
    expect(stepSeconds(3.001, 1, 20, 25)).toBe(4);
  });
  it('stays inside the video', () => {
    expect(stepSeconds(0, -1, 20, 25)).toBe(0);
    expect(stepSeconds(19, 1, 20, 25)).toBe(19); // 20.0 has no frame: the last is 19.96
    expect(stepSeconds(19.5, 1, 20.5, 25)).toBe(20);
  });
});

describe('snapTime and formatFps', () => {
  it('snaps to seconds or frames', () => {
    expect(snapTime(3.6, 'second', 30)).toBe(4);
    expect(snapTime(3.61, 'frame', 30)).toBeCloseTo(108 / 30, 9);
  });
  it('prints rates as people write them', () => {
    expect(formatFps(30)).toBe('30');
    expect(formatFps(30000 / 1001)).toBe('29.97');
    expect(formatFps(24000 / 1001)).toBe('23.976');
  });
});
