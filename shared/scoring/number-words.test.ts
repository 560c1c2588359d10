import { describe, expect, it } from 'vitest';
import { numberWords } from './number-words';

describe('numbers written in words', () => {
  it('reads cardinals with their place in the text', () => {
    expect(numberWords('I saw five chairs and twenty-one cups')).toEqual([
      { value: 5, index: 6, text: 'five' },
      { value: 21, index: 22, text: 'twenty-one' },
    ]);
    expect(numberWords('One Hundred and Five').map((n) => n.value)).toEqual([105]);
    expect(numberWords('three thousand and two').map((n) => n.value)).toEqual([3002]);
    expect(numberWords('zero').map((n) => n.value)).toEqual([0]);
  });
  it('keeps separate numbers apart and ignores words that only contain one', () => {
    expect(numberWords('one two three').map((n) => n.value)).toEqual([1, 2, 3]);
    expect(numberWords('twenty thirty').map((n) => n.value)).toEqual([20, 30]);
    expect(numberWords('five, six').map((n) => n.value)).toEqual([5, 6]);
    expect(numberWords('someone, often, hundred')).toEqual([]);
    expect(numberWords('one hundred and then more').map((n) => [n.value, n.text])).toEqual([[100, 'one hundred']]);
  });
});
