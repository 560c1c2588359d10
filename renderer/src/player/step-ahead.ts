// Decoding ahead. A seek decodes from the previous keyframe (tens of milliseconds at 1080p), but an
// annotator's next step is predictable: the next or previous second or frame. Those are sought ahead
// in hidden <video> elements ("lanes") stacked over the player, so a step only has to reveal one.
// A lane is revealed only once the frame it presents is the commanded one (requestVideoFrameCallback
// mediaTime, same frame index), so the screen never shows a neighbour; anything else — a jump, a
// step nobody foresaw — goes to the player's own seek queue as before.
import { frameIndexAt } from '../../../shared/timecode';
import { SeekQueue } from './seek-queue';

const SETTING = 'tidemark.decodeAhead';

/**
 * Decoding ahead costs memory (a decoder per lane), so it can be turned off on a machine short of it:
 * a setting of this machine's (this browser profile's), not of the person or the project.
 */
export function decodeAheadEnabled(): boolean {
  try {
    return localStorage.getItem(SETTING) !== 'off';
  } catch {
    return true;
  }
}

export function rememberDecodeAhead(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SETTING);
    else localStorage.setItem(SETTING, 'off');
  } catch {
    // storage refused (a private window): the choice holds until the page is reloaded
  }
}

/** Lanes: the four likely steps plus the one on screen. Each holds one decoder and a few frames. */
export const LANES = 5;

/** The hidden <video> elements of the lanes, stacked over the player's own in `host`. */
export function laneElements(host: HTMLElement, crossOrigin: boolean): HTMLVideoElement[] {
  return Array.from({ length: LANES }, () => {
    const el = document.createElement('video');
    el.className = 'step-ahead';
    el.muted = true;
    el.preload = 'auto';
    el.playsInline = true;
    if (crossOrigin) el.crossOrigin = 'anonymous';
    el.dataset.testid = 'step-ahead';
    host.appendChild(el);
    return el;
  });
}
/** Lanes seeking at once: two on a two-core machine leave the page and the server a core between them. */
const CONCURRENT = 2;

interface Lane {
  readonly el: HTMLVideoElement;
  readonly queue: SeekQueue;
  /** The time this lane was last asked to show. */
  target: number | null;
  /** The frame it presents (mediaTime), once it is the target's. */
  ready: number | null;
  /** The last frame it presented at all. */
  at: number | null;
  /** Its metadata arrived: before that a seek is only remembered as a start position, never done. */
  loaded: boolean;
}

/** A lane that has not shown what it was awaited for by then hands the command back. */
const AWAIT_LIMIT_MS = 1000;

export class StepAhead {
  private readonly lanes: Lane[] = [];
  private shown: Lane | null = null;
  /** A lane still seeking the commanded frame, revealed when it lands. */
  private awaited: Lane | null = null;
  private awaitTimer: ReturnType<typeof setTimeout> | null = null;
  private wanted: number[] = [];
  private fps = 30;
  private loaded = false;
  private enabled = true;
  /** The source the player shows, kept while turned off so turning on loads it. */
  private source: { url: string | null; fps: number } = { url: null, fps: 30 };

  /** How commands were met: by a lane ready, by a lane still seeking, or sought by the caller. */
  private readonly tally = { ready: 0, awaited: 0, sought: 0 };

  constructor(
    videos: readonly HTMLVideoElement[],
    /** The revealed lane's frame reached the screen (the next animation frame after the reveal). */
    private readonly onShown: (mediaTime: number) => void,
    /** A lane was to show `t` but did not: the caller seeks its own element. */
    private readonly onMissed: (t: number) => void,
    /** Where the tally goes (the player's data attributes, read by the step bench). */
    private readonly report: (tally: Readonly<Record<'ready' | 'awaited' | 'sought', number>>) => void = () => undefined,
  ) {
    for (const el of videos) {
      const lane: Lane = { el, queue: new SeekQueue(el, (mediaTime, target) => this.landed(lane, mediaTime, target)), target: null, ready: null, at: null, loaded: false };
      // its first frame decoded before its first seek: a first frame landing after the seek began
      // would otherwise be taken for the seek's
      el.addEventListener('loadeddata', () => {
        lane.loaded = true;
        this.seekNext();
      });
      // a lane is free once its seek is done, which may come after its frame was presented
      el.addEventListener('seeked', () => this.seekNext());
      this.lanes.push(lane);
    }
  }

  /** A new source (or none): every lane loads it and forgets what it held. */
  setSource(url: string | null, fps: number): void {
    this.source = { url, fps };
    this.load(this.enabled ? url : null, fps);
  }

  /**
   * Turns decoding ahead on or off. Off, every command goes to the caller from now on — a command a
   * lane was still seeking is handed back —, and the lanes let go of the video (and their decoders'
   * memory) once none is on screen: a lane showing the commanded frame stays until hide(), when the
   * caller's own element shows it. On, the lanes load the player's source again.
   */
  setEnabled(on: boolean): void {
    if (on === this.enabled) return;
    this.enabled = on;
    if (on) {
      this.load(this.source.url, this.source.fps);
      return;
    }
    this.stopDecodingAhead();
    if (!this.shown) this.unload();
  }

  /** Nothing more is decoded ahead on this source; a command a lane was seeking goes back to the caller. */
  private stopDecodingAhead(): void {
    const handedBack = this.awaited?.target ?? null;
    this.await(null);
    this.loaded = false;
    this.wanted = [];
    if (handedBack !== null) this.onMissed(handedBack);
  }

  /** A lane forgets what it held and sought (its source is about to change). */
  private forget(lane: Lane): void {
    lane.queue.resetForNewSource();
    Object.assign(lane, { target: null, ready: null, at: null, loaded: false });
  }

  private unload(): void {
    for (const lane of this.lanes) {
      this.forget(lane);
      lane.el.removeAttribute('src');
      lane.el.load();
    }
  }

  private load(url: string | null, fps: number): void {
    this.hide();
    this.fps = fps;
    this.wanted = [];
    this.loaded = url !== null;
    if (!url) return this.unload();
    for (const lane of this.lanes) {
      this.forget(lane);
      lane.el.src = url;
    }
  }

  /** The element whose frame is on screen, or null when the player's own is. */
  get screen(): HTMLVideoElement | null {
    return this.shown?.el ?? null;
  }

  /**
   * Shows the frame for `t` if a lane has it, or will: true when a lane has taken the command (the
   * caller then leaves its own element alone), false when the caller must seek.
   */
  show(t: number): boolean {
    if (!this.loaded) return false;
    const frame = frameIndexAt(t, this.fps);
    const lane = this.lanes.find((l) => l.target !== null && frameIndexAt(l.target, this.fps) === frame);
    this.await(null);
    this.tally[!lane ? 'sought' : lane.ready !== null ? 'ready' : 'awaited']++;
    this.report(this.tally);
    if (!lane) return false;
    if (lane.ready !== null) this.reveal(lane);
    else this.await(lane);
    return true;
  }

  private await(lane: Lane | null): void {
    if (this.awaitTimer) clearTimeout(this.awaitTimer);
    this.awaitTimer = null;
    this.awaited = lane;
    if (!lane) return;
    this.awaitTimer = setTimeout(() => {
      if (this.awaited !== lane) return;
      this.awaited = null;
      this.onMissed(lane.target!);
    }, AWAIT_LIMIT_MS);
  }

  /** The player's own element shows the commanded frame again (a seek landed, or playback). */
  hide(): void {
    this.await(null);
    if (this.shown) this.shown.el.classList.remove('shown');
    const wasShown = this.shown !== null;
    this.shown = null;
    // turned off while a lane was on screen: now the lanes can let go
    if (wasShown && !this.enabled) this.unload();
  }

  /** A lane is still seeking a command it took (it will be revealed when it lands). */
  get awaiting(): boolean {
    return this.awaited !== null;
  }

  /** Forgets a command a lane was still seeking, without handing it back (the caller seeks it itself). */
  cancelAwait(): void {
    this.await(null);
  }

  /** Seeks lanes to the likely next commands, most likely first; a lane on screen is kept as it is. */
  arm(times: readonly number[]): void {
    if (!this.loaded) return;
    this.wanted = [...times];
    this.seekNext();
  }

  /** Stops seeking ahead (playback needs the cores); what lanes hold stays usable. */
  disarm(): void {
    this.wanted = [];
  }

  dispose(): void {
    this.await(null);
    for (const lane of this.lanes) {
      lane.queue.dispose();
      lane.el.removeAttribute('src');
      lane.el.load();
      lane.el.remove();
    }
    this.lanes.length = 0;
  }

  private holds(lane: Lane, t: number): boolean {
    return lane.target !== null && frameIndexAt(lane.target, this.fps) === frameIndexAt(t, this.fps);
  }

  /** Starts seeks for wanted times no lane holds, in order, up to CONCURRENT at once. */
  private seekNext(): void {
    let seeking = this.lanes.filter((l) => l.queue.busy).length;
    const keep = new Set<Lane>([this.shown, this.awaited].filter((l): l is Lane => l !== null));
    for (const t of this.wanted) {
      const holder = this.lanes.find((l) => this.holds(l, t));
      if (holder) keep.add(holder);
    }
    for (const t of this.wanted) {
      if (seeking >= CONCURRENT) return;
      if (this.lanes.some((l) => this.holds(l, t))) continue;
      // an idle lane holding nothing wanted; the least recently useful is as good as any
      const free = this.lanes.find((l) => l.loaded && !keep.has(l) && !l.queue.busy);
      if (!free) return;
      keep.add(free);
      free.target = t;
      free.ready = null;
      if (free.at !== null && frameIndexAt(free.at, this.fps) === frameIndexAt(t, this.fps)) {
        // already presenting that frame: a seek to it would present nothing new
        free.ready = free.at;
        continue;
      }
      // what it presents until this seek's frame arrives is not known (its last seek's frame may come after its 'seeked')
      free.at = null;
      free.queue.request(t);
      seeking++;
    }
  }

  private landed(lane: Lane, mediaTime: number, target: number): void {
    lane.at = mediaTime;
    if (lane.target === null || target !== lane.target) return;
    if (frameIndexAt(mediaTime, this.fps) !== frameIndexAt(target, this.fps)) {
      // not the frame asked for (a stream whose frames are not where its frame rate puts them):
      // nothing more is decoded ahead on this source, every command goes to the player's seek
      // queue; a lane on screen holds the commanded frame (checked when it landed) until then
      this.stopDecodingAhead();
      lane.target = null;
      return;
    }
    lane.ready = mediaTime;
    if (this.awaited === lane) {
      this.await(null);
      this.reveal(lane);
    }
    this.seekNext();
  }

  private reveal(lane: Lane): void {
    if (this.shown !== lane) {
      lane.el.classList.add('shown');
      this.shown?.el.classList.remove('shown');
      this.shown = lane;
    }
    const mediaTime = lane.ready!;
    // the style change reaches the screen with the next rendered frame, which the callback precedes
    requestAnimationFrame(() => {
      if (this.shown === lane && lane.ready === mediaTime) this.onShown(mediaTime);
    });
  }
}
