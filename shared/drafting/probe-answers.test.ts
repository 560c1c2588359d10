import { describe, expect, it } from 'vitest';
import { answersMatch, readReply, shortcutRate } from './probe-answers';

describe('reading a text-only reply', () => {
  it('finds the option letter, yes/no or number a model gave', () => {
    expect(readReply('choice', 'B')).toBe('B');
    expect(readReply('choice', '(C) the red one')).toBe('C');
    expect(readReply('choice', 'The answer is D.')).toBe('D');
    expect(readReply('choice', 'I cannot tell')).toBeNull();
    expect(readReply('yesno', 'Yes, it does')).toBe('yes');
    expect(readReply('number', 'about 3 chairs')).toBe(3);
    expect(answersMatch('choice', 'b', 'B')).toBe(false); // a lower-case b is a word, not an option
    expect(answersMatch('number', '3.0', 3)).toBe(true);
  });
  it('flags an item right in at least half of the repeats', () => {
    const probe = (correct: number, repeats: number) => ({ cutoff: null, textOnly: { correct, repeats, answers: [], model: 'm', at: '' } });
    expect(shortcutRate(probe(3, 5))).toBe(0.6);
    expect(shortcutRate(probe(1, 2))).toBe(0.5);
    expect(shortcutRate(probe(2, 5))).toBeNull();
    expect(shortcutRate(undefined)).toBeNull();
  });
});
