// Scoring a run file against a project without importing it (the CLI's `tidemark score`): its lines
// read and matched as an import would, then each run scored on each profile its responses answer
// (or on the one named). The project is only read.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { decodeText, type Problem } from '../../../shared/formats/json-text';
import { readRunFile } from '../../../shared/runs/run-file';
import type { ModelResponse } from '../../../shared/runs/types';
import { scoreRun, type ScoreOptions } from '../../../shared/scoring/score';
import type { ProfileKind } from '../../../shared/profiles';
import type { JudgeLookup, RunScore, ScoringItem } from '../../../shared/scoring/types';
import type { Project } from '../projects/project';
import { itemIndex } from './matching';
import { Pacer } from '../pacer';
import { profileItems, withResponses, type ProfileItems } from './scoring';

export interface FileScore extends RunScore {
  model: string;
  run: string;
}

export interface FileScoring {
  scores: FileScore[];
  problems: Problem[];
  unmatched: Problem[];
}

/** Judges what a run leaves to a judge (the CLI's --judge-model), for a judged profile. */
export type FileJudge = (profile: ProfileKind, items: readonly ScoringItem[], unjudged: RunScore) => Promise<JudgeLookup | null>;

export async function scoreRunFile(project: Project, path: string, profileId: string | null, options: ScoreOptions = {}, judge: FileJudge | null = null): Promise<FileScoring> {
  const file = basename(path);
  const decoded = decodeText(readFileSync(path), file);
  const read = readRunFile(decoded.text, file);
  const db = project.store.db;
  const index = itemIndex(project, db);
  const unmatched: Problem[] = [];
  // responses by run (model and label), each with its question's profile
  const runs = new Map<string, { model: string; run: string; responses: ModelResponse[]; profiles: Set<string> }>();
  const label = file.replace(/\.jsonl?$/i, '');
  for (const line of read.lines) {
    const match = index.match(line);
    if (!('matched' in match)) {
      unmatched.push({ file, line: line.line, field: match.field, reason: match.reason });
      continue;
    }
    const matched = match.matched;
    const key = `${line.model}\u0000${line.run ?? label}`;
    if (!runs.has(key)) runs.set(key, { model: line.model, run: line.run ?? label, responses: [], profiles: new Set() });
    const run = runs.get(key)!;
    run.profiles.add(matched.question.profileId);
    run.responses.push({ id: String(line.line), runId: key, questionId: matched.question.id, query: match.query, t: line.t ?? null, text: line.response, latency: line.latency ?? null });
  }
  const items = new Map<string, ProfileItems>();
  const pacer = new Pacer();
  const scores: FileScore[] = [];
  for (const run of runs.values()) {
    for (const pid of profileId ? [profileId] : [...run.profiles].sort()) {
      if (!items.has(pid)) items.set(pid, await project.store.snapshot((snapshot) => profileItems(project, snapshot, pid, null, pacer)));
      const p = items.get(pid)!;
      const profile = { kind: p.profile.kind, taxonomy: p.profile.taxonomy };
      const scoringItems = withResponses(p, run.responses);
      let score = scoreRun(profile, scoringItems, options);
      const judgments = judge ? await judge(p.profile.kind, scoringItems, score) : null;
      if (judgments) score = scoreRun(profile, scoringItems, { ...options, judgments });
      scores.push({ model: run.model, run: run.run, ...score });
    }
  }
  return { scores, problems: [...decoded.problems, ...read.problems], unmatched };
}
