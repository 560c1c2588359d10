// Every way the public benchmark files write a time, normalised to seconds — with the original text
// kept, so a re-export writes the time the way the source file did. Errors do not quote the text.
//   seconds (int or float) · MM:SS · M:SS · HH:MM:SS · H:MM:SS

type TimeStyle = 'seconds' | 'mm:ss' | 'hh:mm:ss';

export interface EncodedTime {
  seconds: number;
  /** The text as the file had it ("00:36", "0:25", "663.0"); numbers keep their JSON source text. */
  text: string;
  style: TimeStyle;
}

type TimeParse<T> = { ok: true; value: T } | { ok: false; error: string };

const CLOCK = /^(\d+):([0-5]\d)(?::([0-5]\d))?(\.\d+)?$/;
const SECONDS = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** One time: a JSON number (with its source text when known) or a time string. */
export function parseTime(value: unknown, sourceText?: string): TimeParse<EncodedTime> {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return { ok: false, error: 'not a non-negative number of seconds' };
    return { ok: true, value: { seconds: value, text: sourceText ?? String(value), style: 'seconds' } };
  }
  if (typeof value !== 'string') return { ok: false, error: `expected a time, got ${value === null ? 'null' : typeof value}` };
  const text = value.trim();
  if (SECONDS.test(text)) {
    const seconds = Number(text);
    if (!Number.isFinite(seconds) || seconds < 0) return { ok: false, error: 'not a non-negative number of seconds' };
    return { ok: true, value: { seconds, text: value, style: 'seconds' } };
  }
  const m = CLOCK.exec(text);
  if (!m) return { ok: false, error: 'not a time (seconds, MM:SS or HH:MM:SS)' };
  const [, a = '0', b = '0', c, fraction = ''] = m;
  const seconds = c === undefined ? Number(a) * 60 + Number(b) + Number(fraction || 0) : Number(a) * 3600 + Number(b) * 60 + Number(c) + Number(fraction || 0);
  if (!Number.isFinite(seconds)) return { ok: false, error: 'too large a time' };
  return { ok: true, value: { seconds, text: value, style: c === undefined ? 'mm:ss' : 'hh:mm:ss' } };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Writes seconds in a style. MM:SS and HH:MM:SS are whole seconds in the files that use them
 * (PhoStream, StreamingBench), so fractions are rounded; `minutesWidth` 1 gives "0:25".
 */
export function formatTime(seconds: number, style: TimeStyle, options: { minutesWidth?: 1 | 2; hoursWidth?: 1 | 2 } = {}): string {
  if (style === 'seconds') return String(seconds);
  const whole = Math.round(seconds);
  if (style === 'mm:ss') {
    const minutes = Math.floor(whole / 60);
    return `${options.minutesWidth === 1 ? String(minutes) : pad(minutes)}:${pad(whole % 60)}`;
  }
  const hours = Math.floor(whole / 3600);
  return `${options.hoursWidth === 1 ? String(hours) : pad(hours)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** The original text when it still means these seconds; else the time written in the same style. */
export function reencodeTime(seconds: number, original: EncodedTime | null, fallback: TimeStyle): string {
  if (original?.text && Math.abs(original.seconds - seconds) < 1e-9) return original.text;
  const style = original?.style ?? fallback;
  const minutesWidth = original && /^\d:/.test(original.text) ? 1 : 2;
  const hoursWidth = original && /^\d:\d\d:/.test(original.text) ? 1 : 2;
  return formatTime(seconds, style, { minutesWidth, hoursWidth });
}
