import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import { addChild, taxonomyPaths } from './categories';

describe('taxonomy paths', () => {
  it('maps every code to its ancestors and itself (OVO-S: level, family, task type)', () => {
    const paths = taxonomyPaths(BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!.taxonomy);
    expect(paths.get('2.1.2')).toEqual(['2', '2.1', '2.1.2']);
    expect(paths.get('2.1')).toEqual(['2', '2.1']);
    expect(paths.get('4')).toEqual(['4']);
    expect(paths.get('9.9')).toBeUndefined();
  });
  it('gives a flat taxonomy one-element paths (PhoStream capabilities)', () => {
    const paths = taxonomyPaths(BUILTIN_PROFILES.find((p) => p.kind === 'phostream')!.taxonomy);
    expect(paths.get('Audio-Visual Association')).toEqual(['Audio-Visual Association']);
  });
});

describe('roll-ups', () => {
  it("collects each parent's children once", () => {
    const rollup = new Map<string, Set<string>>();
    addChild(rollup, 'Reasoning', 'FP');
    addChild(rollup, 'Reasoning', 'SR');
    addChild(rollup, 'Reasoning', 'FP');
    expect([...rollup.get('Reasoning')!]).toEqual(['FP', 'SR']);
  });
});
