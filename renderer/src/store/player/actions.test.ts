// Jumping to a typed time: the prefix-only view stops the playhead at what the model sees, and says so.
// Playback that stops: the command is the frame on screen, never past the last frame.
import { describe, expect, it } from 'vitest';
import { getState, setState } from '../store';
import { point, profile, question, state } from '../test-support/fixtures';
import { jumpTo, playbackStopped } from './actions';

describe('jumpTo', () => {
  const asked = { profiles: [profile('ovo')], questions: [question('q', 'ovo')], queryPoints: [point('p', 'q', 5)], selectedQuestionId: 'q', selectedQueryPointId: 'p', keymap: {} };

  it('stops at the end of the prefix-only view and says why, naming the key that shows all', () => {
    setState(state({ ...asked, prefixOnly: true, status: null }));
    jumpTo(12);
    expect(getState().commanded.time).toBe(5);
    expect(getState().status).toBe('Prefix-only view: nothing after 5.00 s — Shift+P shows all');
  });

  it('goes there, and says nothing, within the view or with the view off', () => {
    setState(state({ ...asked, prefixOnly: true, status: null }));
    jumpTo(4);
    expect(getState()).toMatchObject({ commanded: { time: 4 }, status: null });
    setState(state({ ...asked, prefixOnly: false, status: null }));
    jumpTo(12);
    expect(getState()).toMatchObject({ commanded: { time: 12 }, status: null });
  });
});

describe('playbackStopped', () => {
  it('commands the frame playback stopped on', () => {
    setState(state({ playing: true }));
    expect(playbackStopped(7.48)).toBe(7.48);
    expect(getState()).toMatchObject({ playing: false, playerTime: 7.48, commanded: { time: 7.48 } });
  });

  it("at the end of the video commands its last frame: the element's time is then the duration, a frame past the last", () => {
    // the fixture's video: 20 s at 25 fps, frames 0–499; the last starts at 19.96 s
    setState(state({ playing: true }));
    expect(playbackStopped(20)).toBeCloseTo(19.96, 10);
    expect(getState().commanded.time).toBeCloseTo(19.96, 10);
    expect(getState().playing).toBe(false);
  });
});
