import { describe, expect, it } from 'vitest';
import { state } from '../test-support/fixtures';
import { displayFrame, displayTime, playheadSnapped } from './selectors';

describe('player selectors', () => {
  it('shows the commanded time when paused and the playing time while playing', () => {
    expect(displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5 }))).toBe(3);
    expect(displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5, playing: true }))).toBe(5);
  });
  it('gives the frame on the video’s own frame grid', () => {
    expect(displayFrame(state({ commanded: { time: 2.04, seq: 1 } }))).toBe(51);
    expect(displayFrame(state({ selectedVideoId: null }))).toBeNull();
  });
  it('snaps the playhead to whole seconds or to native frames', () => {
    expect(playheadSnapped(state({ commanded: { time: 2.3, seq: 1 } }))).toBe(2);
    expect(playheadSnapped(state({ commanded: { time: 2.7, seq: 1 } }))).toBe(3);
    expect(playheadSnapped(state({ commanded: { time: 2.05, seq: 1 }, grid: 'frame' }))).toBeCloseTo(2.04, 9);
  });
});
