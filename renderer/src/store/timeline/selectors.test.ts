import { describe, expect, it } from 'vitest';
import { state, video } from '../test-support/fixtures';
import { timelineBounds } from './selectors';

describe('timeline selectors', () => {
  it('gives bounds only with a video and a measured width', () => {
    expect(timelineBounds(state())).toBeNull();
    expect(timelineBounds(state({ timelineWidth: 800, selectedVideoId: null }))).toBeNull();
    expect(timelineBounds(state({ timelineWidth: 800 }))).toEqual({ duration: 20, fps: 25, width: 800 });
    // a placeholder (its file not found) has no length to draw
    expect(timelineBounds(state({ timelineWidth: 800, videos: [{ ...video, duration: null }] }))).toBeNull();
  });
});
