import { describe, expect, it } from 'vitest';
import type { Job, Video } from '../../../shared/domain';
import { selectors } from './selectors';
import { initialState, type State } from './store';

const video: Video = {
  id: 'v1', name: 'a.mp4', relPath: 'a.mp4', fingerprint: 'f', fileSize: 1, duration: 20, fps: 25, fpsRational: '25/1', variableFps: false,
  width: 640, height: 360, codec: 'h264', audioCodec: null, container: 'mp4', status: 'ok', statusMessage: null, sourceDataset: null,
  licenceNote: null, segmentOffset: 0, tags: [], addedAt: 'now',
};
const job = (over: Partial<Job>): Job => ({ id: 'j', kind: 'thumbnails', label: 'v1', state: 'running', progress: 0.5, message: '', startedAt: 'now', ...over });
const state = (over: Partial<State>): State => ({ ...initialState, videos: [video], selectedVideoId: 'v1', ...over });

describe('selectors', () => {
  it('finds the selected video', () => {
    expect(selectors.selectedVideo(state({}))).toBe(video);
    expect(selectors.selectedVideo(state({ selectedVideoId: 'x' }))).toBeNull();
  });
  it('shows the commanded time when paused and the playing time while playing', () => {
    expect(selectors.displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5 }))).toBe(3);
    expect(selectors.displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5, playing: true }))).toBe(5);
    expect(selectors.displayFrame(state({ commanded: { time: 2.04, seq: 1 } }))).toBe(51);
  });
  it('gives timeline bounds only with a video and a measured width', () => {
    expect(selectors.timelineBounds(state({}))).toBeNull();
    expect(selectors.timelineBounds(state({ timelineWidth: 800 }))).toEqual({ duration: 20, fps: 25, width: 800 });
  });
  it('finds the running thumbnail job of a video', () => {
    const jobs = [job({ id: 'a', state: 'done' }), job({ id: 'b' }), job({ id: 'c', label: 'v2' })];
    expect(selectors.thumbnailJobFor('v1')(state({ jobs }))?.id).toBe('b');
    expect(selectors.runningJobs(state({ jobs })).map((j) => j.id)).toEqual(['b', 'c']);
  });
});
