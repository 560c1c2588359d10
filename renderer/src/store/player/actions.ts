// Driving the player: seeks (clamped to the video and to the prefix a model may see), stepping on the
// 1-FPS grid or by native frames, playback, shuttle and rate.
import { lastFrameTime, snapTime, type Step } from '../../../../shared/timecode';
import { playerControl } from '../../player/control';
import { shortcutLabel } from '../../shortcuts';
import { decodeAheadEnabled, rememberDecodeAhead } from '../../player/step-ahead';
import { prefixLimit } from '../annotation/selectors';
import { emit, on } from '../effects';
import { selectedTimedVideo } from '../project/selectors';
import { registerActions } from '../registry';
import { getState, setState } from '../store';
import { clampedCommand, stepCommand } from './selectors';
import { playbackRates } from './state';

export function seek(time: number, step: Step | null = null, held = false): void {
  const t = clampedCommand(getState(), time);
  if (t === null) return;
  playerControl.pause();
  setState((st) => ({ commanded: { time: t, seq: st.commanded.seq + 1 }, playerTime: t, lastStep: step, stepHeld: step !== null && held }));
  void emit('playheadMoved', t, 'seek');
}

/** → ← . , : one second or one native frame from the time on display; `held` when its key is held down. */
export function step(kind: Step['kind'], direction: 1 | -1, held = false): void {
  const t = stepCommand(getState(), { kind, direction });
  if (t !== null) seek(t, { kind, direction }, held);
}

export function seekSnapped(time: number): void {
  const s = getState();
  const video = selectedTimedVideo(s);
  if (video) seek(snapTime(time, s.grid, video.fps));
}

/**
 * Goes to a time a person asked for (G, End). With the prefix-only view on, a time past it stops at
 * its end — and the status line says so, and which key lifts it: a playhead that silently stays put
 * reads as a jump that failed.
 */
export function jumpTo(time: number): void {
  seek(time);
  const s = getState();
  const limit = prefixLimit(s);
  if (limit !== null && time > limit + 1e-9) {
    setState({ status: `Prefix-only view: nothing after ${limit.toFixed(2)} s — ${shortcutLabel('prefix-only', s.keymap)} shows all` });
  }
}

/** The last frame of the video. */
function seekToEnd(): void {
  const video = selectedTimedVideo(getState());
  if (video) jumpTo(Math.max(0, video.duration - 1 / video.fps));
}

export function togglePlay(): void {
  if (getState().playing) playerControl.pause();
  else void playerControl.play();
}

export function setRate(rate: number): void {
  setState({ rate });
  playerControl.setRate(rate);
}

function changeRate(direction: 1 | -1): void {
  const index = playbackRates.indexOf(getState().rate);
  const next = playbackRates[Math.min(Math.max((index < 0 ? 2 : index) + direction, 0), playbackRates.length - 1)];
  if (next !== undefined) setRate(next);
}

/** J/K/L shuttle: L plays forward, faster on each press; J plays backwards the same way; K stops. */
function shuttle(direction: 1 | -1 | 0): void {
  if (direction === 0) {
    playerControl.pause();
    return;
  }
  const s = getState();
  const speeding = s.playing && playerControl.direction() === direction;
  const rate = speeding ? Math.min(s.rate * 2, 8) : 1;
  setState({ rate });
  if (direction > 0) void playerControl.play(rate);
  else playerControl.playBackwards(rate);
}

export function toggleGrid(): void {
  setState((s) => ({ grid: s.grid === 'second' ? 'frame' : 'second' }));
}

// ── what the media element reports ──────────────────────────────────────

/**
 * The frame on screen changed (a seek landed, or playback presented one); null while a source loads.
 * `landed` names the command (its seq) whose seek this frame answers.
 */
export function framePresented(mediaTime: number | null, landed?: number): void {
  setState(landed === undefined ? { presentedTime: mediaTime } : { presentedTime: mediaTime, landedSeq: landed });
}

export function playbackStarted(): void {
  setState({ playing: true });
}

/**
 * Playback stopped at t: that is now the commanded time (without a new seek) — the last frame's at
 * most: at the end the element's time is its duration, one frame past the last frame on screen.
 * Returns the time commanded.
 */
export function playbackStopped(t: number): number {
  const video = selectedTimedVideo(getState());
  const at = video ? Math.min(t, lastFrameTime(video.duration, video.fps)) : t;
  setState((s) => ({ playing: false, playerTime: at, commanded: { time: at, seq: s.commanded.seq } }));
  return at;
}

/** One step of backwards playback (the media element cannot play backwards): back by `seconds`. */
export function stepBackwards(seconds: number): number {
  const s = getState();
  const next = Math.max(0, s.playerTime - seconds);
  setState({ playerTime: next, commanded: { time: next, seq: s.commanded.seq } });
  return next;
}

/** Each presented frame while playing; prefix-only playback stops where the model's view ends. */
export function onPlaybackTime(t: number): void {
  const limit = prefixLimit(getState());
  if (limit !== null && t >= limit) {
    seek(limit);
    return;
  }
  setState({ playerTime: t });
  void emit('playheadMoved', t, 'playback');
}

/** Turns decoding ahead on or off for this machine (the player follows at once). */
export function setDecodeAhead(on: boolean): void {
  rememberDecodeAhead(on);
  setState({ decodeAhead: on });
}

export function registerPlayer(): void {
  setState({ decodeAhead: decodeAheadEnabled() });
  on('seek', seek);
  registerActions({
    play: togglePlay,
    'shuttle-forward': () => shuttle(1),
    'shuttle-stop': () => shuttle(0),
    'shuttle-back': () => shuttle(-1),
    slower: () => changeRate(-1),
    faster: () => changeRate(1),
    'next-second': ({ repeat }) => step('second', 1, repeat),
    'previous-second': ({ repeat }) => step('second', -1, repeat),
    'next-frame': ({ repeat }) => step('frame', 1, repeat),
    'previous-frame': ({ repeat }) => step('frame', -1, repeat),
    start: () => seek(0),
    end: seekToEnd,
    snap: toggleGrid,
  });
}
