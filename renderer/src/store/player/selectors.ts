// Pure selectors of the player slice.
import { frameIndexAt, likelySteps, snapTime, stepTime, type Step } from '../../../../shared/timecode';
import { prefixLimit } from '../annotation/selectors';
import { selectedTimedVideo, selectedVideo } from '../project/selectors';
import type { State } from '../store';

/** What the time display shows: the playing time while playing, else what was commanded. */
export const displayTime = (s: State): number => (s.playing ? s.playerTime : s.commanded.time);

export const displayFrame = (s: State): number | null => {
  const video = selectedVideo(s);
  return video ? frameIndexAt(displayTime(s), video.fps) : null;
};

/** The playhead on the active grid: whole seconds, or native frames when snapping to frames. */
export const playheadSnapped = (s: State): number => snapTime(displayTime(s), s.grid, selectedVideo(s)?.fps ?? 30);

/** A time the player may be commanded to: within the video and the prefix a model may see. */
export function clampedCommand(s: State, time: number): number | null {
  const video = selectedTimedVideo(s);
  return video ? Math.min(Math.max(time, 0), video.duration, prefixLimit(s) ?? Infinity) : null;
}

/** Where a step from the time on display commands the player; null without a video. */
export function stepCommand(s: State, step: Step): number | null {
  const video = selectedTimedVideo(s);
  return video ? clampedCommand(s, stepTime(displayTime(s), step, video.duration, video.fps)) : null;
}

/**
 * The times the next likely steps would command, most likely first (for decoding them ahead): the
 * four neighbours, the way the last step went first — or, while a step key is held, the next two
 * steps its way, so two are decoded side by side and the held key never waits for one from scratch.
 */
export function likelyCommands(s: State): number[] {
  const video = selectedTimedVideo(s);
  if (!video) return [];
  const now = displayTime(s);
  const from = (t: number, step: Step): number | null => clampedCommand(s, stepTime(t, step, video.duration, video.fps));
  let times: Array<number | null>;
  if (s.stepHeld && s.lastStep) {
    const next = from(now, s.lastStep);
    times = [next, next === null ? null : from(next, s.lastStep)];
  } else times = likelySteps(s.lastStep).map((step) => from(now, step));
  return times.filter((t, i): t is number => t !== null && Math.abs(t - now) > 1e-9 && times.indexOf(t) === i);
}

/**
 * A held step key waits for the screen: auto-repeat steps only once the commanded frame is shown
 * (or the seek for the command has landed — on a variable-frame-rate video, or at its end, the frame
 * shown may never have the commanded index), so every second goes by in order and letting go stops
 * where the screen is.
 */
export const heldStepWaits = (s: State): boolean => {
  const video = selectedVideo(s);
  if (!video || s.playing || s.landedSeq === s.commanded.seq) return false;
  return s.presentedTime === null || frameIndexAt(s.presentedTime, video.fps) !== frameIndexAt(s.commanded.time, video.fps);
};
