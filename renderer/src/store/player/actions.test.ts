// Jumping to a typed time: the prefix-only view stops the playhead at what the model sees, and says so.
import { describe, expect, it } from 'vitest';
import { getState, setState } from '../store';
import { point, profile, question, state } from '../test-support/fixtures';
import { jumpTo } from './actions';

describe('jumpTo', () => {
  const asked = { profiles: [profile('ovo')], questions: [question('q', 'ovo')], queryPoints: [point('p', 'q', 5)], selectedQuestionId: 'q', selectedQueryPointId: 'p', keymap: {} };

  it('stops at the end of the prefix-only view and says why, naming the key that shows all', () => {
    setState(state({ ...asked, prefixOnly: true, status: null }));
    jumpTo(12);
    expect(getState().commanded.time).toBe(5);
    expect(getState().status).toBe('Prefix-only view: nothing after 5.00 s — Shift+P shows all');
  });

  it('goes there, and says nothing, within the view or with the view off', () => {
    setState(state({ ...asked, prefixOnly: true, status: null }));
    jumpTo(4);
    expect(getState()).toMatchObject({ commanded: { time: 4 }, status: null });
    setState(state({ ...asked, prefixOnly: false, status: null }));
    jumpTo(12);
    expect(getState()).toMatchObject({ commanded: { time: 12 }, status: null });
  });
});
