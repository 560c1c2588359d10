import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from './profiles';
import { formatTaxonomy, parseTaxonomy } from './taxonomy-text';

describe('taxonomy as text', () => {
  it('round-trips every built-in taxonomy (descriptions aside)', () => {
    const strip = (nodes: unknown): unknown => JSON.parse(JSON.stringify(nodes, (k, v) => (k === 'description' ? undefined : v)));
    for (const p of BUILTIN_PROFILES) expect(parseTaxonomy(formatTaxonomy(p.taxonomy))).toEqual({ ok: true, nodes: strip(p.taxonomy) });
  });
  it('reads codes and names, nesting by two-space indent', () => {
    expect(parseTaxonomy('K — Kitchen\n  K1 — Knife strokes\n  Stirring\nOther')).toEqual({
      ok: true,
      nodes: [
        {
          code: 'K',
          name: 'Kitchen',
          children: [
            { code: 'K1', name: 'Knife strokes' },
            { code: 'Stirring', name: 'Stirring' },
          ],
        },
        { code: 'Other', name: 'Other' },
      ],
    });
  });
  it('names the line of a mistake', () => {
    expect(parseTaxonomy('A\n    B')).toEqual({ ok: false, error: 'line 2: indented more than one level below its parent' });
    expect(parseTaxonomy('A\n B')).toEqual({ ok: false, error: 'line 2: indent by two spaces per level' });
  });
});
