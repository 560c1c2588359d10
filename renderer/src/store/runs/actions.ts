// Model runs: imported as a job (its report in the overlay), listed, removed (undoable), drawn as
// lanes on the timeline — the shown runs' responses to the selected video are loaded with it.
import type { Job } from '../../../../shared/jobs';
import type { RunFormatId } from '../../../../shared/runs/formats';
import type { EarlyResponse } from '../../../../shared/runs/replay';
import type { ScoringRules } from '../../../../shared/scoring/context';
import { call } from '../../api/client';
import { flash } from '../annotation/actions';
import { emit } from '../effects';
import { guarded, guardedFor } from '../guarded';
import { getState, setState } from '../store';
import { emptyWhileBlind } from '../while-blind';
import type { RunsTab } from './state';

const inOverlay = <T>(work: () => Promise<T>): Promise<T | undefined> => {
  setState({ runsError: null });
  return guardedFor((message) => setState({ runsError: message }), work);
};

export function chooseRunsTab(tab: RunsTab): void {
  setState({ runsTab: tab });
}

export async function loadRuns(): Promise<void> {
  if (!getState().info) return;
  const runs = await guarded(() => call('runs.list'));
  if (!runs) return;
  // a removed run's lane comes back with an undo: its id stays among the shown (lanes skip missing runs);
  // a project opened afresh shows its first runs
  const shown = getState().runsShown.length === 0 ? runs.slice(0, 5).map((r) => r.id) : getState().runsShown;
  setState({ runs, runsShown: shown });
  await loadRunResponses();
}

/** One run's responses to the selected video and what the scorer made of each (its lane; empty while the caller is blind). */
async function loadLane(runId: string, videoId: string) {
  const [responses, replay] = await Promise.all([
    guarded(() => emptyWhileBlind(() => call('runs.responses', { runId, videoId }), [])),
    guarded(() => emptyWhileBlind(() => call('runs.replay', { runId, videoId }), [])),
  ]);
  return { runId, responses: responses ?? [], replay: replay ?? [] };
}

/** The shown runs' lanes for the selected video. */
export async function loadRunResponses(): Promise<void> {
  const { selectedVideoId: videoId, runsShown } = getState();
  if (!videoId || runsShown.length === 0) return void setState({ runResponses: {}, runReplay: {} });
  const known = new Set(getState().runs.map((r) => r.id));
  const entries = await Promise.all(runsShown.filter((id) => known.has(id)).map((runId) => loadLane(runId, videoId)));
  if (getState().selectedVideoId !== videoId) return;
  setState({ runResponses: Object.fromEntries(entries.map((e) => [e.runId, e.responses])), runReplay: Object.fromEntries(entries.map((e) => [e.runId, e.replay])) });
}

export async function scoreRuns(profileId: string, extractor: string | null, rules: ScoringRules = 'release'): Promise<void> {
  setState({ scoreProfileId: profileId, scoreExtractor: extractor, scoreRules: rules, runScores: null });
  const scores = await inOverlay(() => call('runs.score', { profileId, extractor: extractor as never, rules }));
  if (scores) setState({ runScores: scores });
}

export async function loadEarly(): Promise<void> {
  const early = await inOverlay(() => call('runs.early', {}));
  if (early) setState({ runsEarly: early });
}

/** Goes to an early response: its video, its question, the playhead at the moment it came, the prefix-only view on. */
export async function showEarly(early: EarlyResponse): Promise<void> {
  if (getState().selectedVideoId !== early.videoId) await emit('selectVideo', early.videoId);
  await emit('showQuestion', early.questionId);
  // the prefix-only view up to the moment it answered: exactly what the model had seen
  setState({ prefixOnly: true, prefixUntil: early.t, selectedResponseId: early.id });
  if (!getState().runsShown.includes(early.runId)) await toggleRunLane(early.runId);
  await emit('seek', early.t);
}

/** Imports a run file in a format (the Tidemark run JSONL unless named), with the model for formats whose files do not name it. */
export async function importRun(path: string, skipInvalid: boolean, options: { format?: RunFormatId; model?: string } = {}): Promise<void> {
  setState({ lastRunImport: null });
  const model = options.model?.trim();
  const started = await inOverlay(() => call('runs.import', { path, skipInvalid, format: options.format ?? 'tidemark-run', ...(model ? { model } : {}) }));
  if (started) await emit('jobStarted');
}

/** A finished import: its report, and its runs shown at once. */
export async function onRunImportFinished(job: Extract<Job, { kind: 'run-import' }>): Promise<void> {
  if (job.state === 'failed') return void setState({ runsError: job.message });
  if (!job.result) return;
  setState({ lastRunImport: job.result });
  const before = new Set(getState().runs.map((r) => r.id));
  await loadRuns();
  // loadRuns shows a project's first runs when none were shown: those are not added a second time
  const shownNow = new Set(getState().runsShown);
  const added = getState()
    .runs.filter((r) => !before.has(r.id) && !shownNow.has(r.id))
    .map((r) => r.id);
  if (added.length) {
    setState({ runsShown: [...getState().runsShown, ...added] });
    await loadRunResponses();
  }
}

export async function removeRun(runId: string): Promise<void> {
  const run = getState().runs.find((r) => r.id === runId);
  const removed = await inOverlay(() => call('runs.remove', { runId }));
  if (removed !== undefined) {
    flash(`Removed run ${run?.label ?? ''} (undo brings it back)`);
    await loadRuns();
  }
}

/** Shows or hides a run's lane: only that run's responses are loaded (or dropped). */
export async function toggleRunLane(runId: string): Promise<void> {
  const { runsShown, selectedVideoId: videoId } = getState();
  if (runsShown.includes(runId)) {
    const { [runId]: _r, ...responses } = getState().runResponses;
    const { [runId]: _p, ...replay } = getState().runReplay;
    return void setState({ runsShown: runsShown.filter((id) => id !== runId), runResponses: responses, runReplay: replay });
  }
  setState({ runsShown: [...runsShown, runId] });
  if (!videoId) return;
  const lane = await loadLane(runId, videoId);
  if (getState().selectedVideoId !== videoId || !getState().runsShown.includes(runId)) return;
  setState({ runResponses: { ...getState().runResponses, [runId]: lane.responses }, runReplay: { ...getState().runReplay, [runId]: lane.replay } });
}

export function selectResponse(id: string | null): void {
  setState({ selectedResponseId: id });
}

export async function estimateJudge(profileId: string, repeats: number, budgetUsd: number | null): Promise<void> {
  setState({ judgeEstimate: null });
  const estimate = await inOverlay(() => call('runs.judgeEstimate', { profileId, repeats, budgetUsd }));
  if (estimate) setState({ judgeEstimate: estimate });
}

export async function startJudge(profileId: string, repeats: number, budgetUsd: number | null): Promise<void> {
  const started = await inOverlay(() => call('runs.judge', { profileId, repeats, budgetUsd }));
  if (started) {
    flash('Judging the runs’ free-text answers… (the jobs bar shows progress)');
    await emit('jobStarted');
  }
}

/** A judge run ended: the scoreboard is scored again with what it judged. */
export async function onJudgeFinished(job: Extract<Job, { kind: 'judge' }>): Promise<void> {
  const o = job.result;
  flash(
    job.state === 'failed'
      ? `Judging failed: ${job.message}`
      : `Judged ${o?.drafted ?? 0} answers${o?.failed ? `, ${o.failed} failed` : ''}${o?.skipped ? `, ${o.skipped} judged before` : ''}${job.state === 'cancelled' ? ' — cancelled' : o?.stoppedAtBudget ? ' — stopped at the budget' : ''}.`,
  );
  setState({ judgeEstimate: null });
  const { scoreProfileId, scoreExtractor } = getState();
  if (scoreProfileId) await scoreRuns(scoreProfileId, scoreExtractor);
  await loadRunResponses();
}

/** A blind sample of the judge's work for the caller to judge, and the agreement so far. */
export async function loadJudgeCheck(profileId: string): Promise<void> {
  const [sample, agreement] = await Promise.all([inOverlay(() => call('runs.judgeCheck', { profileId, size: 50 })), inOverlay(() => call('runs.judgeAgreement', { profileId }))]);
  setState({ judgeCheck: sample ?? null, judgeAgreement: agreement ?? null });
}

export async function judgeAsPerson(profileId: string, key: string, score: number, verdict: 'yes' | 'no' | null): Promise<void> {
  const done = await inOverlay(() => call('runs.judgeAsPerson', { key, score, verdict }));
  if (done === undefined) return;
  const agreement = await inOverlay(() => call('runs.judgeAgreement', { profileId }));
  setState({
    judgeCheck: getState().judgeCheck?.map((item) => (item.key === key ? { ...item, mine: { score, reason: '', ...(verdict ? { verdict } : {}) } } : item)) ?? null,
    ...(agreement ? { judgeAgreement: agreement } : {}),
  });
}
