import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, reencodeTime } from './time-encoding';

const seconds = (v: unknown, source?: string) => {
  const r = parseTime(v, source);
  return r.ok ? r.value.seconds : r.error;
};

describe('time encodings', () => {
  it('reads every encoding the public files use', () => {
    expect(seconds(215)).toBe(215); // OVO-Bench int
    expect(seconds(22.8)).toBe(22.8); // OVO-S float
    expect(seconds(663, '663.0')).toBe(663);
    expect(seconds('00:36')).toBe(36); // PhoStream MM:SS
    expect(seconds('0:25')).toBe(25); // PhoStream M:SS
    expect(seconds('10:38')).toBe(638);
    expect(seconds('00:00:31')).toBe(31); // StreamingBench HH:MM:SS
    expect(seconds('0:01:15')).toBe(75); // H:MM:SS
    expect(seconds('1:02:03.25')).toBe(3723.25);
    expect(seconds('12.5')).toBe(12.5);
  });
  it('says what is wrong', () => {
    expect(parseTime('1:75')).toMatchObject({ ok: false });
    expect(parseTime(-1)).toMatchObject({ ok: false, error: 'not a non-negative number of seconds' });
    expect(parseTime(`${'9'.repeat(400)}:00`)).toEqual({ ok: false, error: 'too large a time' });
    expect(parseTime('root:secret')).toEqual({ ok: false, error: 'not a time (seconds, MM:SS or HH:MM:SS)' }); // never quotes the text
    expect(parseTime(null)).toEqual({ ok: false, error: 'expected a time, got null' });
    expect(parseTime({})).toEqual({ ok: false, error: 'expected a time, got object' });
  });
  it('writes back the original text, or the same style when the time changed', () => {
    const t = (text: string) => (parseTime(text) as { ok: true; value: Parameters<typeof reencodeTime>[1] }).value;
    expect(reencodeTime(25, t('0:25'), 'mm:ss')).toBe('0:25');
    expect(reencodeTime(26, t('0:25'), 'mm:ss')).toBe('0:26');
    expect(reencodeTime(638, t('09:08'), 'mm:ss')).toBe('10:38');
    expect(reencodeTime(75, null, 'hh:mm:ss')).toBe('00:01:15');
    expect(formatTime(3723, 'hh:mm:ss', { hoursWidth: 1 })).toBe('1:02:03');
  });
  it('never throws on garbage, and round-trips every whole-second clock time (fuzzed)', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const r = parseTime(v);
        expect(typeof r.ok).toBe('boolean');
        if (r.ok) expect(Number.isFinite(r.value.seconds) && r.value.seconds >= 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof parseTime(s).ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 3600 }), fc.constantFrom('mm:ss' as const, 'hh:mm:ss' as const), (s, style) => {
        const text = formatTime(s, style);
        expect(seconds(text)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
