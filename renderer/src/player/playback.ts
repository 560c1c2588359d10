// Playback on the player's own element: forward (the element plays and each frame it presents moves
// the playhead), backwards (a seek every 100 ms: the element cannot play backwards), and the pause
// that settles on the frame on screen. The engine (engine.ts) lends it the element and its seeks.
import { frameIndexAt, frameStartTime } from '../../../shared/timecode';
import { framePresented, onPlaybackTime, playbackStarted, playbackStopped, stepBackwards } from '../store/player/actions';
import { getState } from '../store/store';
import { playerControl, type PlayerHandle } from './control';
import type { FrameCheck } from './seek-queue';
import type { StepAhead } from './step-ahead';

/** What playback needs of the engine. */
export interface PlaybackScreen {
  /** The player's own <video>. */
  readonly media: HTMLVideoElement;
  readonly ahead: StepAhead;
  /** Seeks the own element to t (a frame check as SeekQueue.request's). */
  seekOwn(t: number, isTargetFrame?: FrameCheck): void;
  /** Seeks the own element to t: true once it presents it, false when a lane took a later command first. */
  landOwn(t: number): Promise<boolean>;
  /** The selected video's frame rate. */
  fps(): number;
}

/** Backwards playback seeks this often. */
const BACKWARDS_STEP_MS = 100;

export class Playback {
  private direction: 1 | -1 | 0 = 0;
  private backTimer: ReturnType<typeof setInterval> | null = null;
  private frameLoop = 0;

  constructor(private readonly screen: PlaybackScreen) {}

  /** video.js's 'play'. */
  began(): void {
    this.screen.ahead.hide();
    this.direction = 1;
    playbackStarted();
    this.watchFrames();
  }

  /** video.js's 'pause' (backwards playback pauses the element too, and settles in pause()). */
  paused(): void {
    this.screen.media.cancelVideoFrameCallback(this.frameLoop);
    if (!this.backTimer) this.settle();
  }

  /** video.js's 'ended'. */
  ended(): void {
    this.settle();
  }

  dispose(): void {
    this.stopBackwards();
    this.screen.media.cancelVideoFrameCallback(this.frameLoop);
  }

  /** While playing, every presented frame updates the playhead. */
  private watchFrames(): void {
    const { media } = this.screen;
    this.frameLoop = media.requestVideoFrameCallback((_now, meta) => {
      framePresented(meta.mediaTime);
      onPlaybackTime(meta.mediaTime);
      if (!media.paused) this.watchFrames();
    });
  }

  private stopBackwards(): void {
    if (this.backTimer) clearInterval(this.backTimer);
    this.backTimer = null;
  }

  /** Playback stopped: the command is the frame on screen. (Backwards playback has stopped its timer by now: see pause().) */
  private settle(): void {
    this.direction = 0;
    // neither the last frame reported (late on a loaded machine) nor the element's own time (it can
    // lie a hair before the picture's frame) says for sure what is on screen once playback stops:
    // the element is brought to the frame of its time, which is then the command and the picture
    // (at the end, the last frame: the element's time is then its duration, a frame past it). Only
    // that frame answers the seek: one playback had under way can still reach the screen after it.
    const fps = this.screen.fps();
    const t = playbackStopped(frameStartTime(frameIndexAt(this.screen.media.currentTime, fps), fps));
    this.screen.seekOwn(t, (mediaTime) => frameIndexAt(mediaTime, fps) === frameIndexAt(t, fps));
  }

  /** What actions and shortcuts drive (playerControl). */
  handle(): PlayerHandle {
    const { media, ahead } = this.screen;
    return {
      play: async (rate) => {
        this.stopBackwards();
        if (rate) media.playbackRate = rate;
        // playback runs on the player's own element: bring it to the frame a lane is showing (or
        // still seeking) first; a step meanwhile, taken by a lane, calls the playback off
        if (ahead.screen || ahead.awaiting) {
          ahead.cancelAwait();
          if (!(await this.screen.landOwn(getState().commanded.time))) return;
        }
        ahead.disarm();
        await media.play().catch(() => undefined);
      },
      playBackwards: (rate) => {
        media.pause();
        this.stopBackwards();
        // backwards playback seeks the own element: a lane still seeking must not be revealed over it
        ahead.cancelAwait();
        this.direction = -1;
        playbackStarted();
        this.backTimer = setInterval(() => {
          const next = stepBackwards((rate * BACKWARDS_STEP_MS) / 1000);
          this.screen.seekOwn(next);
          onPlaybackTime(next);
          if (next <= 0) playerControl.pause();
        }, BACKWARDS_STEP_MS);
      },
      pause: () => {
        const wasBackwards = this.backTimer !== null;
        this.stopBackwards();
        if (!media.paused) media.pause();
        else if (wasBackwards) this.settle();
      },
      setRate: (rate) => {
        media.playbackRate = rate;
      },
      direction: () => this.direction,
      screen: () => ahead.screen ?? media,
    };
  }
}
