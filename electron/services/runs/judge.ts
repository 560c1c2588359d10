// The judge runner: what runs leave to a judge on a profile (PhoStream's on-time free-text answers,
// VSAS's seconds), asked of the drafting endpoint's model (or another) N times each, through the one
// LLM client — an estimate first, a budget, progress, cancel; answers already judged with the same
// model and prompt version (by any run) are not asked again. A judgment that does not parse scores 0
// for PhoStream, as its release does; for VSAS it stays unjudged.
import { benchmarkOf } from '../../../shared/benchmarks';
import type { Caller } from '../../../shared/domain';
import { plannedCost } from '../../../shared/drafting/estimate';
import type { DraftEstimate, DraftOutcome } from '../../../shared/drafting/runs';
import { judgeKey, judgeRequests, type Judge, type JudgeRequest } from '../../../shared/scoring/judge';
import type { Judgment, JudgeLookup, RunScore, ScoringItem } from '../../../shared/scoring/types';
import { scoreRun } from '../../../shared/scoring/score';
import type { Machine } from '../context';
import { draftingEndpoint, type EndpointOverrides } from '../drafting/runs';
import { DraftSession } from '../llm/session';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import type { Project } from '../projects/project';
import { judgmentLookup } from './judgments';
import type { JudgmentFields } from './store';
import { Pacer } from '../pacer';
import { profileItems, withResponses } from './scoring';

interface JudgeRun {
  profileId: string;
  runIds: readonly string[];
  repeats: number;
  budgetUsd: number | null;
}

interface Task {
  key: string;
  repeat: number;
  request: JudgeRequest;
}

/**
 * What the runs (all when none are named) leave to a judge on a profile, by key, and the judgments
 * stored for those keys — read on a snapshot, a slice at a time.
 */
export function requestsOf(project: Project, profileId: string, runIds: readonly string[], model: string) {
  return project.snapshot(async (stores) => {
    const pacer = new Pacer();
    const store = stores.runs;
    const p = await profileItems(stores, profileId, null, pacer);
    const { judge } = benchmarkOf(p.profile);
    if (!judge) throw new ServiceError('invalid-request', `${p.profile.name} is not judged: its answers are read by extraction rules.`);
    const runs = runIds.length ? await Promise.all(runIds.map(async (id) => (await store.get(id)) ?? notFound())) : await store.list();
    const requests = new Map<string, JudgeRequest>();
    for (const r of runs) {
      const items = withResponses(p, await store.scan.responsesOfRun(r.id, pacer));
      const unjudged = scoreRun({ kind: p.profile.kind, name: p.profile.name, taxonomy: p.profile.taxonomy }, items);
      for (const request of judgeRequests(judge, items, unjudged)) requests.set(judgeKey(model, judge.prompt, request), request);
      await pacer.pace();
    }
    return { judge, requests, stored: await store.judgments(requests.keys()) };
  });
}

/** The requests still to ask: each request of each run, once per repeat not yet stored. */
async function plan(project: Project, run: JudgeRun, model: string) {
  const { judge, requests, stored } = await requestsOf(project, run.profileId, run.runIds, model);
  const tasks: Task[] = [];
  let skipped = 0;
  for (const [key, request] of requests) {
    const have = stored.get(key)?.length ?? 0;
    skipped += Math.min(have, run.repeats);
    for (let repeat = have; repeat < run.repeats; repeat++) tasks.push({ key, repeat, request });
  }
  return { judge, tasks, skipped };
}

function notFound(): never {
  throw new ServiceError('not-found', 'No such run (removed, or undone?).');
}

const OUTPUT_TOKENS = 60;

/** What of the machine judging uses: the drafting endpoint and its key. */
type JudgingMachine = Pick<Machine, 'settings' | 'keys' | 'env'>;

export async function estimateJudging(machine: JudgingMachine, project: Project, run: JudgeRun, overrides: EndpointOverrides = {}): Promise<DraftEstimate> {
  const endpoint = draftingEndpoint(machine, overrides);
  const { judge, tasks, skipped } = await plan(project, run, endpoint.model);
  const requests = tasks.map((t) => ({ frames: 0, promptChars: judge.prompt.system.length + judge.text(t.request).length, outputTokens: OUTPUT_TOKENS }));
  return { ...plannedCost(endpoint.settings, { width: 0, height: 0 }, requests), skipped };
}

/** Asks the judge for each task (a request and a repeat) and hands each judgment to `keep`. */
async function askJudge(session: DraftSession, judge: Judge, tasks: readonly Task[], keep: (task: Task, judgment: Judgment, fields: JudgmentFields) => Promise<void>): Promise<DraftOutcome> {
  const { settings, model } = session.endpoint;
  const { prompt } = judge;
  return session.each(
    tasks,
    settings.concurrency,
    (done, total) => `Judged ${done} of ${total}`,
    async (task) => {
      const text = judge.text(task.request);
      const estimate = plannedCost(settings, { width: 0, height: 0 }, [{ frames: 0, promptChars: prompt.system.length + text.length, outputTokens: OUTPUT_TOKENS }]).costUsd;
      const answer = await session.ask(prompt, { text }, judge.schema, 'judgment', estimate);
      if (!answer) return;
      const judgment = answer.ok ? judge.judgment(answer.value) : judge.unreadable(answer.error);
      if (answer.ok) session.outcome.drafted++;
      else session.outcome.failed++;
      if (judgment)
        await keep(task, judgment, {
          reason: judgment.reason,
          model,
          template: prompt.template,
          version: prompt.version,
          raw: answer.raw,
          inputTokens: answer.usage.inputTokens,
          outputTokens: answer.usage.outputTokens,
          costUsd: answer.costUsd,
        });
    },
  );
}

export async function judgeRuns(machine: JudgingMachine, project: Project, caller: Caller, run: JudgeRun, control: JobControl, overrides: EndpointOverrides = {}): Promise<DraftOutcome> {
  const endpoint = draftingEndpoint(machine, overrides);
  const { judge, tasks, skipped } = await plan(project, run, endpoint.model);
  const session = new DraftSession(endpoint, control, run.budgetUsd);
  session.outcome.skipped = skipped;
  return askJudge(session, judge, tasks, (task, judgment, fields) =>
    project.edit(caller.person, 'Judgment', async (w) => {
      // another judge run may have stored this repeat meanwhile: the first stands
      if (await w.runs.isJudged(task.key, task.repeat)) return;
      await w.runs.addJudgment(task.key, task.repeat, judgment, fields);
    }),
  );
}

/** Judges in memory (nothing stored: the CLI scores a run file without importing it); the lookup scoring uses. */
export async function judgeInMemory(session: DraftSession, judge: Judge, items: readonly ScoringItem[], unjudged: RunScore): Promise<JudgeLookup> {
  const requests = judgeRequests(judge, items, unjudged);
  const byKey = new Map(requests.map((r) => [judgeKey(session.endpoint.model, judge.prompt, r), r]));
  const judged = new Map<string, Judgment>();
  await askJudge(
    session,
    judge,
    [...byKey].map(([key, request]) => ({ key, repeat: 0, request })),
    async (task, judgment) => void judged.set(task.key, judgment),
  );
  return judgmentLookup(requests, (r) => judged.get(judgeKey(session.endpoint.model, judge.prompt, r)) ?? null);
}
