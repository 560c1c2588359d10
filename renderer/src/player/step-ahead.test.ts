import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeVideo } from './fake-video';
import { LANES, StepAhead } from './step-ahead';

const FPS = 30;

function setUp() {
  const videos = Array.from({ length: LANES }, () => new FakeVideo(FPS));
  const shown: number[] = [];
  const missed: number[] = [];
  const ahead = new StepAhead(
    videos as unknown as HTMLVideoElement[],
    (t) => shown.push(t),
    (t) => missed.push(t),
  );
  ahead.setSource('media://video/v', FPS);
  for (const v of videos) v.emit('loadeddata');
  const at = (t: number): FakeVideo | undefined => videos.find((v) => v.seeking && Math.floor(v.currentTime * FPS) === Math.round(t * FPS));
  const onScreen = (): FakeVideo[] => videos.filter((v) => v.classList.contains('shown'));
  return { videos, shown, missed, ahead, at, onScreen };
}

describe('StepAhead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('seeks the likely steps ahead, most likely first, two at a time, and reveals a ready one on the next frame', () => {
    const { ahead, at, shown, onScreen } = setUp();
    ahead.arm([11, 9, 10 + 1 / FPS, 10 - 1 / FPS]);
    expect(at(11)).toBeDefined();
    expect(at(9)).toBeDefined();
    expect(at(10 + 1 / FPS)).toBeUndefined(); // waits for one of the first two
    at(11)!.completeSeek();
    expect(at(10 + 1 / FPS)).toBeDefined();
    expect(ahead.show(11)).toBe(true);
    expect(onScreen()).toHaveLength(1);
    expect(shown).toEqual([]); // on screen with the next rendered frame, not before
    vi.advanceTimersByTime(16);
    expect(shown).toEqual([11]);
  });

  it('a command no lane holds goes back to the caller; one still seeking is shown when it lands', () => {
    const { ahead, at, shown, onScreen } = setUp();
    ahead.arm([11, 9]);
    expect(ahead.show(42)).toBe(false);
    expect(ahead.show(9)).toBe(true);
    expect(onScreen()).toHaveLength(0);
    at(9)!.completeSeek();
    vi.advanceTimersByTime(16);
    expect(shown).toEqual([9]);
    expect(onScreen()).toHaveLength(1);
    ahead.hide();
    expect(onScreen()).toHaveLength(0);
  });

  it('never shows a neighbour: a lane presenting another frame than its target hands the command back and stops', () => {
    const { ahead, videos, shown, missed, onScreen } = setUp();
    ahead.arm([11]);
    const lane = videos.find((v) => v.seeking)!;
    expect(ahead.show(11)).toBe(true);
    lane.present(11 - 1 / FPS); // a stream whose frames are not where the frame rate puts them
    lane.seekedBeforeFrame();
    vi.advanceTimersByTime(100);
    expect(shown).toEqual([]);
    expect(onScreen()).toHaveLength(0);
    expect(missed).toEqual([11]);
    ahead.arm([12]);
    expect(videos.filter((v) => v.seeking)).toHaveLength(0);
    expect(ahead.show(12)).toBe(false);
  });

  it('hands back a command a lane has not shown within a second', () => {
    const { ahead, missed } = setUp();
    ahead.arm([11]);
    expect(ahead.show(11)).toBe(true);
    vi.advanceTimersByTime(999);
    expect(missed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(missed).toEqual([11]);
  });

  it('keeps the lane on screen and the lanes holding wanted frames; seeks nothing before its first frame', () => {
    const videos = Array.from({ length: LANES }, () => new FakeVideo(FPS));
    const ahead = new StepAhead(
      videos as unknown as HTMLVideoElement[],
      () => undefined,
      () => undefined,
    );
    ahead.setSource('media://video/v', FPS);
    ahead.arm([11, 9]);
    expect(videos.some((v) => v.seeking)).toBe(false);
    videos[0]!.emit('loadeddata');
    expect(videos[0]!.seeking).toBe(true);
    for (const v of videos.slice(1)) v.emit('loadeddata');
    expect(videos.filter((v) => v.seeking)).toHaveLength(2);
    for (const v of videos) if (v.seeking) v.completeSeek();
    // → to 11: 11's lane is shown and kept; 10 (its previous second) was never held, so one is sought
    expect(ahead.show(11)).toBe(true);
    const onScreen = videos.find((v) => v.classList.contains('shown'))!;
    ahead.arm([12, 10]);
    for (const v of videos) if (v.seeking) v.completeSeek();
    ahead.arm([13, 11, 12 + 1 / FPS, 12 - 1 / FPS]);
    expect(onScreen.classList.contains('shown')).toBe(true);
    expect(onScreen.seeks).toHaveLength(1);
  });

  it('turned off, lets go of the video and hands every command back; turned on, loads it again', () => {
    const { ahead, videos, at } = setUp();
    ahead.arm([11, 9]);
    at(11)!.completeSeek();
    ahead.setEnabled(false);
    expect(videos.every((v) => v.src === '')).toBe(true);
    expect(ahead.show(11)).toBe(false);
    const seeks = videos.map((v) => v.seeks.length);
    ahead.arm([11, 12]);
    expect(videos.map((v) => v.seeks.length)).toEqual(seeks);
    // a new video while off is remembered, not loaded
    ahead.setSource('media://video/w', FPS);
    expect(videos.every((v) => v.src === '')).toBe(true);
    ahead.setEnabled(true);
    expect(videos.every((v) => v.src === 'media://video/w')).toBe(true);
    for (const v of videos) v.emit('loadeddata');
    ahead.arm([3]);
    expect(at(3)).toBeDefined();
  });

  it('never takes a lane for ready on the frame it showed before its last seek (that seek may still present another)', () => {
    const { ahead, videos, at, shown, onScreen } = setUp();
    ahead.arm([11, 9]);
    at(11)!.completeSeek();
    at(9)!.completeSeek();
    ahead.arm([12]);
    const moving = videos.find((v) => v.seeking)!;
    moving.seekedBeforeFrame(); // free again, its frame of 12 not presented yet
    ahead.arm([11, 9, Math.floor(moving.currentTime) === 12 ? 13 : 14]);
    // whichever lane takes 11 again must seek it, not trust what it showed before
    expect(ahead.show(11)).toBe(true);
    vi.advanceTimersByTime(16);
    const revealed = onScreen()[0];
    if (revealed) expect(Math.round((revealed.seeks.at(-1) ?? 0) * FPS)).toBe(11 * FPS);
    for (const t of shown) expect(t).toBe(11);
  });

  it('a background lane landing on the wrong frame leaves the one on screen there, and stops decoding ahead', () => {
    const { ahead, at, shown, missed, onScreen } = setUp();
    ahead.arm([11, 9]);
    at(11)!.completeSeek();
    expect(ahead.show(11)).toBe(true);
    vi.advanceTimersByTime(16);
    expect(shown).toEqual([11]);
    const nine = at(9)!;
    nine.present(9 - 1 / FPS);
    nine.seekedBeforeFrame();
    expect(onScreen()).toHaveLength(1); // still the commanded frame, checked when it landed
    expect(missed).toEqual([]); // nothing was awaited
    expect(ahead.show(12)).toBe(false); // from now on the caller seeks
    ahead.hide();
    expect(onScreen()).toHaveLength(0);
  });

  it('turned off while a lane is still seeking the command, hands the command back', () => {
    const { ahead, missed, videos } = setUp();
    ahead.arm([11]);
    expect(ahead.show(11)).toBe(true);
    ahead.setEnabled(false);
    expect(missed).toEqual([11]);
    expect(videos.every((v) => v.src === '')).toBe(true);
  });

  it('turned off while a lane is on screen, keeps it there until hidden, then lets go of the video', () => {
    const { ahead, at, videos, onScreen } = setUp();
    ahead.arm([11]);
    at(11)!.completeSeek();
    expect(ahead.show(11)).toBe(true);
    ahead.setEnabled(false);
    expect(onScreen()).toHaveLength(1);
    expect(videos.every((v) => v.src === 'media://video/v')).toBe(true);
    expect(ahead.show(12)).toBe(false);
    ahead.hide();
    expect(onScreen()).toHaveLength(0);
    expect(videos.every((v) => v.src === '')).toBe(true);
  });
});
