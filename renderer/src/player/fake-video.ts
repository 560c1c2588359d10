// A stand-in <video> for the player's unit tests (node has no media elements).
import type { SeekableVideo } from './seek-queue';

/** A stand-in <video>: seeks complete when the test says so, then the frame at that time is shown. */
export class FakeVideo implements SeekableVideo {
  seeks: number[] = [];
  seeking = false;
  private listeners = new Map<string, Set<() => void>>();
  /** What a lane of decoding ahead touches besides seeking. */
  private readonly classes = new Set<string>();
  readonly classList = {
    add: (c: string): void => void this.classes.add(c),
    remove: (c: string): void => void this.classes.delete(c),
    contains: (c: string): boolean => this.classes.has(c),
  };
  src = '';
  private frameCallbacks: Array<(now: number, meta: { mediaTime: number }) => void> = [];
  constructor(private readonly fps: number) {}
  get currentTime(): number {
    return this.seeks.at(-1) ?? 0;
  }
  set currentTime(t: number) {
    this.seeks.push(t);
    this.seeking = true;
  }
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, (this.listeners.get(type) ?? new Set()).add(listener));
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: 'emptied' | 'loadeddata' | 'seeked'): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  removeAttribute(): void {
    this.src = '';
  }
  load(): void {}
  remove(): void {}
  requestVideoFrameCallback(callback: (now: number, meta: { mediaTime: number }) => void): number {
    this.frameCallbacks.push(callback);
    return this.frameCallbacks.length;
  }
  /** Reports the seek done before its frame reaches the screen (the order is not fixed in Chromium). */
  seekedBeforeFrame(): void {
    this.seeking = false;
    this.emit('seeked');
  }
  /** A frame reaches the screen. */
  present(mediaTime: number): void {
    const callbacks = this.frameCallbacks;
    this.frameCallbacks = [];
    for (const cb of callbacks) cb(0, { mediaTime });
  }
  /** Finishes the seek in flight: the frame containing the target is presented. */
  completeSeek(): void {
    this.seeking = false;
    const mediaTime = Math.floor(this.currentTime * this.fps) / this.fps;
    const callbacks = this.frameCallbacks;
    this.frameCallbacks = [];
    for (const cb of callbacks) cb(0, { mediaTime });
    this.emit('seeked');
  }
}
