import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, classifyTiming, isPlaceholder, responseWindow, type TimedQuestion } from './timing';

// The Roll-Up Challenge (Fig. A.3): asked at 09:08, answerable at 10:38; the window is [10:38, 10:40].
const ROLL_UP: TimedQuestion = { temporalType: 'forward', time: 548, proactiveTime: 638 };
const INSTANT: TimedQuestion = { temporalType: 'instant', time: 36, proactiveTime: null };

describe('placeholders (App. A.1 as the release matches them)', () => {
  it('matches the whole response case-insensitively after trimming, never a part of it', () => {
    expect(isPlaceholder('Silent')).toBe(true);
    expect(isPlaceholder('  SILENT \n')).toBe(true);
    expect(isPlaceholder('')).toBe(true);
    expect(isPlaceholder('<NO_INFORMATION>')).toBe(true);
    expect(isPlaceholder("Got it, I'll let you know.")).toBe(true);
    expect(isPlaceholder('好的')).toBe(true);
    expect(isPlaceholder('收到，我会留意的。')).toBe(true);
    expect(isPlaceholder('OK')).toBe(true);
    expect(isPlaceholder('Silent. The winner is not declared yet')).toBe(false);
    expect(isPlaceholder('Yes, Christian wins')).toBe(false);
  });
  it("holds the paper's list and the release's three extra English variants", () => {
    expect(PLACEHOLDERS).toContain('Ok, I will remind you then.');
    expect(PLACEHOLDERS).toContain('Understood, I will remind you when the time comes.');
    expect(PLACEHOLDERS).toHaveLength(29); // the paper's 26 distinct entries (one is listed twice) and 3 more
  });
});

describe('response windows', () => {
  it('is [t_q, t_q] for instant and backward, [T_p, T_p + 2 s] for forward', () => {
    expect(responseWindow(INSTANT)).toEqual({ start: 36, end: 36 });
    expect(responseWindow({ ...INSTANT, temporalType: 'backward' })).toEqual({ start: 36, end: 36 });
    expect(responseWindow(ROLL_UP)).toEqual({ start: 638, end: 640 });
    expect(responseWindow(ROLL_UP, 5)).toEqual({ start: 638, end: 643 });
  });
});

describe('timing classes', () => {
  const classify = (q: TimedQuestion, responses: Array<[number, string]>) =>
    classifyTiming(
      q,
      responses.map(([t, text]) => ({ t, text })),
      { reference: 'Christian wins, 35 to 28.' },
    );

  it('the Roll-Up cases: an answer at 09:08 is early; only placeholders is no response; 10:39 is on time', () => {
    expect(classify(ROLL_UP, [[548, 'The dad will win.']])).toMatchObject({ timing: 'early', scored: 0 });
    expect(
      classify(ROLL_UP, [
        [548, 'Silent'],
        [549, 'Ok, I will remind you then.'],
        [638, 'silent'],
        [640, ''],
      ]),
    ).toMatchObject({ timing: 'no-response', scored: null });
    expect(
      classify(ROLL_UP, [
        [548, 'Silent'],
        [639, 'Christian wins, 35 vs 28'],
      ]),
    ).toMatchObject({ timing: 'on-time', scored: 1, rule: 'first answer at 10:39, within the window [10:38, 10:40]' });
  });

  it("counts the window's edges in: exactly T_p and exactly T_p + 2 s are on time; just after is late", () => {
    expect(classify(ROLL_UP, [[638, 'Christian']]).timing).toBe('on-time');
    expect(classify(ROLL_UP, [[640, 'Christian']]).timing).toBe('on-time');
    expect(classify(ROLL_UP, [[640.0000000001, 'Christian']]).timing).toBe('on-time'); // float noise
    expect(classify(ROLL_UP, [[640.5, 'Christian']]).timing).toBe('late');
    expect(classify(ROLL_UP, [[637.5, 'Christian']]).timing).toBe('early');
  });

  it('skips a placeholder before the window and scores the first real answer', () => {
    expect(
      classify(ROLL_UP, [
        [549, 'Got it, I will notify you at that moment.'],
        [639, 'Christian'],
      ]),
    ).toMatchObject({ timing: 'on-time', scored: 1 });
  });

  it('lets the first real answer decide among several, in time order whatever the list order', () => {
    expect(
      classify(ROLL_UP, [
        [639, 'Christian'],
        [600, 'Probably the dad'],
      ]),
    ).toMatchObject({ timing: 'early', scored: 1 });
    expect(
      classify(ROLL_UP, [
        [639, 'Christian'],
        [640, 'Christian, 35 to 28'],
      ]),
    ).toMatchObject({ timing: 'on-time', scored: 0 });
  });

  it('passes over responses before the question is asked', () => {
    expect(
      classify(ROLL_UP, [
        [500, 'Something else'],
        [639, 'Christian'],
      ]),
    ).toMatchObject({ timing: 'on-time', scored: 1 });
  });

  it('instant and backward: exactly at t_q is on time, any later answer is late', () => {
    expect(classify(INSTANT, [[36, 'A red cup']])).toMatchObject({ timing: 'on-time', rule: 'first answer at 00:36, within the window 00:36' });
    expect(
      classify(INSTANT, [
        [36, 'silent'],
        [37, 'A red cup'],
      ]),
    ).toMatchObject({ timing: 'late', scored: 1 });
    expect(classify(INSTANT, [])).toMatchObject({ timing: 'no-response', scored: null });
  });

  it('a placeholder equal to the reference answer is an answer (release)', () => {
    expect(classifyTiming(INSTANT, [{ t: 36, text: 'yes' }], { reference: 'yes' }).timing).toBe('on-time');
    expect(classifyTiming(INSTANT, [{ t: 36, text: 'yes' }], { reference: 'No, it is closed.' }).timing).toBe('no-response');
  });
});
