import { describe, expect, it } from 'vitest';
import { diffWords } from './text-diff';

describe('diffWords', () => {
  it('shows what changed between two adjacent captions', () => {
    expect(diffWords('a cook slices onions', 'a cook fries onions')).toEqual([
      { kind: 'same', text: 'a cook' },
      { kind: 'removed', text: 'slices' },
      { kind: 'added', text: 'fries' },
      { kind: 'same', text: 'onions' },
    ]);
    expect(diffWords('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
  });
  it('keeps a replaced sentence in one piece', () => {
    expect(diffWords('a colour test pattern', 'the counter shows three')).toEqual([
      { kind: 'removed', text: 'a colour test pattern' },
      { kind: 'added', text: 'the counter shows three' },
    ]);
  });
});
