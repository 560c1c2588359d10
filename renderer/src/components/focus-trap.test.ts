import { describe, expect, it } from 'vitest';
import { trapTarget } from './focus-trap';

describe('trapTarget: where Tab goes inside an open popover', () => {
  it('wraps from the last element to the first, and Shift+Tab from the first to the last', () => {
    expect(trapTarget(4, 3, false)).toBe(0);
    expect(trapTarget(4, 0, true)).toBe(3);
  });
  it('leaves the browser to move between the elements inside', () => {
    expect(trapTarget(4, 1, false)).toBeNull();
    expect(trapTarget(4, 2, true)).toBeNull();
    expect(trapTarget(4, 0, false)).toBeNull();
    expect(trapTarget(4, 3, true)).toBeNull();
  });
  it('brings a focus outside the elements (the popover itself, the page) back in at the near end', () => {
    expect(trapTarget(4, -1, false)).toBe(0);
    expect(trapTarget(4, -1, true)).toBe(3);
  });
  it('keeps a single element focused, and has nowhere to go without one', () => {
    expect(trapTarget(1, 0, false)).toBe(0);
    expect(trapTarget(1, 0, true)).toBe(0);
    expect(trapTarget(0, -1, false)).toBeNull();
  });
});
