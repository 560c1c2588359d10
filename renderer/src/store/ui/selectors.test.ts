import { describe, expect, it } from 'vitest';
import { state } from '../test-support/fixtures';
import { dialogOpen } from './selectors';

describe('ui selectors', () => {
  it('a dialog is open while an overlay or the path prompt shows', () => {
    expect(dialogOpen(state())).toBe(false);
    expect(dialogOpen(state({ overlay: 'exchange' }))).toBe(true);
    expect(dialogOpen(state({ prompt: { kind: 'openProject' } }))).toBe(true);
  });
});
