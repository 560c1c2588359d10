import { describe, expect, it, vi } from 'vitest';
import { FakeVideo } from './fake-video';
import { SEEK_NUDGE, SeekQueue } from './seek-queue';

describe('SeekQueue', () => {
  it('seeks a hair past the target so float rounding cannot show the previous frame', () => {
    const video = new FakeVideo(30);
    const presented: number[] = [];
    const queue = new SeekQueue(video, (t) => presented.push(t));
    queue.request(31 / 30);
    expect(video.seeks).toEqual([31 / 30 + SEEK_NUDGE]);
    video.completeSeek();
    expect(presented).toEqual([31 / 30]);
    expect(queue.busy).toBe(false);
  });

  it('counts a seek that presents nothing new (its frame was already on screen) as landed a few frames after it is done', () => {
    vi.useFakeTimers();
    try {
      const video = new FakeVideo(30);
      const presented: Array<[number, number]> = [];
      const queue = new SeekQueue(video, (mediaTime, target) => presented.push([mediaTime, target]));
      queue.request(2);
      video.seekedBeforeFrame();
      vi.advanceTimersByTime(30);
      expect(presented).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(presented).toEqual([[2, 2]]);
      // a frame that does come is reported once, not again by the wait
      queue.request(3);
      video.completeSeek();
      vi.advanceTimersByTime(200);
      expect(presented).toEqual([
        [2, 2],
        [3, 3],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not take the previous seek's late frame for the frame of the seek now under way", () => {
    const video = new FakeVideo(30);
    const presented: Array<[number, number]> = [];
    const queue = new SeekQueue(video, (mediaTime, target) => presented.push([mediaTime, target]));
    queue.request(6);
    queue.request(7);
    video.seekedBeforeFrame(); // 6 is done; the seek to 7 starts at once
    video.present(6); // …and then 6's frame reaches the screen, while 7 is still seeking
    expect(presented).toEqual([]);
    video.completeSeek();
    expect(presented).toEqual([[7, 7]]);
    // the same when the next step comes after 'seeked' but before the frame, to an idle queue
    queue.request(8);
    video.seekedBeforeFrame();
    queue.request(9);
    video.present(8);
    expect(presented).toEqual([[7, 7]]);
    video.completeSeek();
    expect(presented).toEqual([
      [7, 7],
      [9, 9],
    ]);
  });

  it("after a pause, passes over frames playback had under way that reach the screen late, behind or ahead of the seek's", () => {
    const frameOf = (t: number): number => Math.floor(t * 30 + 1e-3);
    const video = new FakeVideo(30);
    const presented: Array<[number, number]> = [];
    const queue = new SeekQueue(video, (mediaTime, target) => presented.push([mediaTime, target]));
    queue.request(0);
    video.completeSeek();
    presented.length = 0;
    // playback from 0 stops with the element's time in frame 156 while the picture lags three frames
    // behind (seen on a loaded machine); the player seeks to frame 156, and frame 153 reaches the
    // screen after the seek began, then 157 (decoded ahead): neither is the seek's
    queue.request(156 / 30, (m) => frameOf(m) === 156);
    video.present(153 / 30);
    video.present(157 / 30);
    expect(presented).toEqual([]);
    video.completeSeek();
    expect(presented).toEqual([[156 / 30, 156 / 30]]);
    // the check travels with a request that waits behind one in flight
    queue.request(2);
    queue.request(200 / 30, (m) => frameOf(m) === 200);
    video.completeSeek(); // the seek to 2 lands (reported); 200's starts
    video.present(199 / 30);
    video.completeSeek();
    expect(presented.slice(1)).toEqual([
      [2, 2],
      [200 / 30, 200 / 30],
    ]);
  });

  it("does not take a new source's first frame, late to the screen, for the first seek's", () => {
    const video = new FakeVideo(30);
    const presented: Array<[number, number]> = [];
    const queue = new SeekQueue(video, (mediaTime, target) => presented.push([mediaTime, target]));
    queue.resetForNewSource();
    video.present(0); // the source's own first frame is reported as such
    expect(presented).toEqual([[0, 0]]);
    presented.length = 0;
    queue.resetForNewSource();
    queue.request(1); // the first seek starts before the first frame was presented
    video.present(0);
    expect(presented).toEqual([]);
    video.completeSeek();
    expect(presented).toEqual([[1, 1]]);
  });

  it('keeps only the newest request while a seek is in flight and ends on its frame', () => {
    const video = new FakeVideo(25);
    const presented: Array<[number, number]> = [];
    const queue = new SeekQueue(video, (mediaTime, target) => presented.push([mediaTime, target]));
    queue.request(1);
    queue.request(2);
    queue.request(3);
    queue.request(4);
    expect(video.seeks).toHaveLength(1);
    video.completeSeek(); // t=1 is on screen for a moment (reported truthfully), then t=4 is sought
    expect(video.seeks.map((t) => Math.round(t))).toEqual([1, 4]);
    video.completeSeek();
    expect(presented).toEqual([
      [1, 1],
      [4, 4],
    ]);
    expect(queue.busy).toBe(false);
  });

  it('forgets a seek left in flight when the source changes, and reports the new first frame', () => {
    const video = new FakeVideo(25);
    const presented: number[] = [];
    const queue = new SeekQueue(video, (t) => presented.push(t));
    queue.request(3); // the old source never answers this one
    queue.resetForNewSource();
    expect(queue.busy).toBe(false);
    video.completeSeek(); // first frame of the new source (fake: at the last seek target)
    queue.request(1);
    expect(video.seeks.map((t) => Math.round(t))).toEqual([3, 1]);
    video.completeSeek();
    expect(presented.at(-1)).toBe(1);
  });

  it('does not wait forever for a seek the element abandoned when its source was emptied', () => {
    const video = new FakeVideo(25);
    const queue = new SeekQueue(video, () => undefined);
    queue.request(3);
    queue.request(4);
    video.emit('emptied');
    expect(queue.busy).toBe(false);
    queue.request(5);
    expect(video.seeks.map((t) => Math.round(t))).toEqual([3, 5]);
  });

  it('stops after dispose', () => {
    const video = new FakeVideo(25);
    const presented: number[] = [];
    const queue = new SeekQueue(video, (t) => presented.push(t));
    queue.request(1);
    queue.dispose();
    video.completeSeek();
    queue.request(2);
    expect(presented).toEqual([]);
    expect(video.seeks).toHaveLength(1);
  });
});
