// VSAS-Bench's asynchronous protocol (Alg. 1), replayed from a run's recorded inference latencies: a
// camera emits a frame every 1/f_c seconds into a buffer of B frames (the oldest dropped when it is
// full); the model, when free, takes the frames waiting in the buffer, infers for its recorded
// latency and emits its response when done. What it shows: which frames each response was computed
// from, which frames the model never saw, and when it was busy — "delayed responses are evaluated
// against later frames" (App. G): a response is stamped with the time it was emitted.

interface AsyncSettings {
  /** Camera frame rate f_c (VSAS streams at 1 FPS). */
  fps: number;
  /** Camera buffer size B (VSAS: 600 by default; ablations 1, 8, 16). */
  buffer: number;
  /** The stream's length in seconds. */
  duration: number;
}

interface Inference {
  /** When the model took the frames and started. */
  start: number;
  /** When it emitted its response (start + latency). */
  end: number;
  /** The frames it was given (their times), oldest first. */
  frames: number[];
}

interface AsyncReplay {
  inferences: Inference[];
  /** Frames pushed out of the buffer before the model took them. */
  dropped: number[];
}

/**
 * Replays Alg. 1 with the latencies of successive inferences (the last one repeats if the run is
 * longer than the list). Frames arriving at exactly the moment the model frees up are taken.
 */
export function replayAsync(settings: AsyncSettings, latencies: readonly number[]): AsyncReplay {
  if (!(settings.fps > 0) || !(settings.buffer >= 1) || latencies.length === 0) return { inferences: [], dropped: [] };
  const frameTimes: number[] = [];
  for (let i = 0; i / settings.fps <= settings.duration + 1e-9; i++) frameTimes.push(i / settings.fps);
  const buffer: number[] = [];
  const dropped: number[] = [];
  const inferences: Inference[] = [];
  let next = 0; // the next frame the camera will emit
  let free = 0; // when the model is free again
  const push = (until: number): void => {
    while (next < frameTimes.length && frameTimes[next]! <= until + 1e-9) {
      buffer.push(frameTimes[next++]!);
      if (buffer.length > settings.buffer) dropped.push(buffer.shift()!);
    }
  };
  while (true) {
    push(free);
    if (buffer.length === 0) {
      if (next >= frameTimes.length) break;
      free = frameTimes[next]!; // wait until the next frame is available
      continue;
    }
    const latency = Math.max(0, latencies[Math.min(inferences.length, latencies.length - 1)]!);
    const start = free;
    inferences.push({ start, end: start + latency, frames: buffer.splice(0) });
    free = start + Math.max(latency, 1e-6);
  }
  return { inferences, dropped };
}
