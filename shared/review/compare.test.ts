import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersAgree, normalizeAnswer } from './compare';

describe('normalizeAnswer', () => {
  it('reads a choice letter however it was written', () => {
    for (const a of ['B', 'b', ' B. ', '(B)', 'B)', '(b)']) expect(normalizeAnswer(a, 'choice')).toBe('B');
    expect(normalizeAnswer('the  red car ', 'choice')).toBe('THE RED CAR');
    expect(normalizeAnswer('(B', 'choice')).toBe('(B');
    expect(normalizeAnswer('  ', 'choice')).toBeNull();
    expect(normalizeAnswer(null, 'choice')).toBeNull();
  });

  it('reads yes and no', () => {
    for (const a of ['yes', 'Y', ' True ', 'YES']) expect(normalizeAnswer(a, 'yesno')).toBe('yes');
    for (const a of ['no', 'n', 'FALSE']) expect(normalizeAnswer(a, 'yesno')).toBe('no');
    expect(normalizeAnswer('Maybe', 'yesno')).toBe('maybe');
    expect(normalizeAnswer('', 'yesno')).toBeNull();
  });

  it('reads numbers and numeric strings, and nothing else', () => {
    expect(normalizeAnswer(3, 'number')).toBe(3);
    expect(normalizeAnswer(' 12 ', 'number')).toBe(12);
    expect(normalizeAnswer('-2.5', 'number')).toBe(-2.5);
    expect(normalizeAnswer('1e3', 'number')).toBe(1000);
    expect(Object.is(normalizeAnswer(-0, 'number'), 0)).toBe(true);
    for (const a of ['', ' ', 'three', '0x10', 'Infinity', '1,000']) expect(normalizeAnswer(a, 'number')).toBeNull();
  });

  it('reads text trimmed, lower case, with inner whitespace collapsed', () => {
    expect(normalizeAnswer('  A Red\n\tCar ', 'text')).toBe('a red car');
    expect(normalizeAnswer(7, 'text')).toBe('7');
  });
});

describe('answersAgree', () => {
  it('compares normalised answers', () => {
    expect(answersAgree('b', '(B)', 'choice')).toBe(true);
    expect(answersAgree('A', 'B', 'choice')).toBe(false);
    expect(answersAgree('y', 'true', 'yesno')).toBe(true);
    expect(answersAgree('A red car', 'a  red car', 'text')).toBe(true);
  });

  it('takes numbers within the tolerance, floating-point noise forgiven', () => {
    expect(answersAgree(3, '3', 'number')).toBe(true);
    expect(answersAgree(3, 4, 'number')).toBe(false);
    expect(answersAgree(3, 4, 'number', 1)).toBe(true);
    expect(answersAgree(3, 5, 'number', 1)).toBe(false);
    expect(answersAgree(1.2, 1.3, 'number', 0.1)).toBe(true); // 1.3 − 1.2 = 0.10000000000000009
  });

  it('never agrees on a missing answer, not even with another missing one', () => {
    expect(answersAgree(null, null, 'choice')).toBe(false);
    expect(answersAgree('', '', 'text')).toBe(false);
    expect(answersAgree('three', 'three', 'number')).toBe(false);
  });

  it('is symmetric and reflexive on present answers (property)', () => {
    const kinds = fc.constantFrom('choice' as const, 'number' as const, 'text' as const, 'yesno' as const);
    const answer = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 5 }), fc.constant(null));
    fc.assert(
      fc.property(answer, answer, kinds, fc.integer({ min: 0, max: 3 }), (a, b, kind, tol) => {
        expect(answersAgree(a, b, kind, tol)).toBe(answersAgree(b, a, kind, tol));
        expect(answersAgree(a, a, kind, tol)).toBe(normalizeAnswer(a, kind) !== null);
      }),
    );
  });
});
