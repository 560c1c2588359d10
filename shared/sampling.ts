// Which frames a model sees of the prefix [0, t_q] (OVO-S-Bench App. A.1; VCBench's 1 fps and
// uniform-64; RTV-Bench's uniform 8–64). Frame indices are native-rate indices in 0..n_q with
// n_q = ⌊t_q·f⌋; every policy returns a sorted, de-duplicated subset. Rounding is Python's.
import { frameIndexAt } from './timecode';

export type SamplingPolicy =
  | { kind: 'fps'; rate: number }
  | { kind: 'uniform'; frames: number }
  | { kind: 'single-at-query' }
  | { kind: 'recent-window'; frames: number; rate: number }
  | { kind: 'oracle'; frames: number; evidence: ReadonlyArray<readonly [number, number]> };

/** n_q = ⌊t_q·f⌋: the last frame of the prefix. */
export function lastPrefixFrame(queryTime: number, fps: number): number {
  return frameIndexAt(queryTime, fps);
}

const unique = (frames: number[]): number[] => [...new Set(frames)].sort((a, b) => a - b);

/** Python's round(): halves go to the even neighbour (round(2.5) = 2), as the papers' code rounds. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (Math.abs(diff - 0.5) > 1e-9) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

export function sampleFrames(policy: SamplingPolicy, queryTime: number, fps: number): number[] {
  const nq = lastPrefixFrame(queryTime, fps);
  switch (policy.kind) {
    case 'single-at-query':
      return [nq];
    case 'uniform': {
      // {round(k/(N−1)·n_q)}, k = 0..N−1
      const n = policy.frames;
      if (n <= 1) return [nq];
      return unique(Array.from({ length: n }, (_, k) => roundHalfEven((k / (n - 1)) * nq)));
    }
    case 'fps': {
      // one frame per 1/rate seconds of the prefix: the frame shown at each sampling instant
      const out: number[] = [];
      for (let i = 0; i / policy.rate <= queryTime + 1e-9; i++) out.push(Math.min(nq, frameIndexAt(i / policy.rate, fps)));
      return unique(out);
    }
    case 'recent-window': {
      // {n_q − kΔ}, Δ = max(1, round(f/rate)), k < frames: the last seconds before the query
      const delta = Math.max(1, roundHalfEven(fps / policy.rate));
      return unique(Array.from({ length: policy.frames }, (_, k) => nq - k * delta).filter((f) => f >= 0));
    }
    case 'oracle': {
      // N_i = max(1, round(N·L_i/ΣL_j)) frames spread evenly over each evidence interval in the prefix
      const intervals = policy.evidence.map(([s, e]) => [frameIndexAt(s, fps), Math.min(nq, frameIndexAt(e, fps))] as const).filter(([s, e]) => e >= s && s <= nq);
      const total = intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
      const out: number[] = [];
      for (const [s, e] of intervals) {
        const count = Math.max(1, roundHalfEven((policy.frames * (e - s)) / (total || 1)));
        for (let k = 0; k < count; k++) out.push(count === 1 ? s : roundHalfEven(s + (k / (count - 1)) * (e - s)));
      }
      return unique(out);
    }
  }
}

/** The frames' times, for drawing them on the timeline. */
export function frameTimes(frames: readonly number[], fps: number): number[] {
  return frames.map((f) => f / fps);
}
