// A taxonomy as indented text, for editing custom profiles with the keyboard: one node per line,
// two spaces of indent per level, "code — name" (or just "name" when the code is the name).
import type { TaxonomyNode } from './profiles';

const SEPARATOR = ' — ';

export function formatTaxonomy(nodes: readonly TaxonomyNode[], depth = 0): string {
  return nodes
    .map((n) => {
      const line = `${'  '.repeat(depth)}${n.code === n.name ? n.name : `${n.code}${SEPARATOR}${n.name}`}`;
      return n.children?.length ? `${line}\n${formatTaxonomy(n.children, depth + 1)}` : line;
    })
    .join('\n');
}

type ParsedTaxonomy = { ok: true; nodes: TaxonomyNode[] } | { ok: false; error: string };

export function parseTaxonomy(text: string): ParsedTaxonomy {
  const roots: TaxonomyNode[] = [];
  const stack: Array<{ depth: number; node: TaxonomyNode }> = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const indent = raw.length - raw.trimStart().length;
    if (raw.slice(0, indent).includes('\t')) return { ok: false, error: `line ${i + 1}: indent with spaces, not tabs` };
    if (indent % 2 !== 0) return { ok: false, error: `line ${i + 1}: indent by two spaces per level` };
    const depth = indent / 2;
    const body = raw.trim();
    const at = body.indexOf(SEPARATOR.trim());
    const [code, name] = at > 0 ? [body.slice(0, at).trim(), body.slice(at + 1).trim()] : [body, body];
    if (!code || !name) return { ok: false, error: `line ${i + 1}: write "code — name" or a name` };
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const parent = stack.at(-1);
    if (depth > (parent ? parent.depth + 1 : 0)) return { ok: false, error: `line ${i + 1}: indented more than one level below its parent` };
    const node: TaxonomyNode = { code, name };
    if (parent) (parent.node.children ??= []).push(node);
    else roots.push(node);
    stack.push({ depth, node });
  }
  return { ok: true, nodes: roots };
}
