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
  private frameCallbacks = new Map<number, (now: number, meta: { mediaTime: number }) => void>();
  private nextCallbackId = 1;
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
    const id = this.nextCallbackId++;
    this.frameCallbacks.set(id, callback);
    return id;
  }
  cancelVideoFrameCallback(id: number): void {
    this.frameCallbacks.delete(id);
  }
  /** Reports the seek done before its frame reaches the screen (the order is not fixed in Chromium). */
  seekedBeforeFrame(): void {
    this.seeking = false;
    this.emit('seeked');
  }
  /** A frame reaches the screen. */
  present(mediaTime: number): void {
    const callbacks = [...this.frameCallbacks.values()];
    this.frameCallbacks.clear();
    for (const cb of callbacks) cb(0, { mediaTime });
  }
  /** Finishes the seek in flight: the frame containing the target is presented. */
  completeSeek(): void {
    this.seeking = false;
    this.present(Math.floor(this.currentTime * this.fps) / this.fps);
    this.emit('seeked');
  }
}

type PlayerEvent = 'play' | 'pause' | 'ended' | 'loadedmetadata';

/**
 * The player's own <video> under video.js: it also plays and pauses, its time runs on while it plays,
 * and video.js's events for it (onPlayer) come, as a media element's do, in a task of their own.
 */
export class FakeMedia extends FakeVideo {
  paused = true;
  readyState = 0;
  playbackRate = 1;
  /** Where playback has brought the element (null after a seek: then the seek's target). */
  private playedTo: number | null = null;
  private readonly playerListeners = new Map<PlayerEvent, Set<() => void>>();
  override get currentTime(): number {
    return this.playedTo ?? super.currentTime;
  }
  override set currentTime(t: number) {
    this.playedTo = null;
    super.currentTime = t;
  }
  onPlayer(type: PlayerEvent, listener: () => void): () => void {
    this.playerListeners.set(type, (this.playerListeners.get(type) ?? new Set()).add(listener));
    return () => this.playerListeners.get(type)?.delete(listener);
  }
  emitPlayer(type: PlayerEvent): void {
    for (const listener of this.playerListeners.get(type) ?? []) listener();
  }
  play(): Promise<void> {
    this.paused = false;
    setTimeout(() => this.emitPlayer('play'), 0);
    return Promise.resolve();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    setTimeout(() => this.emitPlayer('pause'), 0);
  }
  /** Playback moves the element's time to t (without presenting a frame: the picture may lag). */
  playTo(t: number): void {
    this.playedTo = t;
  }
}
