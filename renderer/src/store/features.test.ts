import { describe, expect, it } from 'vitest';
import { shortcuts } from '../shortcuts';
import { registerFeatures } from './features';
import { actionIds, isRegistered } from './registry';

describe('features', () => {
  it('register an action for every id the shortcut table and Esc can run', () => {
    registerFeatures();
    expect(actionIds.filter((id) => !isRegistered(id))).toEqual([]);
    expect(shortcuts.filter((s) => !isRegistered(s.id))).toEqual([]);
  });
});
