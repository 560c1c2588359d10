// The player's engine: it follows the store outside React (useStore.subscribe, as the timeline's
// painting does) and drives the player's own <video> and the lanes decoding ahead. A command is shown
// by a lane that decoded it ahead (step-ahead.ts) or else sought through the SeekQueue; what reaches
// the screen comes back from requestVideoFrameCallback and is what the player names as presented.
// Playing is playback.ts's. Player.tsx only mounts video.js and hands its element here, so all of
// this runs in unit tests.
import type { Video } from '../../../shared/domain';
import { frameIndexAt } from '../../../shared/timecode';
import { framePresented } from '../store/player/actions';
import { likelyCommands } from '../store/player/selectors';
import { selectedVideo } from '../store/project/selectors';
import { getState, useStore, type State } from '../store/store';
import { playerControl } from './control';
import { Playback } from './playback';
import { SeekQueue, type FrameCheck } from './seek-queue';
import { StepAhead } from './step-ahead';

/** video.js's events of the player's own element that the engine answers. */
export type PlayerEvent = 'play' | 'pause' | 'ended' | 'loadedmetadata';

/** What the mounted video.js player hands the engine. */
export interface PlayerMount {
  /** The player's own <video> (video.js's tech element): playback and the seek queue run on it. */
  readonly media: HTMLVideoElement;
  /** The hidden <video> lanes stacked over it (laneElements). */
  readonly lanes: readonly HTMLVideoElement[];
  /** Loads a source on the own element (video.js's src(): it picks the tech for the type). */
  load(source: { src: string; type: string }): void;
  /** Listens to one of video.js's events; returns the unsubscribe. */
  on(type: PlayerEvent, listener: () => void): () => void;
  /** Where a video's media is served. */
  videoUrl(videoId: string): string;
  /** How commands were met by decoding ahead (the step bench reads it from the page). */
  report?(tally: Readonly<Record<'ready' | 'awaited' | 'sought', number>>): void;
}

function mimeFor(container: string): string {
  if (container.includes('webm')) return 'video/webm';
  if (container.includes('ogg')) return 'video/ogg';
  return 'video/mp4';
}

export class PlayerEngine {
  private readonly media: HTMLVideoElement;
  private readonly ahead: StepAhead;
  private readonly queue: SeekQueue;
  private readonly playback: Playback;
  // The own element's landings count only for the seek last asked of it ('any': the first frame
  // of a new source); while a lane is on screen, a late landing of an older seek is not shown.
  private ownWanted: number | 'any' | null = null;
  /** The frame the own element last presented. */
  private ownAt: number | null = null;
  // the command (seq) a lane took and the one the own element last sought: what a landing answers
  private laneSeq = 0;
  private ownSeq = 0;
  /** Waiting for the own element to land (playback starts there): true when it did, false when a lane took a later command. */
  private ownWaiters: Array<(landed: boolean) => void> = [];
  /** True from a source change until its metadata arrives: commands wait for it. */
  private loading = false;
  /**
   * What of the store was last acted on, recorded before acting: acting writes to the store (the
   * presented frame), whose listeners then run again inside this one and must find nothing new.
   */
  private seen: { source?: string | null; seq?: number; decodeAhead?: boolean } = {};
  private readonly stops: Array<() => void> = [];
  private disposed = false;

  constructor(private readonly mount: PlayerMount) {
    this.media = mount.media;
    this.ahead = new StepAhead(
      mount.lanes,
      (mediaTime) => framePresented(mediaTime, this.laneSeq),
      (t) => this.seekOwn(t),
      (tally) => mount.report?.(tally),
    );
    this.ahead.setEnabled(getState().decodeAhead);
    this.queue = new SeekQueue(this.media, (mediaTime, target) => {
      this.ownAt = mediaTime;
      if (this.ownWanted === 'any' || target === this.ownWanted) this.ownLanded(mediaTime);
    });
    this.playback = new Playback({
      media: this.media,
      ahead: this.ahead,
      seekOwn: (t, isTargetFrame) => this.seekOwn(t, isTargetFrame),
      landOwn: (t) =>
        new Promise<boolean>((resolve) => {
          this.ownWaiters.push(resolve);
          this.seekOwn(t);
        }),
      fps: () => this.fps(),
    });
    this.stops.push(
      mount.on('play', () => this.playback.began()),
      mount.on('pause', () => this.playback.paused()),
      mount.on('ended', () => this.playback.ended()),
      mount.on('loadedmetadata', () => this.metadataLoaded()),
      playerControl.attach(this.playback.handle()),
    );
    this.follow(getState());
    this.stops.push(useStore.subscribe((s) => this.follow(s)));
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.stops) stop();
    this.playback.dispose();
    this.queue.dispose();
    this.ahead.dispose();
  }

  /**
   * Acts on what changed: a new video before its command — a new video and its command arrive in
   * one update, and the command must not reach the old video's lanes —, then decoding ahead.
   */
  private follow(s: State): void {
    if (this.disposed) return;
    const video = selectedVideo(s);
    const source = video ? `${video.id} ${video.status}` : null;
    const before = this.seen;
    this.seen = { source, seq: s.commanded.seq, decodeAhead: s.decodeAhead };
    if (source !== before.source) this.showVideo(video);
    if (s.commanded.seq !== before.seq && video && !this.loading && this.media.readyState >= 1) this.command(s.commanded.time);
    if (s.decodeAhead !== before.decodeAhead) this.switchAhead(s.decodeAhead);
  }

  private showVideo(video: Video | null): void {
    if (!video || video.status !== 'ok') {
      // no video (another project, or none selected) or its file is missing: show nothing stale.
      // The source is emptied on the same media element — video.js's reset() would make a new one,
      // and the seek queue and frame callbacks would go on listening to the old.
      this.media.pause();
      this.media.removeAttribute('src');
      this.media.load();
      this.newSource(null, 30);
      this.loading = false;
      framePresented(null);
      return;
    }
    framePresented(null);
    const src = this.mount.videoUrl(video.id);
    this.newSource(src, video.fps);
    this.loading = true;
    this.mount.load({ src, type: mimeFor(video.container) });
  }

  private newSource(url: string | null, fps: number): void {
    this.ownWanted = 'any';
    this.ownSeq = getState().commanded.seq;
    this.ownAt = null;
    this.queue.resetForNewSource();
    this.ahead.setSource(url, fps);
  }

  /** The source's metadata: the rate (a new source resets it) and the command can be applied. */
  private metadataLoaded(): void {
    if (!this.loading) return;
    this.loading = false;
    const s = getState();
    this.media.playbackRate = s.rate;
    this.command(s.commanded.time);
  }

  /** Shows a command: by a lane that decoded it ahead, else by seeking the player's own element. */
  private command(t: number): void {
    if (this.ahead.show(t)) {
      this.ownWanted = null;
      this.laneSeq = getState().commanded.seq;
      this.settleOwnWaiters(false);
      this.arm();
    } else this.seekOwn(t);
  }

  private seekOwn(t: number, isTargetFrame?: FrameCheck): void {
    this.ownWanted = t;
    this.ownSeq = getState().commanded.seq;
    this.ahead.disarm();
    // a seek to the frame the element already presents presents nothing new: show it as it is
    const at = this.ownAt;
    if (this.ahead.screen && !this.queue.busy && at !== null && frameIndexAt(at, this.fps()) === frameIndexAt(t, this.fps())) {
      requestAnimationFrame(() => {
        if (this.ownWanted === t && !this.disposed) this.ownLanded(at);
      });
      return;
    }
    this.queue.request(t, isTargetFrame);
  }

  private ownLanded(mediaTime: number): void {
    this.ahead.hide();
    framePresented(mediaTime, this.ownSeq);
    this.settleOwnWaiters(true);
    this.arm();
  }

  private settleOwnWaiters(landed: boolean): void {
    const waiting = this.ownWaiters;
    this.ownWaiters = [];
    for (const resolve of waiting) resolve(landed);
  }

  /** While paused, the likely next commands are decoded ahead. */
  private arm(): void {
    if (!getState().playing) this.ahead.arm(likelyCommands(getState()));
  }

  private switchAhead(on: boolean): void {
    const onScreen = this.ahead.screen !== null;
    // off: a command a lane was still seeking comes back (onMissed); a lane on screen stays there
    // until the player's own element presents the same frame, then the lanes let go
    this.ahead.setEnabled(on);
    if (on) this.arm();
    else if (onScreen) this.seekOwn(getState().commanded.time);
  }

  private fps(): number {
    return selectedVideo(getState())?.fps ?? 30;
  }
}
