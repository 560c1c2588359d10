import { describe, expect, it } from 'vitest';
import { replayAsync } from './async-replay';

describe('VSAS Alg. 1 replay', () => {
  it('a model faster than the camera sees every frame, one per inference', () => {
    const r = replayAsync({ fps: 1, buffer: 600, duration: 3 }, [0.5]);
    expect(r.inferences.map((i) => [i.start, i.end, i.frames])).toEqual([
      [0, 0.5, [0]],
      [1, 1.5, [1]],
      [2, 2.5, [2]],
      [3, 3.5, [3]],
    ]);
    expect(r.dropped).toEqual([]);
  });
  it('a busy model takes what waited in the buffer when it resumes (the paper: busy during 1–2 s, resuming at 2.5 s)', () => {
    const r = replayAsync({ fps: 1, buffer: 600, duration: 4 }, [1, 1.5, 0.2]);
    expect(r.inferences.map((i) => [i.start, i.end, i.frames])).toEqual([
      [0, 1, [0]],
      [1, 2.5, [1]],
      [2.5, 2.7, [2]],
      [3, 3.2, [3]],
      [4, 4.2, [4]],
    ]);
  });
  it('a small buffer drops the oldest frames the model had no time for', () => {
    const r = replayAsync({ fps: 1, buffer: 2, duration: 6 }, [4.5, 0.1]);
    // busy 0–4.5: frames 1–4 arrive, the buffer keeps the last two
    expect(r.inferences[1]).toEqual({ start: 4.5, end: 4.6, frames: [3, 4] });
    expect(r.dropped).toEqual([1, 2]);
  });
  it('does nothing without latencies or with a bad setting', () => {
    expect(replayAsync({ fps: 1, buffer: 600, duration: 5 }, [])).toEqual({ inferences: [], dropped: [] });
    expect(replayAsync({ fps: 0, buffer: 600, duration: 5 }, [1])).toEqual({ inferences: [], dropped: [] });
  });
});
