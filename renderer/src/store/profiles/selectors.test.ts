import { describe, expect, it } from 'vitest';
import { profile, question, state } from '../test-support/fixtures';
import { newQuestionProfile, profileOf } from './selectors';

describe('profiles selectors', () => {
  const profiles = [profile('a'), profile('b')];
  it('new questions get the chosen profile, else the first', () => {
    expect(newQuestionProfile(state({ profiles }))).toBe('a');
    expect(newQuestionProfile(state({ profiles, newQuestionProfileId: 'b' }))).toBe('b');
    expect(newQuestionProfile(state({ profiles, newQuestionProfileId: 'gone' }))).toBe('a');
    expect(newQuestionProfile(state())).toBeNull();
  });
  it('finds a question’s profile', () => {
    expect(profileOf(state({ profiles }), question('q', 'b'))?.id).toBe('b');
    expect(profileOf(state({ profiles }), question('q', 'gone'))).toBeNull();
    expect(profileOf(state({ profiles }), null)).toBeNull();
  });
});
