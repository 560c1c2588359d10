import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, duplicateTaxonomyCodes, findTaskCode, profileDefinitionSchema, taxonomyLeaves } from './profiles';

const byKind = (kind: string) => BUILTIN_PROFILES.find((p) => p.kind === kind)!;

describe('built-in profiles', () => {
  it('all validate and have unique codes', () => {
    for (const p of BUILTIN_PROFILES) {
      expect(profileDefinitionSchema.parse(p)).toEqual(p);
      expect(duplicateTaxonomyCodes(p.taxonomy)).toEqual([]);
    }
  });
  it('OVO-S-Bench: 4 levels × 3 families, 30 task types with the paper codes', () => {
    const ovo = byKind('ovo-s-bench');
    expect(ovo.taxonomy).toHaveLength(4);
    expect(ovo.taxonomy.every((level) => level.children?.length === 3)).toBe(true);
    expect(taxonomyLeaves(ovo.taxonomy)).toHaveLength(30);
    expect(findTaskCode(ovo.taxonomy, '1.1.1')?.name).toBe('Object-to-Object Absolute Distance');
    expect(findTaskCode(ovo.taxonomy, '2.1.2')?.name).toBe('Revisit Counting');
    expect(findTaskCode(ovo.taxonomy, '2.2.3')?.name).toBe('Transient Count Memory');
    expect(ovo.rules.maxOptions).toBe(7);
  });
  it('VCBench: the 8 counting subcategories', () => {
    expect(taxonomyLeaves(byKind('vcbench').taxonomy).map((l) => l.node.code)).toEqual(['O1-Snap', 'O1-Delta', 'O2-Unique', 'O2-Gain', 'E1-Action', 'E1-Transit', 'E2-Periodic', 'E2-Episode']);
  });
  it('RTV-Bench: 8 dimensions in 3 categories, Object/Action/Event, groups', () => {
    const rtv = byKind('rtv-bench');
    expect(
      taxonomyLeaves(rtv.taxonomy)
        .map((l) => l.node.code)
        .sort(),
    ).toEqual(['FP', 'GU', 'IA', 'PU', 'SP', 'SR', 'TP', 'VP']);
    expect(rtv.rules.facets.perspective).toEqual(['Object', 'Action', 'Event']);
    expect(rtv.rules.groups).toBe(true);
  });
  it('PhoStream: 10 capabilities, 4 scenarios, instant/backward/forward with proactive times', () => {
    const p = byKind('phostream');
    expect(taxonomyLeaves(p.taxonomy)).toHaveLength(10);
    expect(p.rules.facets.scenario).toHaveLength(4);
    expect(p.rules.temporalTypes).toEqual(['instant', 'backward', 'forward']);
    expect(p.rules.proactive).toBe(true);
  });
  it('VSAS-Bench: Present/Cumulative/Future with dense captions', () => {
    const v = byKind('vsas-bench');
    expect(taxonomyLeaves(v.taxonomy).map((l) => l.node.code)).toEqual(['present', 'cumulative', 'future']);
    expect(v.rules.denseCaptions).toBe(true);
  });
  it('finds repeated codes in custom taxonomies', () => {
    expect(
      duplicateTaxonomyCodes([
        { code: 'a', name: 'A', children: [{ code: 'b', name: 'B' }] },
        { code: 'b', name: 'B2' },
      ]),
    ).toEqual(['b']);
  });
});
