// Drafting: the endpoint (its key written, never read back), runs started as jobs after an estimate,
// and people's decisions on drafts — accept (one key), edit, reject, next undecided — each one
// edit of the project, undoable like any other.
import type { DraftDecision, DraftView } from '../../../../shared/drafting/drafts';
import type { EndpointSettings } from '../../../../shared/drafting/endpoint';
import { call } from '../../api/client';
import { shortcutLabel } from '../../shortcuts';
import { flash, reloadAnnotations, selectMark } from '../annotation/actions';
import { emit } from '../effects';
import { errorMessage, guarded, guardedFor } from '../guarded';
import { callerRole } from '../review/selectors';
import { getState, setState } from '../store';
import { emptyWhileBlind } from '../while-blind';
import type { FormRequest, RunForm } from './run-form';
import type { DraftingTab } from './state';
import { currentDraft, draftTime, nextUndecided } from './selectors';

/** Runs a call for the overlay: its error goes to the overlay's own line rather than the banner. */
function inOverlay<T>(work: () => Promise<T>): Promise<T | undefined> {
  setState({ draftingError: null });
  return guardedFor((message) => setState({ draftingError: message }), work);
}

export async function loadDrafts(): Promise<void> {
  const videoId = getState().selectedVideoId;
  // drafts carry answers (captions, candidate questions): a reviewer works blind to them
  if (!videoId || callerRole(getState()) === 'reviewer') return void setState({ modelDrafts: [] });
  // so does anyone with items waiting for their blind review, in whatever role: the services refuse, and there is nothing to show
  const drafts = await guarded(() => emptyWhileBlind(() => call('drafts.list', { videoId }), []));
  if (drafts && getState().selectedVideoId === videoId) setState({ modelDrafts: drafts });
}

export function chooseDraftingTab(tab: DraftingTab): void {
  setState({ draftingTab: tab });
  void loadDraftingTab(tab);
}

export async function loadDraftingTab(tab: DraftingTab): Promise<void> {
  if (tab === 'endpoint' || tab === 'run') {
    const endpoint = await inOverlay(() => call('drafting.endpoint'));
    if (endpoint) setState({ draftingEndpoint: endpoint });
  }
  if (tab === 'drafts') await loadDrafts();
  if (tab === 'statistics') {
    const stats = await inOverlay(() => call('drafts.stats'));
    if (stats) setState({ draftingStats: stats });
  }
}

/** Saves the endpoint's settings; false when they were refused (the reason is on the overlay's line). */
export async function configureEndpoint(patch: Partial<EndpointSettings>): Promise<boolean> {
  // a connection found for the settings before says nothing about these
  setState({ draftingConnection: null });
  const endpoint = await inOverlay(() => call('drafting.configure', patch));
  if (!endpoint) return false;
  setState({ draftingEndpoint: endpoint, draftingConnection: null });
  flash('Endpoint saved');
  return true;
}

/** Hands the key to the main process (null forgets it); only whether one is set comes back. */
export async function setEndpointKey(key: string | null): Promise<void> {
  const endpoint = await inOverlay(() => call('drafting.setKey', { key }));
  if (endpoint) {
    setState({ draftingEndpoint: endpoint, draftingConnection: null });
    flash(key === null ? 'Key forgotten' : 'Key kept by the app');
  }
}

export async function testConnection(): Promise<void> {
  setState({ draftingConnection: null });
  try {
    setState({ draftingConnection: await call('drafting.testConnection') });
  } catch (error) {
    setState({ draftingConnection: { error: errorMessage(error) } });
  }
}

export function setRunForm(patch: Partial<RunForm>): void {
  setState({ draftingForm: { ...getState().draftingForm, ...patch } });
}

/** The estimate of what the form asks for; Start is then offered for this very form. */
export async function estimateRun(request: FormRequest): Promise<void> {
  setState({ draftingEstimate: null, draftingEstimatedFor: null });
  if (request.kind === 'problems') return;
  const form = getState().draftingForm;
  const estimate = await inOverlay(() => (request.kind === 'probe' ? call('drafting.probeEstimate', request.run) : call('drafting.estimate', request.run)));
  if (estimate) setState({ draftingEstimate: estimate, draftingEstimatedFor: form });
}

export async function startRun(request: FormRequest): Promise<void> {
  if (request.kind === 'problems') return;
  const started = await inOverlay(() => (request.kind === 'probe' ? call('drafting.probe', request.run) : call('drafting.start', request.run)));
  if (started) {
    flash(request.kind === 'probe' ? 'Probing questions without video…' : `Drafting ${request.run.what}… (Cancel here or in the jobs bar keeps what is drafted)`);
    await emit('jobStarted');
  }
}

/** After a decision: the drafts and the annotations they made, as the project now has them. */
async function afterDecision(message: string): Promise<void> {
  flash(message);
  await Promise.all([loadDrafts(), reloadAnnotations()]);
}

export async function decideDrafts(ids: readonly string[], decision: DraftDecision): Promise<void> {
  if (ids.length === 0) return;
  const result = await guarded(() => call('drafts.decide', { ids: [...ids], decision }));
  if (result) await afterDecision(`${decision === 'accept' ? 'Accepted' : 'Rejected'} ${result.decided === 1 ? 'a draft' : `${result.decided} drafts`}`);
}

/** A caption draft kept with the person's text (accepted if it is the model's). */
export async function editDraft(id: string, text: string): Promise<void> {
  const result = await guarded(() => call('drafts.edit', { id, text }));
  if (result) await afterDecision('Caption draft kept with your text');
}

/** Goes to a draft: the playhead to it, its mark or question selected. */
export async function goToDraft(draft: DraftView): Promise<void> {
  const s = getState();
  if (draft.kind === 'question' && draft.madeId) await emit('showQuestion', draft.madeId);
  else {
    if (draft.kind !== 'caption' && draft.madeId) selectMark(draft.madeId, false);
    await emit('seek', draftTime(s, draft));
  }
}

/** Opens a draft's details in the Drafts tab (again: closes them). */
export function toggleDraftDetails(id: string): void {
  setState({ draftsDetailId: getState().draftsDetailId === id ? null : id });
}

/** Goes to a second of the video (a frame a draft was sent). */
export async function goToSecond(second: number): Promise<void> {
  await emit('seek', second);
}

function goToNextUndecided(direction: 1 | -1): boolean {
  const next = nextUndecided(getState(), direction);
  if (!next) {
    flash('No undecided drafts on this video');
    return false;
  }
  void goToDraft(next);
  return true;
}

export const nextUndecidedDraft = (): boolean => goToNextUndecided(1);
export const previousUndecidedDraft = (): boolean => goToNextUndecided(-1);

/**
 * The undecided draft the person is at, else null after saying in the status line why there is none
 * to decide (a key that does nothing and says nothing reads as broken) and which key finds one.
 */
function draftToDecide(decision: DraftDecision): DraftView | null {
  const s = getState();
  const draft = currentDraft(s);
  if (draft?.status === 'draft') return draft;
  const next = `${shortcutLabel('next-draft', s.keymap)} goes to the next undecided draft`;
  flash(draft ? `The draft here is already ${draft.status} — ${next}` : `No model draft at the playhead or selected${decision === 'reject' ? ' to reject' : ''} — ${next}`);
  return null;
}

/** The one key: accepts the draft the person is at (and moves on to the next undecided one). */
export function acceptCurrentDraft(): boolean {
  const draft = draftToDecide('accept');
  if (!draft) return false;
  void decideDrafts([draft.id], 'accept').then(() => goToNextUndecided(1));
  return true;
}

export function rejectCurrentDraft(): boolean {
  const draft = draftToDecide('reject');
  if (!draft) return false;
  void decideDrafts([draft.id], 'reject');
  return true;
}
