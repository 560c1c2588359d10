import { describe, expect, it } from 'vitest';
import { SEEK_NUDGE, SeekQueue, type SeekableVideo } from './seek-queue';

/** A stand-in <video>: seeks complete when the test says so, then the frame at that time is shown. */
class FakeVideo implements SeekableVideo {
  seeks: number[] = [];
  seeking = false;
  private listener: (() => void) | null = null;
  private frameCallbacks: Array<(now: number, meta: { mediaTime: number }) => void> = [];
  constructor(private readonly fps: number) {}
  get currentTime(): number {
    return this.seeks.at(-1) ?? 0;
  }
  set currentTime(t: number) {
    this.seeks.push(t);
    this.seeking = true;
  }
  addEventListener(_type: 'seeked', listener: () => void): void {
    this.listener = listener;
  }
  removeEventListener(): void {
    this.listener = null;
  }
  requestVideoFrameCallback(callback: (now: number, meta: { mediaTime: number }) => void): number {
    this.frameCallbacks.push(callback);
    return this.frameCallbacks.length;
  }
  /** Finishes the seek in flight: the frame containing the target is presented. */
  completeSeek(): void {
    this.seeking = false;
    const mediaTime = Math.floor(this.currentTime * this.fps) / this.fps;
    const callbacks = this.frameCallbacks;
    this.frameCallbacks = [];
    for (const cb of callbacks) cb(0, { mediaTime });
    this.listener?.();
  }
}

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
