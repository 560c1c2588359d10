import { describe, expect, it } from 'vitest';
import { state, video } from '../test-support/fixtures';
import { savedView, selectedTimedVideo, selectedVideo } from './selectors';

describe('project selectors', () => {
  it('finds the selected video', () => {
    expect(selectedVideo(state())).toBe(video);
    expect(selectedVideo(state({ selectedVideoId: 'gone' }))).toBeNull();
    expect(selectedVideo(state({ selectedVideoId: null }))).toBeNull();
  });
  it('gives the selected video for playing and stepping only when its length is known', () => {
    expect(selectedTimedVideo(state())).toBe(video);
    const placeholder = { ...video, duration: null, fingerprint: null, status: 'missing' as const };
    expect(selectedTimedVideo(state({ videos: [placeholder] }))).toBeNull();
    expect(selectedVideo(state({ videos: [placeholder] }))).toBe(placeholder);
  });
  it('gives where a video was left, or null for one never opened', () => {
    const left = { position: 3, viewStart: 1, pxPerSec: 40 };
    const s = state({ viewState: { selectedVideoId: 'v1', videos: { v1: left } } });
    expect(savedView(s, 'v1')).toEqual(left);
    expect(savedView(s, 'v2')).toBeNull();
    expect(savedView(state(), 'v1')).toBeNull();
  });
});
