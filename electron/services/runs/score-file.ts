// Scoring a run file against a project without importing it (the CLI's `tidemark score`): its lines
// read (in its format: the Tidemark run JSONL, or a benchmark tool's results) and matched as an import
// would, then each run scored on each profile its responses answer (or on the one named). A folder is
// one run per model: every file in it read, the folder's name the run's label (OVO-Bench's
// results/<Model>/ folders). The project is only read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Problem } from '../../../shared/formats/problems';
import { decodeText } from '../../../shared/formats/decode-text';
import { findRunFormat, readAllRuns } from '../../../shared/runs/formats';
import type { RunLine } from '../../../shared/runs/run-file';
import type { ModelResponse } from '../../../shared/runs/types';
import { compareRules } from '../../../shared/scoring/compare';
import { scoreRun, type ScoreOptions } from '../../../shared/scoring/score';
import { benchmarkOf, type Benchmark } from '../../../shared/benchmarks';
import type { ScoringRules } from '../../../shared/scoring/context';
import type { Judge } from '../../../shared/scoring/judge';
import type { JudgeLookup, RunScore, ScoringItem } from '../../../shared/scoring/types';
import type { Project } from '../projects/project';
import { itemIndex } from './matching';
import { Pacer } from '../pacer';
import { profileItems, withResponses, type ProfileItems } from './scoring';

export interface FileScore extends RunScore {
  model: string;
  run: string;
  /** The benchmark whose rules scored it, and which of its rule sets. */
  benchmark: Pick<Benchmark, 'id' | 'label' | 'release' | 'rules'> & { ruleSet: ScoringRules };
}

interface FileScoring {
  scores: FileScore[];
  problems: Problem[];
  /** Lines left out: they match no question (or the format ties them to none), each with why. */
  unmatched: Problem[];
  /** Lines scored otherwise than they say (a twin's id, a ground truth that is not the key), each with why. */
  notes: Problem[];
  /** The item each line read names, by "file:line". */
  lineItems: Map<string, string>;
}

/** What the run file is: its format (shared/runs/formats; the Tidemark run JSONL by default) and, for formats whose files do not name it, the model. */
interface RunSource {
  format?: string;
  model?: string;
}

/** A file's (or a folder's files') lines, each with its file, and what could not be read. */
function readRuns(path: string, source: RunSource): { lines: Array<RunLine & { file: string }>; problems: Problem[]; unmatched: Problem[]; label: string } {
  const format = findRunFormat(source.format ?? 'tidemark-run');
  if (!format) throw new Error(`No run format "${source.format}".`);
  const folder = statSync(path).isDirectory();
  const files = folder
    ? readdirSync(path)
        .filter((f) => !f.startsWith('.') && statSync(join(path, f)).isFile())
        .sort()
        .map((f) => join(path, f))
    : [path];
  const out = { lines: [] as Array<RunLine & { file: string }>, problems: [] as Problem[], unmatched: [] as Problem[], label: folder ? basename(path) : basename(path).replace(/\.jsonl?$/i, '') };
  for (const full of files) {
    const file = basename(full);
    const decoded = decodeText(readFileSync(full), file);
    const read = readAllRuns(format.read(decoded.text, file, source.model ? { model: source.model } : {}));
    out.problems.push(...decoded.problems, ...read.problems);
    out.unmatched.push(...(read.unmatched ?? []));
    for (const line of read.lines) out.lines.push({ ...line, file });
  }
  return out;
}

/** Judges what a run leaves to a judge (the CLI's --judge-model), for a judged profile. */
export type FileJudge = (judge: Judge, items: readonly ScoringItem[], unjudged: RunScore) => Promise<JudgeLookup | null>;

export async function scoreRunFile(project: Project, path: string, profileId: string | null, options: ScoreOptions = {}, judge: FileJudge | null = null, source: RunSource = {}): Promise<FileScoring> {
  const read = readRuns(path, source);
  const pacer = new Pacer();
  const index = await itemIndex(project.stores, pacer);
  const unmatched: Problem[] = [...read.unmatched];
  const notes: Problem[] = [];
  // responses by run (model and label), each with its question's profile
  const runs = new Map<string, { model: string; run: string; responses: ModelResponse[]; profiles: Set<string> }>();
  const label = read.label;
  for (const line of read.lines) {
    // a file of a hundred thousand lines lets other work in as it is matched
    await pacer.pace();
    const { file } = line;
    const match = await index.match(line);
    if (!('matched' in match)) {
      unmatched.push({ file, line: line.line, field: match.field, reason: match.reason });
      continue;
    }
    if (match.note) notes.push({ file, line: line.line, field: 'item', reason: match.note });
    const matched = match.matched;
    const key = `${line.model}\u0000${line.run ?? label}`;
    if (!runs.has(key)) runs.set(key, { model: line.model, run: line.run ?? label, responses: [], profiles: new Set() });
    const run = runs.get(key)!;
    run.profiles.add(matched.question.profileId);
    run.responses.push({
      id: `${file}:${line.line}`,
      runId: key,
      questionId: matched.question.id,
      query: match.query,
      t: line.t ?? null,
      text: line.response,
      latency: line.latency ?? null,
      ...(line.meta !== undefined ? { meta: line.meta } : {}),
    });
  }
  const items = new Map<string, ProfileItems>();
  const scores: FileScore[] = [];
  for (const run of runs.values()) {
    for (const pid of profileId ? [profileId] : [...run.profiles].sort()) {
      if (!items.has(pid)) items.set(pid, await project.snapshot((stores) => profileItems(stores, pid, null, pacer)));
      const p = items.get(pid)!;
      const profile = { kind: p.profile.kind, name: p.profile.name, taxonomy: p.profile.taxonomy };
      const scoringItems = withResponses(p, run.responses);
      let score = scoreRun(profile, scoringItems, options);
      const benchmarkJudge = benchmarkOf(p.profile).judge;
      const judgments = judge && benchmarkJudge ? await judge(benchmarkJudge, scoringItems, score) : null;
      if (judgments) score = scoreRun(profile, scoringItems, { ...options, judgments });
      // the other rules (and a strict extractor beside a lenient release rule) scored beside: compare.ts
      const comparisons = compareRules(profile, scoringItems, judgments ? { ...options, judgments } : options, score);
      const { id, label: benchmarkLabel, release, rules } = benchmarkOf(p.profile);
      scores.push({ model: run.model, run: run.run, ...score, comparisons, benchmark: { id, label: benchmarkLabel, release, rules, ruleSet: options.rules ?? 'release' } });
    }
  }
  return { scores, problems: read.problems, unmatched, notes, lineItems: new Map(read.lines.map((l) => [`${l.file}:${l.line}`, l.item])) };
}
