// The agreement report as a paper's appendix: Markdown tables, a CSV of every row, or JSON.
import type { AgreementReport, Funnel, GroupAgreement, PairAgreement } from './types';

const DASH = '—';

/** Funnel steps in the order items move through them. */
const FUNNEL_STEPS: ReadonlyArray<readonly [keyof Funnel, string]> = [
  ['items', 'Items'],
  ['reviewed', 'Reviewed'],
  ['agreed', 'Agreed'],
  ['escalated', 'Escalated'],
  ['accepted', 'Accepted'],
  ['revised', 'Revised'],
  ['rejected', 'Rejected'],
  ['awaitingDecision', 'Awaiting decision'],
];

// ── Markdown ────────────────────────────────────────────────────────────────

/** Three decimals, without a "-0.000" for tiny negatives. */
const num = (x: number | null): string => (x === null ? DASH : x.toFixed(3).replace(/^-(0\.0+)$/, '$1'));
/** A share as a percentage with one decimal. */
const pct = (x: number | null): string => (x === null ? DASH : (x * 100).toFixed(1).replace(/^-(0\.0)$/, '$1'));
/** Text safe inside a table cell: no pipes breaking columns, no line breaks. */
const cell = (s: string): string => s.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\|/g, '\\|');

function table(head: string[], align: Array<'l' | 'r'>, rows: string[][]): string[] {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(head), line(align.map((a) => (a === 'r' ? '---:' : '---'))), ...rows.map(line)];
}

/** What a row rates: 'verdicts', or answers of one kind, 'answers (choice)'. */
export const ratedOn = (row: Pick<PairAgreement, 'on' | 'answerKind'>): string => (row.answerKind === null ? row.on : `${row.on} (${row.answerKind})`);

/** A value with its 95 % interval in brackets, each written by `write`: '0.583 [0.100, 1.067]'. */
const withInterval = (value: number | null, ci95: [number, number] | null, write: (x: number | null) => string): string =>
  value === null ? DASH : ci95 ? `${write(value)} [${write(ci95[0])}, ${write(ci95[1])}]` : write(value);
const kappaWithInterval = (p: PairAgreement): string => withInterval(p.kappa, p.ci95, num);

/** How the group table's intervals were computed, and the bootstrap draws left out where α was undefined. */
export function groupIntervalNote(groups: GroupAgreement[]): string {
  const boot = groups.find((g) => g.alphaBootstrap !== null)?.alphaBootstrap;
  const alpha = boot ? `; α a percentile bootstrap over the units, ${boot.draws} draws, seed ${boot.seed}` : '';
  const leftOut = groups.filter((g) => (g.alphaBootstrap?.undefinedDraws ?? 0) > 0).map((g) => `${g.alphaBootstrap!.undefinedDraws} in ${ratedOn(g)} ${cell(g.stratum)}`);
  const undefinedDraws = leftOut.length > 0 ? ` (draws with one label only, where α is undefined, left out: ${leftOut.join(', ')})` : '';
  return `Intervals: % agreement Wilson's; Fleiss' κ large-sample (Gwet 2021's variance)${alpha}${undefinedDraws}.`;
}

function pairTable(pairs: PairAgreement[]): string[] {
  const weighted = pairs.some((p) => p.kappaLinear !== null || p.kappaQuadratic !== null);
  const head = ['On', 'Stratum', 'A', 'B', 'n', '% agreement [95 % CI]', 'κ [95 % CI]', 'Band', ...(weighted ? ['κ_w linear', 'κ_w quadratic'] : []), 'Within tolerance (%)'];
  const align: Array<'l' | 'r'> = ['l', 'l', 'l', 'l', 'r', 'r', 'r', 'l', ...(weighted ? (['r', 'r'] as const) : []), 'r'];
  const rows = pairs.map((p) => [
    ratedOn(p),
    cell(p.stratum),
    cell(p.a),
    cell(p.b),
    String(p.units),
    withInterval(p.percent, p.percentCi95, pct),
    kappaWithInterval(p),
    p.band ?? DASH,
    ...(weighted ? [num(p.kappaLinear), num(p.kappaQuadratic)] : []),
    pct(p.withinTolerance),
  ]);
  return table(head, align, rows);
}

function matrixTable(p: PairAgreement): string[] {
  const { labels, counts } = p.matrix;
  return [
    `### ${p.on === 'answers' ? 'Answers' : 'Verdicts'}${p.answerKind === null ? '' : ` (${p.answerKind})`}: ${cell(p.a)} vs ${cell(p.b)}`,
    '',
    ...table(
      [`${cell(p.a)} \\ ${cell(p.b)}`, ...labels.map(cell)],
      ['l', ...labels.map((): 'r' => 'r')],
      labels.map((label, i) => [cell(label), ...counts[i]!.map(String)]),
    ),
  ];
}

/**
 * Markdown for an appendix: title, funnel, pairwise, group, time-mark and qualification tables,
 * the confusion matrices of stratum 'all', and the notes. Sections with nothing to show are left out.
 */
export function reportToMarkdown(report: AgreementReport): string {
  const round = report.round === null ? 'all rounds' : `round ${report.round}${report.roundName ? `: ${report.roundName}` : ''}`;
  const out: string[] = [`# Agreement report — ${report.project}, ${round}`, '', `Generated ${report.generatedAt}. Strata: ${report.by}.`];
  const section = (title: string, lines: string[]): void => {
    out.push('', `## ${title}`, '', ...lines);
  };
  if (report.funnel) {
    const funnel = report.funnel;
    section(
      'Funnel',
      table(
        ['Step', 'Items'],
        ['l', 'r'],
        FUNNEL_STEPS.map(([key, name]) => [name, String(funnel[key])]),
      ),
    );
  }
  if (report.pairs.length > 0) section('Pairwise agreement', pairTable(report.pairs));
  if (report.groups.length > 0) {
    section('Group agreement', [
      ...table(
        ['On', 'Stratum', 'Units', 'Raters', '% agreement [95 % CI]', "Fleiss' κ [95 % CI]", 'α (nominal) [95 % CI]', 'Band'],
        ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
        report.groups.map((g) => [
          ratedOn(g),
          cell(g.stratum),
          String(g.units),
          String(g.raters),
          withInterval(g.percent, g.percentCi95, pct),
          withInterval(g.fleiss, g.fleissCi95, num),
          withInterval(g.alphaNominal, g.alphaCi95, num),
          g.band ?? DASH,
        ]),
      ),
      '',
      groupIntervalNote(report.groups),
    ]);
  }
  if (report.timeMarks.length > 0) {
    section(
      'Time marks',
      table(
        ['Stratum', 'Author', 'Reviewer', 'Evidence units', 'Mean tIoU', 'Event units', 'Event F1', 'Tolerance (s)'],
        ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r'],
        report.timeMarks.map((t) => [cell(t.stratum), cell(t.a), cell(t.b), String(t.evidenceUnits), num(t.meanTIoU), String(t.eventUnits), num(t.eventF1), String(t.eventTolerance)]),
      ),
    );
  }
  if (report.qualification && report.qualification.length > 0) {
    section(
      'Qualification',
      table(
        ['Reviewer', 'Units', 'κ', 'Threshold (κ >)', 'Qualified'],
        ['l', 'r', 'r', 'r', 'l'],
        report.qualification.map((q) => [cell(q.person), String(q.units), num(q.kappa), num(q.threshold), q.qualified ? 'yes' : 'no']),
      ),
    );
  }
  const overall = report.pairs.filter((p) => p.stratum === 'all');
  if (overall.length > 0)
    section(
      'Confusion matrices (all strata)',
      overall.flatMap((p, i) => [...(i > 0 ? [''] : []), ...matrixTable(p)]),
    );
  if (report.notes.length > 0)
    section(
      'Notes',
      report.notes.map((n) => `- ${n.replace(/\s*[\r\n]+\s*/g, ' ')}`),
    );
  return `${out.join('\n')}\n`;
}

// ── CSV ─────────────────────────────────────────────────────────────────────

export const REPORT_CSV_HEADER = [
  'section',
  'on',
  'answer_kind',
  'stratum',
  'a',
  'b',
  'units',
  'raters',
  'percent',
  'kappa',
  'kappa_linear',
  'kappa_quadratic',
  'ci_low',
  'ci_high',
  'band',
  'fleiss',
  'alpha',
  'within_tolerance',
  'mean_tiou',
  'event_f1',
  'threshold',
  'qualified',
  // added after the others, so the columns a script already reads keep their places
  'percent_ci_low',
  'percent_ci_high',
  'fleiss_ci_low',
  'fleiss_ci_high',
  'alpha_ci_low',
  'alpha_ci_high',
  'alpha_draws',
  'alpha_seed',
  'alpha_undefined_draws',
] as const;
type Column = (typeof REPORT_CSV_HEADER)[number];
type CsvRow = Partial<Record<Column, string | number | boolean | null>>;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: string | number | boolean | null | undefined): string => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * One row per funnel step (a = step, units = count), pair, group and qualification; a time mark
 * gives up to two rows, on = evidence (units, mean_tiou) and on = events (units, event_f1, and its
 * tolerance in seconds as threshold), since one `units` column cannot hold both counts. Numbers at
 * full precision, null as an empty field; lines end with \n.
 */
export function reportToCsv(report: AgreementReport): string {
  const rows: CsvRow[] = [];
  if (report.funnel) for (const [key] of FUNNEL_STEPS) rows.push({ section: 'funnel', a: key, units: report.funnel[key] });
  for (const p of report.pairs) {
    rows.push({
      section: 'pair',
      on: p.on,
      answer_kind: p.answerKind,
      stratum: p.stratum,
      a: p.a,
      b: p.b,
      units: p.units,
      raters: 2,
      percent: p.percent,
      kappa: p.kappa,
      kappa_linear: p.kappaLinear,
      kappa_quadratic: p.kappaQuadratic,
      ci_low: p.ci95?.[0],
      ci_high: p.ci95?.[1],
      band: p.band,
      within_tolerance: p.withinTolerance,
      percent_ci_low: p.percentCi95[0],
      percent_ci_high: p.percentCi95[1],
    });
  }
  for (const g of report.groups) {
    rows.push({
      section: 'group',
      on: g.on,
      answer_kind: g.answerKind,
      stratum: g.stratum,
      units: g.units,
      raters: g.raters,
      percent: g.percent,
      band: g.band,
      fleiss: g.fleiss,
      alpha: g.alphaNominal,
      percent_ci_low: g.percentCi95[0],
      percent_ci_high: g.percentCi95[1],
      fleiss_ci_low: g.fleissCi95?.[0],
      fleiss_ci_high: g.fleissCi95?.[1],
      alpha_ci_low: g.alphaCi95?.[0],
      alpha_ci_high: g.alphaCi95?.[1],
      alpha_draws: g.alphaBootstrap?.draws,
      alpha_seed: g.alphaBootstrap?.seed,
      alpha_undefined_draws: g.alphaBootstrap?.undefinedDraws,
    });
  }
  for (const t of report.timeMarks) {
    if (t.evidenceUnits > 0) rows.push({ section: 'time-mark', on: 'evidence', stratum: t.stratum, a: t.a, b: t.b, units: t.evidenceUnits, mean_tiou: t.meanTIoU });
    if (t.eventUnits > 0) rows.push({ section: 'time-mark', on: 'events', stratum: t.stratum, a: t.a, b: t.b, units: t.eventUnits, event_f1: t.eventF1, threshold: t.eventTolerance });
  }
  for (const q of report.qualification ?? []) rows.push({ section: 'qualification', a: q.person, units: q.units, kappa: q.kappa, threshold: q.threshold, qualified: q.qualified });
  const lines = [REPORT_CSV_HEADER.join(','), ...rows.map((row) => REPORT_CSV_HEADER.map((c) => csvField(row[c])).join(','))];
  return `${lines.join('\n')}\n`;
}

// ── JSON ────────────────────────────────────────────────────────────────────

export function reportToJson(report: AgreementReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
