// The scoreboard: runs × categories, one table per metric, in the papers' layout (a row per model,
// a column per category, the overall last), ranked by the overall; written as CSV, Markdown or LaTeX.
import type { RunScoreView } from './types';

interface ScoreTable {
  metric: string;
  categories: string[];
  rows: Array<{ rank: number; run: string; values: Array<number | null>; overall: number | null }>;
}

/** Every metric the runs report, each a table ranked by its overall (runs without a value last). */
export function scoreboard(scores: readonly RunScoreView[]): ScoreTable[] {
  const metrics = [...new Set(scores.flatMap((s) => Object.keys(s.overall)))];
  return metrics.map((metric) => {
    const categories = [...new Set(scores.flatMap((s) => Object.keys(s.byCategory).filter((c) => s.byCategory[c]![metric] !== undefined)))];
    const rows = scores
      .map((s) => ({ run: `${s.model} · ${s.label}`, values: categories.map((c) => s.byCategory[c]?.[metric] ?? null), overall: s.overall[metric] ?? null }))
      .sort((a, b) => (b.overall ?? -Infinity) - (a.overall ?? -Infinity) || a.run.localeCompare(b.run));
    let rank = 0;
    return { metric, categories, rows: rows.map((r, i) => ({ ...r, rank: r.overall === null ? 0 : i > 0 && rows[i - 1]!.overall === r.overall ? rank : (rank = i + 1) })) };
  });
}

const num = (v: number | null): string => (v === null ? '—' : v.toFixed(2));
const csvCell = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const latexText = (s: string): string => s.replace(/[\\&%$#_{}~^]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : c === '^' ? '\\textasciicircum{}' : `\\${c}`));

export function scoreboardCsv(tables: readonly ScoreTable[]): string {
  const lines = ['metric,rank,run,category,value'];
  for (const t of tables) {
    for (const r of t.rows) {
      t.categories.forEach((c, i) => lines.push([t.metric, String(r.rank || ''), csvCell(r.run), csvCell(c), r.values[i] === null ? '' : String(r.values[i])].join(',')));
      lines.push([t.metric, String(r.rank || ''), csvCell(r.run), 'Overall', r.overall === null ? '' : String(r.overall)].join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function scoreboardMarkdown(tables: readonly ScoreTable[]): string {
  return tables
    .map((t) =>
      [
        `### ${t.metric}`,
        '',
        `| # | Run | ${[...t.categories, 'Overall'].join(' | ')} |`,
        `|---|---|${[...t.categories, 'Overall'].map(() => '---:').join('|')}|`,
        ...t.rows.map((r) => `| ${r.rank || ''} | ${r.run.replace(/\|/g, '\\|')} | ${[...r.values, r.overall].map(num).join(' | ')} |`),
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

export function scoreboardLatex(tables: readonly ScoreTable[]): string {
  return tables
    .map((t) => {
      const head = ['Run', ...t.categories, 'Overall'].map(latexText).join(' & ');
      const best = Math.max(...t.rows.map((r) => r.overall ?? -Infinity));
      const body = t.rows.map((r) => [latexText(r.run), ...r.values.map(num), r.overall !== null && r.overall === best ? `\\textbf{${num(r.overall)}}` : num(r.overall)].join(' & ') + ' \\\\');
      return [`% ${t.metric}`, `\\begin{tabular}{l${'r'.repeat(t.categories.length + 1)}}`, '\\toprule', `${head} \\\\`, '\\midrule', ...body, '\\bottomrule', '\\end{tabular}'].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}
