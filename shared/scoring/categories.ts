// Where a task code sits in a profile's taxonomy: the codes from the top level down to it, so that
// scores can roll up (OVO-S task type → family → level; RTV dimension → Perception/Understanding/…).
import { taxonomyLeaves, type TaxonomyNode } from '../profiles';

/** Every node's code → the codes of its ancestors and itself, top first. Built once per taxonomy. */
export function taxonomyPaths(taxonomy: readonly TaxonomyNode[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const { node, path } of taxonomyLeaves(taxonomy)) {
    const codes = [...path, node].map((n) => n.code);
    codes.forEach((code, i) => {
      if (!paths.has(code)) paths.set(code, codes.slice(0, i + 1));
    });
  }
  return paths;
}

/** Records that `child` rolls up into `parent` (a family into its level, a dimension into its category). */
export function addChild(rollup: Map<string, Set<string>>, parent: string, child: string): void {
  const children = rollup.get(parent);
  if (children) children.add(child);
  else rollup.set(parent, new Set([child]));
}
