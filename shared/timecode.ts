// Time codes at the edges (display, typed input); seconds as numbers everywhere else.

/** Half a frame at 240 fps: below this two times are "the same instant" for the grid helpers. */
const EPSILON = 1 / 480;

/** `H:MM:SS.mmm` when the video is an hour or longer (or `withHours`), else `MM:SS.mmm`. */
export function formatTimecode(seconds: number, options: { fractionDigits?: number; withHours?: boolean } = {}): string {
  const digits = options.fractionDigits ?? 3;
  const sign = seconds < 0 ? '-' : '';
  const scale = 10 ** digits;
  const totalUnits = Math.round(Math.abs(seconds) * scale);
  const whole = Math.floor(totalUnits / scale);
  const fraction = totalUnits - whole * scale;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const frac = digits > 0 ? '.' + String(fraction).padStart(digits, '0') : '';
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${frac}`;
  return h > 0 || options.withHours ? `${sign}${h}:${mmss}` : `${sign}${mmss}`;
}

type ParsedTime = { ok: true; seconds: number } | { ok: false; error: string };

/**
 * Parses what a person types to jump: `75`, `75.5`, `1:15`, `01:15.5`, `0:01:15`, `1:02:03.25`.
 * Minutes and seconds after the first field must be below 60, as in a time code.
 */
export function parseTimeInput(input: string): ParsedTime {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'Type a time: seconds, MM:SS or HH:MM:SS.' };
  const parts = text.split(':');
  if (parts.length > 3) return { ok: false, error: `"${text}" has too many ":" — use HH:MM:SS at most.` };
  const numberPattern = /^\d+(\.\d+)?$/;
  const integerPattern = /^\d+$/;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (!(last ? numberPattern : integerPattern).test(part)) {
      return { ok: false, error: `"${text}" is not a time: "${part}" should be ${last ? 'a number' : 'a whole number'}.` };
    }
  }
  const values = parts.map(Number);
  for (let i = 1; i < values.length; i++) {
    if ((values[i] ?? 0) >= 60) return { ok: false, error: `"${text}": minutes and seconds must be below 60.` };
  }
  const seconds = values.reduce((acc, v) => acc * 60 + v, 0);
  return { ok: true, seconds };
}

/**
 * Index of the frame shown at time t for a constant frame rate (frames start at 0). Media times come
 * rounded to microseconds (frame 6001 at 30 fps is reported as 200.033333 s), so a time within a
 * thousandth of a frame below a frame's start belongs to that frame.
 */
export function frameIndexAt(seconds: number, fps: number): number {
  return Math.floor(seconds * fps + 1e-3);
}

/** The start time of frame n. */
export function frameStartTime(frameIndex: number, fps: number): number {
  return frameIndex / fps;
}

/** Time of the last frame: the furthest point a step may reach. */
export function lastFrameTime(duration: number, fps: number): number {
  return Math.max(0, fps > 0 ? Math.ceil(duration * fps - 1e-6) / fps - 1 / fps : duration);
}

/**
 * The 1-FPS grid step: from a whole second go one second; from between seconds go to the next
 * (or previous) whole second. Clamped to [0, the last whole second that has a frame].
 */
export function stepSeconds(current: number, direction: 1 | -1, duration: number, fps: number): number {
  const maxSecond = Math.floor(lastFrameTime(duration, fps) + 1e-9);
  const onGrid = Math.abs(current - Math.round(current)) < EPSILON;
  const base = onGrid ? Math.round(current) : current;
  const target = direction > 0 ? (onGrid ? base + 1 : Math.ceil(base)) : onGrid ? base - 1 : Math.floor(base);
  return Math.min(Math.max(target, 0), maxSecond);
}

/** Native frame step: frame round(t·fps) ± n, clamped to the video's frames. */
export function stepFrames(current: number, delta: number, duration: number, fps: number): number {
  const lastFrame = Math.round(lastFrameTime(duration, fps) * fps);
  const frame = Math.min(Math.max(Math.round(current * fps) + delta, 0), lastFrame);
  return frame / fps;
}

type StepKind = 'second' | 'frame';
export interface Step {
  kind: StepKind;
  direction: 1 | -1;
}

/** Where one step of `kind` from `current` lands: the next whole second, or the next native frame. */
export function stepTime(current: number, step: Step, duration: number, fps: number): number {
  return step.kind === 'second' ? stepSeconds(current, step.direction, duration, fps) : stepFrames(current, step.direction, duration, fps);
}

/**
 * The four steps an annotator takes from where they are, most likely first: the last step again,
 * then its reverse, then the other kind both ways (seconds before frames when nothing was stepped).
 */
export function likelySteps(last: Step | null): Step[] {
  const first = last ?? { kind: 'second', direction: 1 };
  const other: StepKind = first.kind === 'second' ? 'frame' : 'second';
  const back = (d: 1 | -1): 1 | -1 => (d === 1 ? -1 : 1);
  return [first, { kind: first.kind, direction: back(first.direction) }, { kind: other, direction: first.direction }, { kind: other, direction: back(first.direction) }];
}

/** Snap a time to the 1-FPS grid or to native frame starts. */
export function snapTime(seconds: number, grid: 'second' | 'frame', fps: number): number {
  return grid === 'second' ? Math.round(seconds) : Math.round(seconds * fps) / fps;
}

/** A human reading of a probed frame rate: 30, 29.97, 23.976. */
export function formatFps(fps: number): string {
  return Number.isInteger(fps) ? String(fps) : fps.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

/** Short duration for lists: `1:02:03`, `4:05`. */
export function formatDuration(seconds: number): string {
  return formatTimecode(Math.round(seconds), { fractionDigits: 0 }).replace(/^0(\d:)/, '$1');
}
