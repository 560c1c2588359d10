// `tidemark`: benchmark files in and out of projects without the GUI.
// Exit codes: 0 ok, 1 problems found, 2 usage error.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Caller } from '../../shared/domain';
import { formatProblem } from '../../shared/formats/json-text';
import { defaultDataDir } from '../services/data-dir';
import { ServiceError } from '../services/errors';
import { exportFile, importFile, listFormats, LOSSLESS_FORMAT, NotReadyError, projectStats, validateFile } from '../services/exchange/exchange';
import type { DatasetStats } from '../../shared/stats';
import { describeReadiness } from '../../shared/readiness';
import { evaluationInputs } from '../services/exchange/eval-inputs';
import type { JobControl } from '../services/jobs';
import { resolveMediaTools } from '../services/media/tools';
import { Project } from '../services/project';
import { SettingsStore } from '../services/settings';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

const formatList = (filter: 'canImport' | 'canExport'): string =>
  listFormats()
    .filter((f) => f[filter])
    .map((f) => `    ${f.id.padEnd(14)} ${f.label}`)
    .join('\n');

const HELP: Record<string, string> = {
  main: `Usage: tidemark <command> [options]

Commands:
  import <file>   import a benchmark file into a project
  export          write a project's questions in a benchmark format
  validate <file> check a benchmark file without importing it
  stats           dataset statistics of a project, per profile
  eval-inputs     each query point's prefix and sampled frames (optionally the clips)
  formats         list the formats

Run "tidemark <command> --help" for its options. Exit codes: 0 ok, 1 problems found, 2 usage error.`,
  import: `Usage: tidemark import <file> --format <format> --project <file.tidemark> [--media <dir>] [--skip-invalid] [--report <file>]

Imports every record in one transaction: a file with any bad record imports nothing and lists
each problem as file:line:field: reason. --skip-invalid imports the good records instead and
writes the problems to --report (default <file>.import-report.json). Videos are found by their
path relative to --media (default: the file's folder); missing ones are reported, not fatal.
The project is created when it does not exist.

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

Reads and checks the file; prints each problem as file:line:field: reason.

Formats:
${formatList('canImport')}`,
  formats: 'Usage: tidemark formats\n\nLists the formats tidemark reads and writes.',
  'eval-inputs': `Usage: tidemark eval-inputs --project <file.tidemark> --profile <kind> --out <file.jsonl> [--sampling <spec>] [--cut <dir>]

For each query point of the profile's questions: the prefix a model may see (up to t_q, or T_p for
forward questions) and the frames a sampling policy picks from it, one JSON line each.
--sampling: uniform:N (OVO-S default uniform:128), fps:R (1 fps), single, recent:N@R (e.g. recent:16@4).
--cut <dir> also cuts each prefix into a clip with ffmpeg, with progress.
Profiles: ovo-s-bench, vcbench, rtv-bench, phostream, vsas-bench.`,
  stats: `Usage: tidemark stats --project <file.tidemark> [--json]

Per profile: questions by task type, top category, temporal type, facet and source; query points per
question; video durations; query-time and evidence-span distributions. --json prints them as JSON.`,
};

class UsageError extends Error {}

/** Opens an existing project for one command and closes it afterwards. */
async function withProject<T>(path: string, work: (project: Project) => T | Promise<T>): Promise<T> {
  if (!existsSync(path)) throw new ServiceError('not-found', `No project at ${path}.`);
  const project = Project.open(path, { create: false });
  try {
    return await work(project);
  } finally {
    project.close();
  }
}

function table(title: string, counts: Record<string, number>): string {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return `  ${title}:\n${rows.map(([k, n]) => `    ${String(n).padStart(6)}  ${k}`).join('\n')}`;
}

function describeStats(s: DatasetStats): string {
  const d = (x: DatasetStats['queryTimes'], unit: string) => `${x.count} values, min ${x.min.toFixed(1)}${unit}, median ${x.median.toFixed(1)}${unit}, mean ${x.mean.toFixed(1)}${unit}, max ${x.max.toFixed(1)}${unit}`;
  return [
    `${s.profile}: ${s.questions} questions, ${s.queryPoints} query points, ${s.videos} videos`,
    table('by task type', s.byTaskCode),
    table('by top category', s.byTopCategory),
    table('by temporal type', s.byTemporalType),
    ...Object.entries(s.byFacet).map(([facet, counts]) => table(`by ${facet}`, counts)),
    table('by source', s.bySource),
    `  query points per question: ${d(s.queryPointsPerQuestion, '')}`,
    `  video durations: ${d(s.videoDurations, ' s')}`,
    `  query times: ${d(s.queryTimes, ' s')}`,
    `  evidence spans: ${d(s.evidenceSpans, ' s')}`,
  ].join('\n');
}

function localCaller(env: NodeJS.ProcessEnv): Caller {
  const settings = new SettingsStore(defaultDataDir(env)).get();
  return { person: settings.personName, role: settings.role };
}

/** Long work reports on stderr, so stdout keeps only the command's result. */
function progressOn(io: CliIo): JobControl {
  return { signal: new AbortController().signal, progress: (fraction, message) => message && io.err(fraction === null ? message : `${Math.round(fraction * 100)}% ${message}`) };
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      io.out(HELP.main!);
      return command ? 0 : 2;
    }
    if (!(command in HELP)) throw new UsageError(`Unknown command "${command}".`);
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
        force: { type: 'boolean' },
        json: { type: 'boolean' },
        profile: { type: 'string' },
        sampling: { type: 'string' },
        cut: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.out(HELP[command]!);
      return 0;
    }
    const need = (name: 'format' | 'project' | 'out' | 'profile'): string => {
      const value = values[name];
      if (!value) throw new UsageError(`${command} needs --${name}.`);
      return value;
    };
    switch (command) {
      case 'formats':
        for (const f of listFormats()) io.out(`${f.id.padEnd(14)} ${[f.canImport ? 'import' : '', f.canExport ? 'export' : ''].filter(Boolean).join('/').padEnd(14)} ${f.label}`);
        return 0;
      case 'eval-inputs':
        return await withProject(resolve(need('project')), async (project) => {
          const rows = await evaluationInputs(project, need('profile'), values.sampling ?? 'uniform:128', {
            ...(values.cut ? { cutDir: resolve(values.cut), ffmpeg: resolveMediaTools('bundled', env).ffmpeg } : {}),
            control: progressOn(io),
          });
          const out = resolve(need('out'));
          writeFileSync(out, rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
          io.out(`Wrote ${rows.length} query points to ${out}.`);
          return 0;
        });
      case 'stats':
        return await withProject(resolve(need('project')), (project) => {
          const stats = projectStats(project);
          if (values.json) io.out(JSON.stringify(stats, null, 2));
          else for (const s of stats) io.out(describeStats(s));
          return 0;
        });
      case 'validate': {
        const file = positionals[0];
        if (!file) throw new UsageError('validate needs a file.');
        const result = validateFile(resolve(file), need('format'));
        for (const p of result.problems) io.err(formatProblem(p));
        io.out(`${result.records} records, ${result.items} questions, ${result.problems.length} problems`);
        return result.problems.length > 0 ? 1 : 0;
      }
      case 'import': {
        const file = positionals[0];
        if (!file) throw new UsageError('import needs a file.');
        const projectPath = resolve(need('project'));
        const format = need('format');
        const project = Project.open(projectPath, { create: !existsSync(projectPath) });
        try {
          const outcome = await importFile(
            project,
            localCaller(env),
            resolveMediaTools('bundled', env),
            { path: resolve(file), format, ...(values.media ? { mediaDir: resolve(values.media) } : {}), skipInvalid: values['skip-invalid'] ?? false },
            progressOn(io),
          );
          for (const p of outcome.problems) io.err(formatProblem(p));
          for (const m of outcome.missingMedia) io.err(`missing media: ${m.videoPath} (${m.questions} question${m.questions === 1 ? '' : 's'} not imported)`);
          if (outcome.refused) {
            io.out(`Nothing imported: ${outcome.problems.length} problem(s) in ${outcome.records} records. Fix them, or use --skip-invalid to import the good records.`);
            return 1;
          }
          if (outcome.problems.length > 0 || outcome.missingMedia.length > 0) {
            const report = resolve(values.report ?? `${file}.import-report.json`);
            writeFileSync(report, JSON.stringify({ file: outcome.file, format: outcome.format, problems: outcome.problems, missingMedia: outcome.missingMedia }, null, 2));
            io.out(`Report written to ${report}`);
          }
          io.out(
            outcome.format === LOSSLESS_FORMAT.id
              ? `Imported ${outcome.importedQuestions} of ${outcome.records} rows into ${projectPath}.`
              : `Imported ${outcome.importedQuestions} questions and ${outcome.importedMarks} marks from ${outcome.records} records into ${projectPath}.`,
          );
          return outcome.problems.length > 0 || outcome.missingMedia.length > 0 ? 1 : 0;
        } finally {
          project.close();
        }
      }
      case 'export':
        return await withProject(resolve(need('project')), (project) => {
          const format = need('format');
          const out = resolve(need('out'));
          try {
            const { text, count, readiness } = exportFile(project, format, { ...(values.media ? { mediaDir: resolve(values.media) } : {}), force: values.force ?? false });
            if (values.report && readiness) writeFileSync(resolve(values.report), JSON.stringify(readiness, null, 2));
            writeFileSync(out, text);
            const unit = format === LOSSLESS_FORMAT.id ? 'rows' : 'questions';
            io.out(`Wrote ${count} ${unit} to ${out}.${!readiness || readiness.ready ? '' : ` Forced: ${describeReadiness(readiness)}`}`);
          } catch (error) {
            if (!(error instanceof NotReadyError)) throw error;
            if (values.report) writeFileSync(resolve(values.report), JSON.stringify(error.report, null, 2));
            for (const issue of error.report.issues) io.err(`${issue.video}: ${issue.kind}: ${issue.message}`);
            io.out(error.message);
            return 1;
          }
          return 0;
        });
    }
    throw new UsageError(`Unknown command "${command}".`);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`tidemark: ${error.message}`);
      io.err(HELP[command ?? 'main'] ?? HELP.main!);
      return 2;
    }
    if (error instanceof ServiceError && error.code === 'invalid-request') {
      io.err(`tidemark: ${error.message}`);
      return 2;
    }
    io.err(`tidemark: ${(error as Error).message}`);
    return 1;
  }
}
