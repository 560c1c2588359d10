import { describe, expect, it } from 'vitest';
import { flushPendingEdits, holdPendingEdit } from './pending-edits';

describe('pending edits', () => {
  it('a flush saves what every held field has; a released field is not flushed again', () => {
    const saved: string[] = [];
    const releaseA = holdPendingEdit(() => saved.push('a'));
    holdPendingEdit(() => saved.push('b'));
    flushPendingEdits();
    expect(saved).toEqual(['a', 'b']);
    releaseA();
    flushPendingEdits();
    expect(saved).toEqual(['a', 'b', 'b']);
  });
});
