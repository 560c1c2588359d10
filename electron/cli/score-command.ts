// `tidemark score --project p.tidemark --run run.jsonl [--profile …] [--extractor …] [--json]`: a run
// file scored against a project's questions as the papers score them, without importing it. With
// --json one object {"runs": [{model, run, profile, overall, byCategory, items, notes}]}; otherwise a
// table per run and profile, categories by metrics, in the paper's layout.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem, type Problem } from '../../shared/formats/problems';
import { findRunFormat, runFormatIds } from '../../shared/runs/formats';
import { plural } from '../../shared/plural';
import { scoringRules, type ScoringRules } from '../../shared/scoring/context';
import { extractorIds, type ExtractorId } from '../../shared/scoring/extractors';
import type { Metrics } from '../../shared/scoring/types';
import { draftingEndpoint } from '../services/drafting/runs';
import { DraftSession } from '../services/llm/session';
import { UNWATCHED } from '../services/jobs/registry';
import { judgeInMemory } from '../services/runs/judge';
import { scoreRunFile, type FileJudge, type FileScore } from '../services/runs/score-file';
import { cliServices } from './draft-commands';
import { profileNamed, requireFile, UsageError, WHO_HELP, WHO_OPTIONS, whoFrom, withProject, type CliIo } from './common';

export const SCORE_HELP = {
  score: `Usage: tidemark score --project <file.tidemark> --run <run file or folder> [--format <run format>] [--profile <id|kind>] [--extractor <rule>] [--rules release|paper] [--json]

Scores a run file (Tidemark run JSONL: {"model","item","query","t","response"} a line) against the
project's questions as each paper scores them, without importing it: OVO-S accuracy with the macro
over levels, VCBench GPA / MoC / UDA, RTV accuracy and group Score, PhoStream timing classes (the
judged 0–5 score needs a judge), VSAS accuracy and consistency (judged), OVO-Bench by its release's
rules. Lines that match no question are listed and left out. Each run is scored on the profiles its
responses answer, or on --profile.

  --format FORMAT     the run file's format (default tidemark-run): ${runFormatIds.join(', ')};
                      --run may then name a folder: its files are one run (labelled by the folder),
                      as OVO-Bench's results/<Model>/
  --model NAME        the model, for formats whose files do not name it
  --extractor RULE    read the answers it reads with this rule instead of the release's (${extractorIds.join(', ')})
  --rules RULES       release (the default): as each benchmark's own release code scores; paper: as
                      its paper says, where the two differ (README lists where, per benchmark)
  --skip-invalid      score the good lines when some are bad
  --judge-model NAME, --judge-base-url URL
                      judge free-text answers (PhoStream, VSAS) with this model of the drafting
                      endpoint (or another server); the key as for tidemark draft; nothing is stored
  --json              one object: {"runs": [{model, run, profile, benchmark, overall, byCategory, items, notes, comparisons}],
                      "leftOut": [{file, line, item, reason}], "leftOutCount", "lineNotes": [{file, line, item, note}]};
                      comparisons: the run scored by the other rules (and by strict-letter beside
                      OVO-Bench's substring test) — {against, label, overall, byCategory, differences:
                      [{item, query, response, answer, scored, other}], differenceCount}; benchmark: whose
                      rules scored it — {id, label, release, rules: {timing, missing, aggregation}, ruleSet}

Exit codes: 0 scored, 1 problems in the file (nothing scored) or no line matched, 2 usage error.

${WHO_HELP}`,
};

const fmt = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : v.toFixed(2));

function table(score: FileScore): string[] {
  const metrics = [...new Set([...Object.keys(score.overall), ...Object.values(score.byCategory).flatMap((m) => Object.keys(m))])];
  const rows: Array<[string, Metrics]> = [...Object.entries(score.byCategory), ['Overall', score.overall]];
  const width = Math.max(8, ...rows.map(([c]) => c.length));
  return [
    `${score.model} · ${score.run} — ${score.profile}`,
    `${''.padEnd(width)}  ${metrics.map((m) => m.padStart(11)).join(' ')}`,
    ...rows.map(([category, m]) => `${category.padEnd(width)}  ${metrics.map((k) => fmt(m[k]).padStart(11)).join(' ')}`),
    `  scored by ${score.benchmark.ruleSet === 'paper' ? `${score.benchmark.label}'s paper` : (score.benchmark.release ?? `${score.benchmark.label}'s paper`)}: ${score.benchmark.rules.aggregation}`,
    ...score.notes.map((n) => `  note: ${n}`),
    // the same run by the other rules, and strictly beside a lenient release rule (--json lists the items)
    ...(score.comparisons ?? []).map((c) => `  beside: ${c.label}: overall ${metrics.map((k) => `${k} ${fmt(c.overall[k])}`).join(', ')}; ${plural(c.differenceCount, 'item')} scored differently`),
  ];
}

export async function scoreCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      project: { type: 'string' },
      run: { type: 'string' },
      format: { type: 'string' },
      model: { type: 'string' },
      profile: { type: 'string' },
      extractor: { type: 'string' },
      rules: { type: 'string' },
      'skip-invalid': { type: 'boolean' },
      json: { type: 'boolean' },
      'judge-model': { type: 'string' },
      'judge-base-url': { type: 'string' },
      ...WHO_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SCORE_HELP.score);
    return 0;
  }
  if (!values.project) throw new UsageError('Name the project: --project p.tidemark.');
  if (!values.run) throw new UsageError('Name the run file: --run run.jsonl.');
  if (values.extractor !== undefined && !(extractorIds as readonly string[]).includes(values.extractor))
    throw new UsageError(`--extractor: one of ${extractorIds.join(', ')} (got "${values.extractor}").`);
  if (values.rules !== undefined && !(scoringRules as readonly string[]).includes(values.rules)) throw new UsageError(`--rules: one of ${scoringRules.join(', ')} (got "${values.rules}").`);
  if (values.format !== undefined && !findRunFormat(values.format)) throw new UsageError(`--format: one of ${runFormatIds.join(', ')} (got "${values.format}").`);
  const projectPath = resolve(values.project);
  const runPath = resolve(values.run);
  requireFile(projectPath);
  // a folder of result files is one run (OVO-Bench's results/<Model>/)
  if (!existsSync(runPath)) throw new Error(`No file or folder at ${runPath}.`);
  const who = whoFrom(values, env);
  // scores say what each item's answer is: checked as the scoreboard's call is
  return withProject(projectPath, 'read', { who, method: 'runs.score' }, async (project) => {
    let profileId: string | null = null;
    if (values.profile) {
      const profiles = await project.stores.profiles.list();
      const found = profileNamed(profiles, values.profile);
      if (!found) throw new UsageError(`--profile: no profile "${values.profile}" in the project (${profiles.map((p) => (p.kind === 'custom' ? p.id : p.kind)).join(', ')}).`);
      profileId = found.id;
    }
    const judging = values['judge-model'] !== undefined || values['judge-base-url'] !== undefined;
    const judge: FileJudge | null = judging
      ? async (benchmarkJudge, items, unjudged) => {
          const overrides = { ...(values['judge-model'] ? { model: values['judge-model'] } : {}), ...(values['judge-base-url'] ? { baseURL: values['judge-base-url'] } : {}) };
          const session = new DraftSession(draftingEndpoint(cliServices(env, who), overrides), UNWATCHED, null);
          const lookup = await judgeInMemory(session, benchmarkJudge, items, unjudged);
          io.err(`judged ${plural(session.outcome.drafted, 'answer')} with ${session.endpoint.model}${session.outcome.failed ? `, ${session.outcome.failed} failed` : ''}`);
          return lookup;
        }
      : null;
    const source = { ...(values.format ? { format: values.format } : {}), ...(values.model ? { model: values.model } : {}) };
    const options = { ...(values.extractor ? { extractor: values.extractor as ExtractorId } : {}), ...(values.rules ? { rules: values.rules as ScoringRules } : {}) };
    const result = await scoreRunFile(project, runPath, profileId, options, judge, source);
    if (result.problems.length > 0 && !values['skip-invalid']) {
      for (const p of result.problems) io.err(formatProblem(p));
      io.err(`tidemark: ${plural(result.problems.length, 'problem')} in the run file; nothing scored (--skip-invalid scores the good lines).`);
      return 1;
    }
    for (const p of result.unmatched) io.err(`${formatProblem(p)} (left out)`);
    for (const p of result.notes) io.err(`${formatProblem(p)} (scored so)`);
    if (result.scores.length === 0) {
      // every line left out (OVO-S error results, say) is not "nothing matches": the reasons are above
      io.err(
        result.unmatched.length > 0
          ? `tidemark: nothing to score: every line of the run file was left out (${plural(result.unmatched.length, 'line')}, each with its reason above).`
          : 'tidemark: no line of the run file matches a question of the project.',
      );
      return 1;
    }
    if (values.json) {
      // the item a line names, as its file gives it (a line the format could not tie to one names none)
      const itemOf = (p: Problem): string | null => result.lineItems.get(`${p.file}:${p.line}`) ?? null;
      io.out(
        JSON.stringify({
          runs: result.scores.map(({ model, run, profile, benchmark, overall, byCategory, items, notes, comparisons }) => ({
            model,
            run,
            profile,
            benchmark,
            overall,
            byCategory,
            items,
            notes,
            comparisons: comparisons ?? [],
          })),
          leftOut: result.unmatched.map((p) => ({ file: p.file, line: p.line, item: itemOf(p), reason: p.reason })),
          leftOutCount: result.unmatched.length,
          lineNotes: result.notes.map((p) => ({ file: p.file, line: p.line, item: itemOf(p), note: p.reason })),
        }),
      );
    } else for (const score of result.scores) io.out([...table(score), ''].join('\n'));
    return 0;
  });
}
