import { describe, expect, it } from 'vitest';
import { state } from '../test-support/fixtures';
import { displayFrame, displayTime, heldStepWaits, likelyCommands, playheadSnapped } from './selectors';

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
  it('decodes ahead where the steps from here land: the last step again first, its reverse, then the other kind', () => {
    expect(likelyCommands(state({ commanded: { time: 2, seq: 1 } }))).toEqual([3, 1, 2 + 1 / 25, 2 - 1 / 25].map((t) => expect.closeTo(t, 9)));
    expect(likelyCommands(state({ commanded: { time: 2, seq: 1 }, lastStep: { kind: 'frame', direction: -1 } }))).toEqual([2 - 1 / 25, 2 + 1 / 25, 1, 3].map((t) => expect.closeTo(t, 9)));
    // at the start nothing lies before; the same time is never listed twice
    expect(likelyCommands(state({ commanded: { time: 0, seq: 1 } }))).toEqual([1, expect.closeTo(1 / 25, 9)]);
    // a held key: the next two steps its way
    expect(likelyCommands(state({ commanded: { time: 2, seq: 1 }, lastStep: { kind: 'second', direction: 1 }, stepHeld: true }))).toEqual([3, 4]);
    expect(likelyCommands(state({ commanded: { time: 2, seq: 1 }, lastStep: { kind: 'frame', direction: -1 }, stepHeld: true }))).toEqual([2 - 1 / 25, 2 - 2 / 25].map((t) => expect.closeTo(t, 9)));
  });
  it('holds a held step key until the commanded frame is on screen', () => {
    expect(heldStepWaits(state({ commanded: { time: 2, seq: 1 }, presentedTime: 1 }))).toBe(true);
    expect(heldStepWaits(state({ commanded: { time: 2, seq: 1 }, presentedTime: 2.01 }))).toBe(false);
    expect(heldStepWaits(state({ commanded: { time: 2, seq: 1 }, presentedTime: null }))).toBe(true);
    // the seek for this very command landed on another frame index (variable frame rate): go on
    expect(heldStepWaits(state({ commanded: { time: 2, seq: 1 }, presentedTime: 1.9, landedSeq: 1 }))).toBe(false);
    expect(heldStepWaits(state({ commanded: { time: 2, seq: 2 }, presentedTime: 1.9, landedSeq: 1 }))).toBe(true);
  });
});
