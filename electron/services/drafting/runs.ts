// Drafting runs as jobs: an estimate before anything is sent (requests, frames, tokens, dollars),
// then the run with its budget cap, progress and cancel; a run started again resumes past what is
// drafted. The text-only probe runs the same way.
import type { Caller } from '../../../shared/domain';
import { frameSize, plannedCost } from '../../../shared/drafting/estimate';
import type { EndpointSettings } from '../../../shared/drafting/endpoint';
import type { DraftEstimate, DraftOutcome, DraftRun, ProbeRun } from '../../../shared/drafting/runs';
import type { Machine, RequestContext } from '../context';
import { ServiceError } from '../errors';
import { UNWATCHED, type JobControl } from '../jobs/registry';
import type { Project } from '../projects/project';
import { draftCaptions, planCaptions } from './captions';
import { draftEvents, planEvents } from './events';
import { probeItems, probePromptChars, probeWithoutVideo } from './probe';
import { draftQuestions, planQuestions } from './questions';
import { runVideo, type RunVideo } from './run-video';
import { llmEndpoint } from './service';
import { DraftSession, type DraftingEndpoint } from '../llm/session';

/** Endpoint settings one run uses instead of the saved ones (the CLI's --base-url, --model, --concurrency); settings.json is not changed. */
export type EndpointOverrides = Partial<EndpointSettings>;

/** What of the machine a run uses: the saved endpoint and its key, and ffmpeg for the frames. */
type DraftingMachine = Pick<Machine, 'settings' | 'keys' | 'env' | 'tools'>;

/** The saved endpoint, with one run's overrides. */
export function draftingEndpoint(machine: Pick<Machine, 'settings' | 'keys' | 'env'>, overrides: EndpointOverrides = {}): DraftingEndpoint {
  const settings = { ...machine.settings.get().drafting, ...overrides };
  return { ...llmEndpoint(machine, settings), settings };
}

function planOf(project: Project, run: DraftRun, video: RunVideo) {
  switch (run.what) {
    case 'captions':
      return planCaptions(project, run, video);
    case 'events':
      return planEvents(project, run, video);
    case 'questions':
      return planQuestions(project, run, video);
  }
}

export async function estimateRun(machine: DraftingMachine, run: DraftRun, project: Project): Promise<DraftEstimate> {
  const settings = machine.settings.get().drafting;
  const video = await runVideo(project, run.videoId, machine.tools.ffmpeg, settings, UNWATCHED);
  const plan = await planOf(project, run, video);
  return { ...plannedCost(settings, frameSize(video.video, run.height), plan.requests), skipped: plan.skipped };
}

/** Runs a draft in the caller's name (the job's work; the CLI calls it directly). */
export async function runDraft(machine: DraftingMachine, project: Project, caller: Caller, run: DraftRun, control: JobControl, overrides: EndpointOverrides = {}): Promise<DraftOutcome> {
  const endpoint = draftingEndpoint(machine, overrides);
  const video = await runVideo(project, run.videoId, machine.tools.ffmpeg, endpoint.settings, control);
  const session = new DraftSession(endpoint, control, run.budgetUsd);
  switch (run.what) {
    case 'captions':
      return draftCaptions(project, caller, session, video, run);
    case 'events':
      return draftEvents(project, caller, session, video, run);
    case 'questions':
      return draftQuestions(project, caller, session, video, run);
  }
}

export async function startDraft(ctx: RequestContext, run: DraftRun): Promise<{ jobId: string }> {
  const { caller, machine } = ctx;
  const project = ctx.project();
  // a bad request (no such video, a task without text) is refused now, not as a failed job
  await estimateRun(machine, run, project);
  const name = (await project.stores.videos.get(run.videoId))?.name ?? run.videoId;
  // two runs drafting the same thing at once would both draft it: the second waits for the first to end
  if (ctx.jobs.findRunning('drafting', (job) => job.videoId === run.videoId && job.what === run.what)) {
    throw new ServiceError('conflict', `${name} is already being drafted (${run.what}); cancel that run or wait for it to end.`);
  }
  const job = ctx.jobs.start({ kind: 'drafting', label: `Draft ${run.what} for ${name}`, videoId: run.videoId, what: run.what }, (control) => runDraft(machine, project, caller, run, control));
  return { jobId: job.id };
}

export async function estimateProbe(machine: Pick<Machine, 'settings'>, run: ProbeRun, project: Project): Promise<DraftEstimate> {
  const { items, skipped } = await probeItems(project, run);
  const requests = items.flatMap(({ question }) => Array.from({ length: run.repeats }, () => ({ frames: 0, promptChars: probePromptChars(question), outputTokens: 10 })));
  return { ...plannedCost(machine.settings.get().drafting, { width: 0, height: 0 }, requests), skipped };
}

export function runProbe(machine: DraftingMachine, project: Project, caller: Caller, run: ProbeRun, control: JobControl, overrides: EndpointOverrides = {}): Promise<DraftOutcome> {
  const endpoint = draftingEndpoint(machine, overrides);
  const session = new DraftSession(endpoint, control, run.budgetUsd);
  return probeWithoutVideo(project, caller, session, run, (q) => plannedCost(endpoint.settings, { width: 0, height: 0 }, [{ frames: 0, promptChars: probePromptChars(q), outputTokens: 10 }]).costUsd);
}

export function startProbe(ctx: RequestContext, run: ProbeRun): { jobId: string } {
  const { caller, machine } = ctx;
  const project = ctx.project();
  if (ctx.jobs.findRunning('probe')) throw new ServiceError('conflict', 'A text-only probe is already running; cancel it or wait for it to end.');
  const job = ctx.jobs.start({ kind: 'probe', label: `Text-only probe (${run.repeats}×)`, profileId: run.profileId }, (control) => runProbe(machine, project, caller, run, control));
  return { jobId: job.id };
}
