// Rapid stepping must never leave a stale frame on screen. Seeks are queued: while one is in
// flight only the newest request is kept, and the frame actually presented (requestVideoFrameCallback
// mediaTime) is reported so the UI can tell what is on screen.

export interface SeekableVideo {
  currentTime: number;
  readonly seeking: boolean;
  addEventListener(type: 'seeked' | 'emptied', listener: () => void): void;
  removeEventListener(type: 'seeked' | 'emptied', listener: () => void): void;
  requestVideoFrameCallback?(callback: (now: number, metadata: { mediaTime: number }) => void): number;
}

/**
 * Chromium shows the frame whose interval contains the seek target; aiming a hair past a frame's
 * start keeps float rounding (n/fps) from landing on the previous frame.
 */
export const SEEK_NUDGE = 1e-3;

/** Whether a presented frame (its media time) is the one a seek asked for. */
export type FrameCheck = (mediaTime: number) => boolean;

/** Display frames after 'seeked' with no frame presented before a seek counts as landed on the frame already shown. */
const SILENT_FRAMES = 4;

export class SeekQueue {
  private inFlight: number | null = null;
  private pending: number | null = null;
  /** The frame check the pending request came with (see request). */
  private pendingCheck: FrameCheck | undefined;
  private generation = 0;
  /** The seek whose frame was last reported. */
  private reported = 0;
  private disposed = false;
  /** The target of the latest seek started on this source. */
  private lastTarget: number | null = null;

  constructor(
    private readonly video: SeekableVideo,
    private readonly onPresented: (mediaTime: number, target: number) => void,
  ) {
    this.video.addEventListener('seeked', this.handleSeeked);
    this.video.addEventListener('emptied', this.handleEmptied);
  }

  /**
   * Asks for time t; replaces any request still waiting behind the one in flight. `isTargetFrame`,
   * where given, says whether a presented frame is t's: one that is not is passed over, and the next
   * frame (or, if none comes, the seek's silent end) answers. The player gives it for the seek that
   * follows a pause: a frame playback had under way can reach the screen after that seek began — on
   * a loaded machine several frames behind the element's time — and would name a frame the seek then
   * replaces on screen.
   */
  request(t: number, isTargetFrame?: FrameCheck): void {
    if (this.disposed) return;
    if (this.inFlight !== null) {
      this.pending = t;
      this.pendingCheck = isTargetFrame;
      return;
    }
    this.start(t, isTargetFrame);
  }

  get busy(): boolean {
    return this.inFlight !== null || this.pending !== null;
  }

  dispose(): void {
    this.disposed = true;
    this.video.removeEventListener('seeked', this.handleSeeked);
    this.video.removeEventListener('emptied', this.handleEmptied);
  }

  /** The element dropped its source: a seek in flight will never report 'seeked'. */
  private readonly handleEmptied = (): void => {
    this.inFlight = null;
    this.pending = null;
  };

  /**
   * Call before loading a new source: a seek in flight on the old source never completes, and the
   * first frame of the new one must be reported (a seek to the frame on screen presents nothing new).
   */
  resetForNewSource(): void {
    this.inFlight = null;
    this.pending = null;
    this.lastTarget = null;
    this.watch(++this.generation, null);
  }

  /**
   * Reports the next frame shown for seek `generation`. `previous` is the target of the seek before
   * this one: its frame can reach the screen after its 'seeked' and after this seek began (Chromium
   * fixes no order), and a frame nearer to it than to `target` is that late frame, not ours.
   */
  private watch(generation: number, target: number | null, previous: number | null = null, isTargetFrame?: FrameCheck): void {
    this.video.requestVideoFrameCallback?.((_now, metadata) => {
      if (this.disposed || generation !== this.generation) return;
      const late = target !== null && previous !== null && Math.abs(metadata.mediaTime - previous) < Math.abs(metadata.mediaTime - target);
      if (late || (isTargetFrame && !isTargetFrame(metadata.mediaTime))) {
        this.watch(generation, target, previous, isTargetFrame);
        return;
      }
      this.reported = generation;
      this.onPresented(metadata.mediaTime, target ?? metadata.mediaTime);
    });
  }

  /**
   * A seek to the frame already on screen presents nothing new, so no frame callback answers it:
   * once the element has had a few frames' time to paint after 'seeked' and nothing came, the frame
   * on screen is the target's.
   */
  private settleIfSilent(generation: number, target: number): void {
    const nextFrame = globalThis.requestAnimationFrame ?? ((callback: () => void) => setTimeout(callback, 16));
    let frames = 0;
    const check = (): void => {
      if (this.disposed || generation !== this.generation || this.reported === generation) return;
      if (++frames < SILENT_FRAMES) {
        nextFrame(check);
        return;
      }
      this.reported = generation;
      this.onPresented(target, target);
    };
    nextFrame(check);
  }

  private start(t: number, isTargetFrame?: FrameCheck): void {
    this.inFlight = t;
    // registered before the seek: a callback asked for after 'seeked' would wait for the next frame.
    // The first seek on a source has no earlier target, but the source's first frame (where the
    // element stands) may still be on its way to the screen: that is the frame not to take for ours
    this.watch(++this.generation, t, this.lastTarget ?? this.video.currentTime, isTargetFrame);
    this.lastTarget = t;
    this.video.currentTime = t + SEEK_NUDGE;
  }

  private readonly handleSeeked = (): void => {
    const done = this.inFlight;
    this.inFlight = null;
    if (this.disposed || done === null) return;
    if (this.pending !== null) {
      const [next, check] = [this.pending, this.pendingCheck];
      this.pending = null;
      this.pendingCheck = undefined;
      this.start(next, check);
      return;
    }
    if (!this.video.requestVideoFrameCallback) this.onPresented(this.video.currentTime, done);
    else this.settleIfSilent(this.generation, done);
  };
}
