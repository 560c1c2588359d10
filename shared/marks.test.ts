import { describe, expect, it } from 'vitest';
import { isOpenInterval, markInputSchema, type Mark } from './marks';

const ok = (input: unknown): boolean => markInputSchema.safeParse(input).success;

describe('markInputSchema', () => {
  it('an open span, cycle or entity (end null) is a mark like any other: opened, not yet closed', () => {
    expect(ok({ type: 'span', start: 2, end: null, target: 'x', data: {} })).toBe(true);
    expect(ok({ type: 'cycle', start: 2, end: null, target: 'x', data: { splits: [3] } })).toBe(true);
    expect(ok({ type: 'entity', start: 2, end: null, target: '', data: { name: 'Room X' } })).toBe(true);
  });
  it('a caption still needs its end, a moment has none, and splits stay after the start', () => {
    expect(ok({ type: 'caption', start: 2, end: null, target: 't', data: { text: 'a' } })).toBe(false);
    expect(ok({ type: 'event', start: 2, end: 3, target: '', data: {} })).toBe(false);
    expect(ok({ type: 'cycle', start: 2, end: null, target: 'x', data: { splits: [1] } })).toBe(false);
    expect(ok({ type: 'span', start: 4, end: 3, target: 'x', data: {} })).toBe(false);
  });
  it('tells an open interval from a moment', () => {
    const base = { id: 'm', videoId: 'v', start: 1, target: '' };
    const marks: Mark[] = [
      { ...base, type: 'span', end: null, data: {} },
      { ...base, type: 'span', end: 2, data: {} },
      { ...base, type: 'event', end: null, data: {} },
    ];
    expect(marks.map(isOpenInterval)).toEqual([true, false, false]);
  });
});
