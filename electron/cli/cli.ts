// `tidemark`: benchmark files in and out of projects without the GUI.
// Exit codes: 0 ok, 1 problems found, 2 usage error.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AgreementError,
  cohenKappa,
  describeInterval,
  fleissKappa,
  krippendorffAlpha,
  landisKoch,
  percentAgreement,
  type AgreementResult,
  type AlphaLevel,
  type BootstrapOptions,
  type Rating,
} from '../../shared/agreement/metrics';
import { readRatingsCsv } from '../../shared/agreement/ratings-csv';
import { reportToCsv, reportToJson, reportToMarkdown } from '../../shared/review/report-format';
import { reportGroupings, type ReportGrouping } from '../../shared/review/types';
import { agreementReport } from '../services/review/report';
import { formatProblem } from '../../shared/formats/problems';
import { plural } from '../../shared/plural';
import { describeIssue, describeReadiness } from '../../shared/readiness';
import type { DatasetStats, Distribution } from '../../shared/stats';
import { evaluationInputs, parseSampling } from '../services/exchange/eval-inputs';
import { exportToFile } from '../services/exchange/export-file';
import { importFile, listFormats, LOSSLESS_FORMAT, projectStats, validateFile } from '../services/exchange/service';
import { writeFileAtomic } from '../services/files/atomic-write';
import type { JobControl } from '../services/jobs/registry';
import { resolveMediaTools, type MediaTools } from '../services/media/tools';
import { Project } from '../services/projects/project';
import { callerFor, requireFile, settingsOf, UsageError, WHO_HELP, WHO_OPTIONS, whoFrom, withProject, type CliIo, type Who } from './common';
import { DRAFT_COMMANDS, DRAFT_HELP } from './draft-commands';
import { TEAM_COMMANDS, TEAM_HELP } from './team-commands';
import { scoreCommand, SCORE_HELP } from './score-command';

export type { CliIo } from './common';

const formatList = (filter: 'canImport' | 'canExport'): string =>
  listFormats()
    .filter((f) => f[filter])
    .map((f) => `    ${f.id.padEnd(14)} ${f.label}`)
    .join('\n');

const AGREEMENT_METRICS = ['percent', 'cohen', 'cohen-linear', 'cohen-quadratic', 'fleiss', 'krippendorff-nominal', 'krippendorff-ordinal', 'krippendorff-interval', 'krippendorff-ratio'] as const;
type AgreementMetric = (typeof AGREEMENT_METRICS)[number];

const HELP: Record<string, string> = {
  main: `Usage: tidemark <command> [options]

Commands:
  import <file>   import a benchmark file into a project
  export          write a project's questions in a benchmark format
  validate <file> check a benchmark file without importing it
  stats           dataset statistics of a project, per profile
  eval-inputs     each query point's prefix and sampled frames (optionally the clips)
  formats         list the formats
  agreement       agreement report of a project's reviews, or between raters of a ratings CSV
  draft           draft captions, event candidates or questions for a video with a model
  probe           ask a project's questions without the video: which are answerable from text
  score           score a run file against a project's questions as the papers do
  serve           serve Tidemark to a team (accounts, several projects, blind review across machines)
  users           a team server's accounts: add (prints an invitation link), reset, revoke, list
  projects        a team server's projects: add, list, members, roles
  push            bring a local project into a team server's project (lossless)
  pull            make a local project file from a team server's project (lossless)

Run "tidemark <command> --help" for its options. Exit codes: 0 ok, 1 problems found, 2 usage error.

${WHO_HELP}`,
  import: `Usage: tidemark import <file> --format <format> --project <file.tidemark> [--media <dir>] [--skip-invalid] [--update] [--report <file>]

Imports every record in one transaction: a file with any bad record imports nothing and lists
each problem as file:line:field: reason. --skip-invalid imports the good records instead and
writes the problems to --report (default: <file>.import-report.json beside the project). Videos
are found by their path relative to --media (default: the file's folder); questions of missing
videos come in on placeholder videos, listed, until the folder is relinked. Questions whose
benchmark ids the profile already has are skipped (--update: updated from the file). The project
is created when it does not exist (and removed again if the import is refused).

Formats:
${formatList('canImport')}`,
  export: `Usage: tidemark export --format <format> --project <file.tidemark> --out <file> [--media <dir>] [--force] [--report <file>]

Writes the questions of the format's profile. Imported questions are written the way their file
wrote them; --media makes video paths relative to that folder instead. Before writing, a readiness
report checks for lint errors, questions not accepted in review, model drafts no person edited and
missing media; export refuses (exit 1) unless --force. --report writes the report as JSON.

Formats:
${formatList('canExport')}`,
  validate: `Usage: tidemark validate <file> --format <format>

Reads and checks the file; prints each problem as file:line:field: reason, and each warning (a
VCBench count its occurrence times do not give) as file:line:field: warning: reason. Exit 1 on
problems; warnings alone exit 0.

Formats:
${formatList('canImport')}`,
  formats: 'Usage: tidemark formats\n\nLists the formats tidemark reads and writes.',
  agreement: `Usage: tidemark agreement --project <file.tidemark> [--round R] [--by none|level|category] [--json | --format markdown|csv|json]
       tidemark agreement --ratings <ratings.csv> --metric <metric> [--raters a,b] [--draws N] [--seed S] [--json]

With --project: the agreement report of a review round (or of every review in the project): Cohen's κ
(plain, linear, quadratic) with its 95 % interval and confusion matrix for every two people on answers
and on verdicts, Fleiss' κ and Krippendorff's α for more raters, share within tolerance for counts,
evidence tIoU and event F1, the round's funnel and, for a qualification round, who qualified;
--by splits it per level or category. Printed as Markdown (default), CSV or JSON.

With --ratings:

Agreement between people who rated the same items, from a CSV with the header item,rater,label (one
row per rating; numeric labels for the ordinal, interval and ratio metrics; missing ratings allowed).
Metrics: ${AGREEMENT_METRICS.join(', ')}.
Cohen's metrics compare exactly two raters (or the two --raters names) over the items both rated;
Fleiss' needs the same number of ratings on every item. Each value comes with its 95 % interval:
percent agreement Wilson's, Cohen's κ large-sample (Fleiss, Cohen & Everitt 1969), Fleiss' κ
large-sample (Gwet 2021), Krippendorff's α a percentile bootstrap over the items (--draws, default
1000; --seed, default 1: the same seed gives the same interval). --json prints {"metric", "value",
"ci95", "interval", "items", "raters"}, interval saying how ci95 was computed (a bootstrap's draws
and seed); ci95 is null only where the value is 0/0 (one label only).`,
  'eval-inputs': `Usage: tidemark eval-inputs --project <file.tidemark> --profile <kind> --out <file.jsonl> [--sampling <spec>] [--cut <dir>]

For each query point of the profile's questions: the prefix a model may see (up to t_q, or T_p for
forward questions) and the frames a sampling policy picks from it, one JSON line each.
--sampling: uniform:N (OVO-S default uniform:128), fps:R (1 fps), single, recent:N@R (e.g. recent:16@4).
--cut <dir> also cuts each prefix into a clip with ffmpeg, with progress.
Profiles: ovo-s-bench, vcbench, rtv-bench, phostream, vsas-bench.`,
  stats: `Usage: tidemark stats --project <file.tidemark> [--json]

Per profile: questions by task type, top category, temporal type, facet and source; query points per
question; video durations; query-time and evidence-span distributions. --json prints them as JSON.`,
  ...DRAFT_HELP,
  ...TEAM_HELP,
  ...SCORE_HELP,
};

/** The ffmpeg the CLI uses: as the settings of its data folder choose it, as the app does. */
const toolsOf = (who: Who, env: NodeJS.ProcessEnv): MediaTools => resolveMediaTools(settingsOf(who).get().ffmpegSource, env);

function table(title: string, counts: Record<string, number>): string {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return `  ${title}: none`;
  return `  ${title}:\n${rows.map(([k, n]) => `    ${String(n).padStart(6)}  ${k}`).join('\n')}`;
}

function describeDistribution(x: Distribution, unit: string): string {
  if (x.count === 0) return 'none';
  return `${plural(x.count, 'value')}, min ${x.min.toFixed(1)}${unit}, median ${x.median.toFixed(1)}${unit}, mean ${x.mean.toFixed(1)}${unit}, max ${x.max.toFixed(1)}${unit}`;
}

function describeStats(s: DatasetStats): string {
  return [
    `${s.profile}: ${plural(s.questions, 'question')}, ${plural(s.queryPoints, 'query point')}, ${plural(s.videos, 'video')}`,
    table('by task type', s.byTaskCode),
    table('by top category', s.byTopCategory),
    table('by temporal type', s.byTemporalType),
    ...Object.entries(s.byFacet).map(([facet, counts]) => table(`by ${facet}`, counts)),
    table('by source', s.bySource),
    `  query points per question: ${describeDistribution(s.queryPointsPerQuestion, '')}`,
    `  video durations: ${describeDistribution(s.videoDurations, ' s')}`,
    `  query times: ${describeDistribution(s.queryTimes, ' s')}`,
    `  evidence spans: ${describeDistribution(s.evidenceSpans, ' s')}`,
  ].join('\n');
}

/** Long work reports on stderr, so stdout keeps only the command's result. */
function progressOn(io: CliIo): JobControl {
  return { signal: new AbortController().signal, progress: (fraction, message) => message && io.err(fraction === null ? message : `${Math.round(fraction * 100)}% ${message}`) };
}

/** A format name the command can use, or a usage error listing the ones it can. */
function checkFormat(id: string, ability: 'canImport' | 'canExport'): void {
  if (!listFormats().some((f) => f.id === id && f[ability])) {
    const names = listFormats()
      .filter((f) => f[ability])
      .map((f) => f.id)
      .join(', ');
    throw new UsageError(`Unknown format "${id}" here; formats: ${names}.`);
  }
}

/** A project this command made and must not leave behind when it fails: the file and its WAL. */
function removeProjectFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

async function runImport(
  file: string,
  projectPath: string,
  format: string,
  values: { media?: string; report?: string; 'skip-invalid'?: boolean; update?: boolean },
  io: CliIo,
  env: NodeJS.ProcessEnv,
  who: Who,
): Promise<number> {
  checkFormat(format, 'canImport');
  requireFile(file);
  const created = !existsSync(projectPath);
  const tools = toolsOf(who, env);
  const project = await Project.open(projectPath, { create: created });
  let keep = false;
  try {
    const caller = await callerFor(project.stores, who, 'exchange.import');
    const outcome = await importFile(
      project,
      caller,
      tools,
      { path: file, format, skipInvalid: values['skip-invalid'] ?? false, existing: values.update ? 'update' : 'skip', ...(values.media ? { mediaDir: resolve(values.media) } : {}) },
      progressOn(io),
    );
    for (const p of outcome.problems) io.err(formatProblem(p));
    // a warning does not fail the import: e.g. a StreamingBench time read as the release's runners read it
    for (const w of outcome.warnings) io.err(formatProblem({ ...w, reason: `warning: ${w.reason}` }));
    for (const m of outcome.missingMedia) io.err(`missing media: ${m.videoPath} (${plural(m.questions, 'question')} on a placeholder until it is relinked)`);
    if (outcome.refused) {
      io.out(`Nothing imported: ${plural(outcome.problems.length, 'problem')} in ${plural(outcome.records, 'record')}. Fix them, or use --skip-invalid to import the good records.`);
      return 1;
    }
    keep = true;
    if (outcome.problems.length > 0 || outcome.warnings.length > 0 || outcome.missingMedia.length > 0 || values.report) {
      // beside the project (never beside the input: that folder may be read-only or shared)
      const report = resolve(values.report ?? join(dirname(projectPath), `${basename(file)}.import-report.json`));
      writeFileAtomic(report, JSON.stringify({ file: outcome.file, format: outcome.format, problems: outcome.problems, warnings: outcome.warnings, missingMedia: outcome.missingMedia }, null, 2));
      io.out(`Report written to ${report}`);
    }
    const present =
      outcome.alreadyPresent > 0
        ? `; ${plural(outcome.alreadyPresent, outcome.format === LOSSLESS_FORMAT.id ? 'row was' : 'question was', outcome.format === LOSSLESS_FORMAT.id ? 'rows were' : 'questions were')} already present${outcome.updated > 0 ? ` (${outcome.updated} updated)` : ''}`
        : '';
    io.out(
      outcome.format === LOSSLESS_FORMAT.id
        ? `Imported ${outcome.importedRows.toLocaleString('en')} of ${plural(outcome.records, 'row')} (${plural(outcome.importedQuestions, 'question')}, ${plural(outcome.importedMarks, 'mark')}) into ${projectPath}${present}.`
        : `Imported ${plural(outcome.importedQuestions, 'question')} and ${plural(outcome.importedMarks, 'mark')} from ${plural(outcome.records, 'record')} into ${projectPath}${present}.`,
    );
    return outcome.problems.length > 0 ? 1 : 0;
  } finally {
    await project.close();
    if (created && !keep) removeProjectFiles(projectPath);
  }
}

async function runExport(projectPath: string, format: string, out: string, values: { media?: string; force?: boolean; report?: string }, io: CliIo, who: Who): Promise<number> {
  checkFormat(format, 'canExport');
  return withProject(projectPath, 'read', { who, method: 'exchange.export' }, async (project, caller) => {
    const outcome = await exportToFile(project, caller, { format, path: out, force: values.force ?? false, ...(values.media ? { mediaDir: resolve(values.media) } : {}) }, progressOn(io));
    if (values.report && outcome.readiness) writeFileAtomic(resolve(values.report), JSON.stringify(outcome.readiness, null, 2));
    if (!outcome.written) {
      for (const issue of outcome.readiness?.issues ?? []) io.err(describeIssue(issue));
      io.out(`${outcome.readiness ? describeReadiness(outcome.readiness) : 'Not ready.'} Fix the issues or export with --force.`);
      return 1;
    }
    for (const left of outcome.leftOut) io.err(`left out ${left.questionId}: ${left.reason}`);
    const unit = format === LOSSLESS_FORMAT.id ? 'row' : 'question';
    const forced = outcome.readiness && !outcome.readiness.ready ? ` Forced: ${describeReadiness(outcome.readiness)}` : '';
    const leftOut = outcome.leftOut.length > 0 ? ` Left out ${plural(outcome.leftOut.length, unit)} the format cannot hold (listed above).` : '';
    io.out(`Wrote ${plural(outcome.items, unit)} to ${out}.${forced}${leftOut}`);
    return 0;
  });
}

function computeAgreement(metric: AgreementMetric, ratings: Rating[], raters: [string, string] | undefined, bootstrap: BootstrapOptions): AgreementResult {
  switch (metric) {
    case 'percent':
      return percentAgreement(ratings);
    case 'cohen':
      return cohenKappa(ratings, 'none', raters);
    case 'cohen-linear':
      return cohenKappa(ratings, 'linear', raters);
    case 'cohen-quadratic':
      return cohenKappa(ratings, 'quadratic', raters);
    case 'fleiss':
      return fleissKappa(ratings);
    default:
      return krippendorffAlpha(ratings, metric.slice('krippendorff-'.length) as AlphaLevel, bootstrap);
  }
}

const REPORT_FORMATS = { markdown: reportToMarkdown, csv: reportToCsv, json: reportToJson } as const;

async function runProjectAgreement(values: { project?: string; round?: string; by?: string; json?: boolean; format?: string }, io: CliIo, who: Who): Promise<number> {
  const round = values.round === undefined ? null : Number(values.round);
  if (round !== null && !(Number.isInteger(round) && round >= 1)) throw new UsageError('--round is a round number (1, 2, …).');
  const by = (values.by ?? 'none') as ReportGrouping;
  if (!reportGroupings.includes(by)) throw new UsageError(`--by is one of ${reportGroupings.join(', ')}.`);
  const format = values.json ? 'json' : (values.format ?? 'markdown');
  if (!(format in REPORT_FORMATS)) throw new UsageError(`--format is one of ${Object.keys(REPORT_FORMATS).join(', ')}.`);
  const path = resolve(values.project!);
  requireFile(path);
  const report = await withProject(path, 'read', { who, method: 'agreement.report' }, (project, caller) => agreementReport(project, caller, round, by));
  io.out(REPORT_FORMATS[format as keyof typeof REPORT_FORMATS](report).replace(/\n$/, ''));
  return 0;
}

/** --draws and --seed of the α bootstrap: whole numbers (draws 1 to 1,000,000, a seed that fits 32 bits). */
function bootstrapOptions(metric: AgreementMetric, values: { draws?: string; seed?: string }): BootstrapOptions {
  if (values.draws === undefined && values.seed === undefined) return {};
  if (!metric.startsWith('krippendorff-')) throw new UsageError('--draws and --seed apply to the krippendorff-* metrics (their bootstrap interval).');
  const whole = (name: string, text: string | undefined, max: number, min: number): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) throw new UsageError(`--${name} is a whole number from ${min} to ${max.toLocaleString('en')}.`);
    return n;
  };
  const draws = whole('draws', values.draws, 1_000_000, 1);
  const seed = whole('seed', values.seed, 2 ** 32 - 1, 0);
  return { ...(draws === undefined ? {} : { draws }), ...(seed === undefined ? {} : { seed }) };
}

function runAgreement(values: { ratings?: string; metric?: string; raters?: string; draws?: string; seed?: string; json?: boolean }, io: CliIo): number {
  if (!values.ratings) throw new UsageError('agreement needs --project or --ratings.');
  const metric = values.metric as AgreementMetric | undefined;
  if (!metric || !AGREEMENT_METRICS.includes(metric)) throw new UsageError(`agreement needs --metric, one of ${AGREEMENT_METRICS.join(', ')}.`);
  const raters = values.raters?.split(',').map((r) => r.trim());
  if (raters && raters.length !== 2) throw new UsageError('--raters names two raters: --raters a,b');
  const bootstrap = bootstrapOptions(metric, values);
  const path = resolve(values.ratings);
  requireFile(path, 'a CSV file');
  const numeric = /ordinal|interval|ratio|linear|quadratic/.test(metric);
  const { ratings, problems } = readRatingsCsv(readFileSync(path, 'utf8'), basename(path), numeric);
  if (problems.length > 0) {
    for (const p of problems) io.err(formatProblem(p));
    io.out(`${plural(problems.length, 'problem')} in ${basename(path)}; nothing computed.`);
    return 1;
  }
  let result: AgreementResult;
  try {
    result = computeAgreement(metric, ratings, raters as [string, string] | undefined, bootstrap);
  } catch (error) {
    if (error instanceof AgreementError) {
      io.err(`tidemark: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (values.json) io.out(JSON.stringify({ metric, value: result.value, ci95: result.ci95, interval: result.interval, items: result.items, raters: result.raters }));
  else {
    const how = result.interval ? `, ${describeInterval(result.interval)}` : '';
    const interval = result.ci95 ? ` (95 % CI ${result.ci95[0].toFixed(3)} to ${result.ci95[1].toFixed(3)}${how})` : '';
    const band = metric.startsWith('cohen') || metric === 'fleiss' ? `, ${landisKoch(result.value)} (Landis–Koch)` : '';
    io.out(`${metric}: ${result.value.toFixed(3)}${interval}${band}; ${plural(result.items, 'item')}, ${plural(result.raters, 'rater')}`);
  }
  return 0;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      io.out(HELP.main!);
      return command ? 0 : 2;
    }
    if (!Object.hasOwn(HELP, command)) throw new UsageError(`Unknown command "${command}".`);
    if (Object.hasOwn(DRAFT_COMMANDS, command)) return await DRAFT_COMMANDS[command]!(rest, io, env);
    if (Object.hasOwn(TEAM_COMMANDS, command)) return await TEAM_COMMANDS[command]!(rest, io, env);
    if (command === 'score') return await scoreCommand(rest, io, env);
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        project: { type: 'string' },
        media: { type: 'string' },
        out: { type: 'string' },
        report: { type: 'string' },
        'skip-invalid': { type: 'boolean' },
        update: { type: 'boolean' },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
        profile: { type: 'string' },
        sampling: { type: 'string' },
        cut: { type: 'string' },
        ratings: { type: 'string' },
        metric: { type: 'string' },
        raters: { type: 'string' },
        draws: { type: 'string' },
        seed: { type: 'string' },
        round: { type: 'string' },
        by: { type: 'string' },
        ...WHO_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      // (validate and formats open no project)
      io.out(command === 'validate' || command === 'formats' ? HELP[command]! : `${HELP[command]!}\n\n${WHO_HELP}`);
      return 0;
    }
    const who = whoFrom(values, env);
    const need = (name: 'format' | 'project' | 'out' | 'profile'): string => {
      const value = values[name];
      if (!value) throw new UsageError(`${command} needs --${name}.`);
      return value;
    };
    const positional = (what: string): string => {
      const value = positionals[0];
      if (!value) throw new UsageError(`${command} needs ${what}.`);
      return value;
    };
    switch (command) {
      case 'agreement':
        if (values.project && values.ratings) throw new UsageError('agreement takes --project or --ratings, not both.');
        if (values.project && (values.draws !== undefined || values.seed !== undefined)) throw new UsageError('--draws and --seed go with --ratings; the report bootstraps α with 1000 draws, seed 1.');
        return values.project ? await runProjectAgreement(values, io, who) : runAgreement(values, io);
      case 'formats':
        for (const f of listFormats()) io.out(`${f.id.padEnd(14)} ${[f.canImport ? 'import' : '', f.canExport ? 'export' : ''].filter(Boolean).join('/').padEnd(14)} ${f.label}`);
        return 0;
      case 'eval-inputs': {
        const sampling = values.sampling ?? 'uniform:128';
        try {
          parseSampling(sampling);
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        const tools = toolsOf(who, env);
        const out = resolve(need('out'));
        const profile = need('profile');
        // what a model is given is read as the caller may see it: the annotations, through the blinding rule
        return await withProject(resolve(need('project')), 'read', { who, method: 'annotations.load' }, async (project, caller) => {
          const { rows, placeholderQuestions } = await evaluationInputs(project, caller, profile, sampling, {
            ...(values.cut ? { cutDir: resolve(values.cut), ffmpeg: tools.ffmpeg } : {}),
            control: progressOn(io),
          });
          if (placeholderQuestions > 0) io.err(`${plural(placeholderQuestions, 'question')} on placeholder videos left out: relink their media first.`);
          writeFileAtomic(out, rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
          io.out(`Wrote ${plural(rows.length, 'query point')} to ${out}.`);
          return 0;
        });
      }
      case 'stats': {
        return await withProject(resolve(need('project')), 'read', { who, method: 'exchange.stats' }, async (project, caller) => {
          const stats = await projectStats(project, caller);
          if (values.json) io.out(JSON.stringify(stats, null, 2));
          else if (stats.length === 0) io.out('No questions in this project yet.');
          else for (const s of stats) io.out(describeStats(s));
          return 0;
        });
      }
      case 'validate': {
        const file = resolve(positional('a file'));
        const format = need('format');
        checkFormat(format, 'canImport');
        requireFile(file);
        const result = validateFile(file, format);
        for (const p of result.problems) io.err(formatProblem(p));
        // a warning does not fail the file (exit 0): e.g. a VCBench count its occurrence times do not give, the count being the key
        for (const w of result.warnings) io.err(formatProblem({ ...w, reason: `warning: ${w.reason}` }));
        const warned = result.warnings.length > 0 ? `, ${plural(result.warnings.length, 'warning')}` : '';
        io.out(`${plural(result.records, 'record')}, ${plural(result.items, 'question')}, ${plural(result.problems.length, 'problem')}${warned}`);
        return result.problems.length > 0 ? 1 : 0;
      }
      case 'import':
        return await runImport(resolve(positional('a file')), resolve(need('project')), need('format'), values, io, env, who);
      case 'export':
        return await runExport(resolve(need('project')), need('format'), need('out'), values, io, who);
    }
    throw new UsageError(`Unknown command "${command}".`);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`tidemark: ${error.message}`);
      io.err(HELP[command ?? 'main'] ?? HELP.main!);
      return 2;
    }
    // everything else is about the data (a file, a project): exit 1, with the message
    io.err(`tidemark: ${(error as Error).message}`);
    return 1;
  }
}
