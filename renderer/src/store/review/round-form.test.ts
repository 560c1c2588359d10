import { describe, expect, it } from 'vitest';
import { defaultRoundForm, nextSeed, openRequest, previewRequest, splitList } from './round-form';

describe('the round form', () => {
  it('reads typed lists separated by commas or spaces', () => {
    expect(splitList(' 1, 2.1  3;4 ')).toEqual(['1', '2.1', '3', '4']);
    expect(splitList('')).toEqual([]);
  });
  it('re-draws with another seed, always within the contract’s range', () => {
    let seed = 1;
    for (let i = 0; i < 50; i++) {
      const next = nextSeed(seed);
      expect(next).not.toBe(seed);
      expect(Number.isInteger(next) && next >= 0 && next <= 2 ** 31 - 1).toBe(true);
      seed = next;
    }
  });
  it('previews the filters, with a seeded stratified sample when asked for', () => {
    const form = { ...defaultRoundForm, profileId: 'ovo-s', taskCodes: '1, 2.1', statuses: ['ready' as const], reviewers: ['bo'], reviewsPerItem: '2' };
    expect(previewRequest(form)).toEqual({
      ok: true,
      request: { selection: { profileId: 'ovo-s', taskCodes: ['1', '2.1'], statuses: ['ready'], authors: [], sample: null }, reviewers: ['bo'], reviewsPerItem: 2 },
    });
    expect(previewRequest({ ...form, sample: true, sampleSize: '150', stratifyBy: 'level', seed: 7 })).toMatchObject({
      ok: true,
      request: { selection: { sample: { size: 150, stratifyBy: 'level', seed: 7 } } },
    });
    expect(previewRequest({ ...form, sample: true, sampleSize: '1.5' })).toEqual({ ok: false, error: 'Sample size: a whole number.' });
    expect(previewRequest({ ...defaultRoundForm })).toMatchObject({ ok: true, request: { selection: { profileId: null } } });
  });
  it('opens a round only with a name, reviewers and numbers in range', () => {
    expect(openRequest(defaultRoundForm)).toEqual({ ok: false, error: 'Name the round.' });
    expect(openRequest({ ...defaultRoundForm, name: 'R1' })).toEqual({ ok: false, error: 'Choose at least one reviewer.' });
    const form = { ...defaultRoundForm, name: ' R1 ', reviewers: ['bo'] };
    expect(openRequest({ ...form, threshold: '2' })).toEqual({ ok: false, error: 'Qualification threshold (κ): between -1 and 1.' });
    expect(openRequest(form)).toEqual({
      ok: true,
      request: {
        name: 'R1',
        purpose: 'review',
        selection: { profileId: null, taskCodes: [], statuses: [], authors: [], sample: null },
        reviewers: ['bo'],
        reviewsPerItem: 1,
        threshold: 0.8,
        numericTolerance: 0,
        eventTolerance: 1,
      },
    });
  });
});
