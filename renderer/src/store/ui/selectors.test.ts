import { describe, expect, it } from 'vitest';
import { state } from '../test-support/fixtures';
import { dialogOpen, reboundKeys } from './selectors';

describe('ui selectors', () => {
  it('a dialog is open while an overlay or the path prompt shows', () => {
    expect(dialogOpen(state())).toBe(false);
    expect(dialogOpen(state({ overlay: 'exchange' }))).toBe(true);
    expect(dialogOpen(state({ prompt: { kind: 'openProject' } }))).toBe(true);
  });
  it('gives a rebinding, or null for the table’s keys', () => {
    expect(reboundKeys(state({ keymap: { undo: ['Mod+u'] } }), 'undo')).toEqual(['Mod+u']);
    expect(reboundKeys(state(), 'undo')).toBeNull();
  });
});
