// The player's engine, driven as the app drives it: through the store's actions (seek, step) and the
// player handle, over stand-in media elements whose seeks and frames the test completes by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameIndexAt } from '../../../shared/timecode';
import { seek, step } from '../store/player/actions';
import { getState, setState, useStore, type State } from '../store/store';
import { state } from '../store/test-support/fixtures';
import { playerControl } from './control';
import { PlayerEngine } from './engine';
import { FakeMedia, FakeVideo } from './fake-video';
import { LANES } from './step-ahead';

/** The fixture's video: 20 s at 25 fps. */
const FPS = 25;
const frameOf = (t: number): number => frameIndexAt(t, FPS);
const frame = (n: number): number => n / FPS;

let engine: PlayerEngine | null = null;
let unsubscribe: (() => void) | null = null;

/** The engine over a fresh store showing the fixture's video, its first frame sought and shown. */
function mount(over: Partial<State> = {}) {
  setState(state({ decodeAhead: false, ...over }));
  const media = new FakeMedia(FPS);
  const lanes = Array.from({ length: LANES }, () => new FakeVideo(FPS));
  engine = new PlayerEngine({
    media: media as unknown as HTMLVideoElement,
    lanes: lanes as unknown as HTMLVideoElement[],
    load: (source) => void (media.src = source.src),
    on: (type, listener) => media.onPlayer(type, listener),
    videoUrl: (id) => `media://video/${id}`,
  });
  expect(media.src).toBe('media://video/v1');
  media.readyState = 1;
  media.emitPlayer('loadedmetadata');
  media.completeSeek();
  for (const lane of lanes) lane.emit('loadeddata');
  expect(getState().presentedTime).toBe(0);
  /** Every frame the store named as presented from now on, and every command's frame. */
  const named: number[] = [];
  const commanded: number[] = [];
  unsubscribe = useStore.subscribe((s, before) => {
    if (s.presentedTime !== before.presentedTime && s.presentedTime !== null) named.push(frameOf(s.presentedTime));
    if (s.commanded.seq !== before.commanded.seq) commanded.push(frameOf(s.commanded.time));
  });
  const onScreen = (): FakeVideo[] => lanes.filter((l) => l.classList.contains('shown'));
  /** The lane seeking (or holding) frame n. */
  const lane = (n: number): FakeVideo | undefined => lanes.find((l) => l.seeks.length > 0 && frameOf(l.currentTime) === n);
  return { media, lanes, named, commanded, onScreen, lane };
}

/** The label's two frames: what was commanded and what the store says is on screen. */
const label = (): { commanded: number; presented: number | null } => {
  const s = getState();
  return { commanded: frameOf(s.commanded.time), presented: s.presentedTime === null ? null : frameOf(s.presentedTime) };
};
const landed = (): boolean => getState().landedSeq === getState().commanded.seq;

describe('PlayerEngine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16));
  });
  afterEach(() => {
    engine?.dispose();
    engine = null;
    unsubscribe?.();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('names the frame presented, not the one commanded', () => {
    it('a seek that lands a frame short is named as the frame it landed on', () => {
      const { media } = mount();
      seek(2);
      expect(label()).toEqual({ commanded: 50, presented: 0 }); // the seek is under way: frame 0 is still on screen
      expect(frameOf(media.currentTime)).toBe(50);
      media.present(frame(49)); // a stream whose frames are not where its rate puts them
      media.seekedBeforeFrame();
      expect(label()).toEqual({ commanded: 50, presented: 49 });
      expect(landed()).toBe(true);
    });

    it("a pause settles on the frame on screen: the element's frame, not a frame playback had under way", async () => {
      const { media, named } = mount();
      await playerControl.play();
      vi.advanceTimersByTime(0); // 'play'
      expect(getState().playing).toBe(true);
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
        media.playTo(frame(n));
        media.present(frame(n));
      }
      expect(named).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      // on a loaded machine the element's time runs ahead of the picture: it stops inside frame 12
      media.playTo(frame(12.5));
      playerControl.pause();
      vi.advanceTimersByTime(0); // 'pause'
      expect(getState().playing).toBe(false);
      expect(label()).toEqual({ commanded: 12, presented: 8 });
      expect(frameOf(media.seeks.at(-1)!)).toBe(12); // brought to the frame of its time
      // frames playback had under way reach the screen after the pause: neither is named
      media.present(frame(9));
      media.present(frame(13));
      expect(label()).toEqual({ commanded: 12, presented: 8 });
      media.completeSeek();
      expect(label()).toEqual({ commanded: 12, presented: 12 });
      expect(landed()).toBe(true);
      expect(named).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 12]);
    });
  });

  describe('a step while a seek is in flight', () => {
    it('steps from the commanded frame and ends on the last one commanded: none lost, none doubled', () => {
      const { media, commanded } = mount();
      seek(frame(10));
      media.completeSeek();
      expect(label()).toEqual({ commanded: 10, presented: 10 });
      step('frame', 1);
      expect(media.seeking).toBe(true);
      step('frame', 1); // frame 11 not shown yet: the step counts from it all the same
      step('frame', 1);
      expect(commanded).toEqual([10, 11, 12, 13]);
      expect(label()).toEqual({ commanded: 13, presented: 10 });
      media.completeSeek(); // 11 lands; only the newest of the waiting requests is sought next
      expect(media.seeks.slice(-2).map(frameOf)).toEqual([11, 13]);
      expect(landed()).toBe(false);
      media.completeSeek();
      expect(label()).toEqual({ commanded: 13, presented: 13 });
      expect(landed()).toBe(true);
      step('frame', 1);
      media.completeSeek();
      expect(commanded).toEqual([10, 11, 12, 13, 14]);
      expect(label()).toEqual({ commanded: 14, presented: 14 });
    });

    it('a step taken by a lane still decoding it, then another before it lands, ends on the second: the first is never shown', () => {
      const { media, lane, onScreen, commanded, named } = mount({ decodeAhead: true });
      // from frame 0 the lanes decode the likely steps: 1 s and frame 1
      expect(lane(25)?.seeking).toBe(true);
      step('second', 1);
      expect(media.seeks.map(frameOf)).toEqual([0]); // the lane took the command
      step('second', 1); // from the commanded 1 s, not the frame on screen
      expect(commanded).toEqual([25, 50]);
      expect(frameOf(media.seeks.at(-1)!)).toBe(50); // no lane holds 2 s: the player seeks it
      lane(25)!.completeSeek();
      vi.advanceTimersByTime(100);
      expect(onScreen()).toEqual([]);
      media.completeSeek();
      expect(label()).toEqual({ commanded: 50, presented: 50 });
      expect(landed()).toBe(true);
      expect(named).toEqual([50]);
    });
  });

  describe('decoding ahead', () => {
    it('reveals a lane on the frame it decoded, and names it once it is on screen', () => {
      const { media, lane, onScreen, named } = mount({ decodeAhead: true });
      const next = lane(1)!;
      next.completeSeek();
      step('frame', 1);
      expect(onScreen()).toEqual([next]);
      expect(playerControl.screen()).toBe(next);
      expect(media.seeks.map(frameOf)).toEqual([0]); // the player's own element was not sought
      expect(label().presented).toBe(0); // shown with the next rendered frame, not before
      vi.advanceTimersByTime(16);
      expect(label()).toEqual({ commanded: 1, presented: 1 });
      expect(landed()).toBe(true);
      expect(named).toEqual([1]);
    });

    it('never reveals a lane one frame off: the command goes back to the player, which seeks it', () => {
      const { media, lane, onScreen, named } = mount({ decodeAhead: true });
      const ahead = lane(25)!;
      step('second', 1); // the lane is still decoding 1 s: it is awaited
      ahead.present(frame(24)); // …and presents the frame before it
      ahead.seekedBeforeFrame();
      vi.advanceTimersByTime(100);
      expect(onScreen()).toEqual([]);
      expect(label()).toEqual({ commanded: 25, presented: 0 });
      expect(frameOf(media.seeks.at(-1)!)).toBe(25);
      media.completeSeek();
      expect(label()).toEqual({ commanded: 25, presented: 25 });
      expect(landed()).toBe(true);
      expect(named).toEqual([25]);
      expect(playerControl.screen()).toBe(media);
    });
  });
});
