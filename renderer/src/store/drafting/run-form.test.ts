import { describe, expect, it } from 'vitest';
import { formRequest, initialRunForm } from './run-form';

const defaults = { videoId: 'v', task: 'task-1', profileId: 'builtin:phostream' };

describe('the run form', () => {
  it('resolves the defaults it names and sends blanks as defaults', () => {
    expect(formRequest({ ...initialRunForm, k: '4', to: '' }, defaults)).toEqual({
      kind: 'draft',
      run: { what: 'captions', videoId: 'v', from: 0, to: null, policy: 'sw+u', k: 4, height: 360, budgetUsd: null, target: 'task-1', withPrevious: false },
    });
    expect(formRequest({ ...initialRunForm, what: 'probe', profileId: '' }, defaults)).toEqual({ kind: 'probe', run: { profileId: null, repeats: 5, budgetUsd: null } });
  });
  it('names each field to fix', () => {
    const r = formRequest({ ...initialRunForm, what: 'events', k: 'abc', height: '10', target: ' ' }, defaults);
    expect(r).toEqual({
      kind: 'problems',
      problems: { k: 'k must be a whole number of at least 1.', height: 'The frame height must be a whole number of at least 32.', target: 'Say what to find ("each time a person enters").' },
    });
    expect(formRequest(initialRunForm, { ...defaults, task: '' })).toMatchObject({ kind: 'problems', problems: { task: expect.stringContaining('add a VSAS-Bench question') } });
    expect(formRequest(initialRunForm, { ...defaults, videoId: null })).toEqual({ kind: 'problems', problems: { what: 'Select a video first.' } });
  });
});
