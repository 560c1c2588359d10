// The player: the commanded time (kept apart from the playing time), playback and the snap grid.
import type { Step } from '../../../../shared/timecode';

export interface PlayerState {
  /** What the person asked for; `seq` changes on every command so the same time can be re-sought. */
  commanded: { time: number; seq: number };
  /** The time of the frame on screen, from requestVideoFrameCallback. */
  presentedTime: number | null;
  /** The command (its `seq`) whose frame was last reported on screen: held step keys wait for it. */
  landedSeq: number | null;
  /** The playing time while playing. */
  playerTime: number;
  playing: boolean;
  rate: number;
  /** Snap timeline clicks, marks and the grid to whole seconds or to native frames. */
  grid: 'second' | 'frame';
  /** The last step taken (→ ← . ,), so the likely next ones can be decoded ahead; null after any other seek. */
  lastStep: Step | null;
  /** It came from a held key (auto-repeat): the next ones are more of the same. */
  stepHeld: boolean;
  /** Whether the likely next steps are decoded ahead (this machine's setting: it costs memory). */
  decodeAhead: boolean;
}

export const initialPlayerState: PlayerState = {
  commanded: { time: 0, seq: 0 },
  presentedTime: null,
  landedSeq: null,
  playerTime: 0,
  playing: false,
  rate: 1,
  grid: 'second',
  lastStep: null,
  stepHeld: false,
  decodeAhead: true,
};

export const playbackRates: readonly number[] = [0.25, 0.5, 1, 1.5, 2, 4];
