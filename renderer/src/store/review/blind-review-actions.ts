// The blind review of one queue item: opening it (its video, its question, the first query time),
// the form (answers, own evidence, verdict, reason, notes), the submit with the time spent, and
// then the author's answers next to the reviewer's — which the services send only after it.
import type { QueueItem } from '../../../../shared/review/types';
import type { ReviewReason, ReviewVerdict } from '../../../../shared/reviews';
import { call } from '../../api/client';
import { emit } from '../effects';
import { playheadSnapped } from '../player/selectors';
import { getState, setState } from '../store';
import { inReview, loadReviewQueue, loadRounds } from './actions';
import { emptyReviewDraft } from './draft';
import { dropForm, keptForm, keptReviewSchema, reviewItemKey } from './kept-forms';
import { nextQueueItem, reviewPoints, reviewRequest } from './selectors';
import { noReviewItem, type DraftAnswer, type ReviewDraft } from './state';

/** Closes the overlay (when open) so the video and the timeline are free to use. */
function leaveOverlay(): void {
  const { overlay } = getState();
  if (!overlay) return;
  setState({ overlay: null });
  void emit('overlayClosed', overlay);
}

/** Opens a queue item: selects its video and question, seeks to its first query time, and starts the form's clock. */
export async function openQueueItem(item: Pick<QueueItem, 'questionId' | 'videoId' | 'round'>): Promise<void> {
  leaveOverlay();
  setState({ ...noReviewItem, reviewError: null });
  await emit('selectVideo', item.videoId);
  await emit('showQuestion', item.questionId);
  // a review left unfinished (Esc, another video, a person switch, a reload) comes back, its clock with it
  const kept = keptForm(reviewItemKey(item), keptReviewSchema);
  setState({ reviewing: { questionId: item.questionId, videoId: item.videoId, round: item.round, openedAt: Date.now() - (kept?.spentMs ?? 0) } });
  const empty = emptyReviewDraft(reviewPoints(getState()));
  setState({
    reviewDraft: kept ? { ...kept.draft, answers: { ...empty.answers, ...kept.draft.answers } } : empty,
    ...(kept ? { status: 'Your unfinished review of this item is back.' } : {}),
  });
  // the context, and the rounds for the round's numeric tolerance (the comparison after the submit uses it)
  const [context] = await Promise.all([inReview(() => call('reviews.context', { questionId: item.questionId })), loadRounds()]);
  if (context && getState().reviewing?.questionId === item.questionId) setState({ reviewContext: context });
}

export function closeReviewItem(): void {
  setState({ reviewing: null, reviewDraft: null, reviewContext: null, reviewError: null });
}

function editDraft(change: (draft: ReviewDraft) => Partial<ReviewDraft>): void {
  const draft = getState().reviewDraft;
  if (draft) setState({ reviewDraft: { ...draft, ...change(draft) } });
}

function editAnswer(queryPointId: string, change: (answer: DraftAnswer) => Partial<DraftAnswer>): void {
  editDraft((d) => {
    const current = d.answers[queryPointId] ?? { answer: '', evidence: [] };
    return { answers: { ...d.answers, [queryPointId]: { ...current, ...change(current) } } };
  });
}

export function setDraftAnswer(queryPointId: string, answer: string): void {
  editAnswer(queryPointId, () => ({ answer }));
}

/** The reviewer's own evidence at a query point: an edge at the playhead (start opens a new interval; end closes the last). */
export function setDraftEvidenceEdge(queryPointId: string, edge: 'start' | 'end'): void {
  const t = playheadSnapped(getState());
  editAnswer(queryPointId, (a) => {
    const evidence = a.evidence.map(([s, e]): [number, number] => [s, e]);
    const last = evidence.at(-1);
    if (edge === 'start' || !last) evidence.push([t, t]);
    else evidence[evidence.length - 1] = last[0] <= t ? [last[0], t] : [t, last[0]];
    return { evidence };
  });
}

export function clearDraftEvidence(queryPointId: string): void {
  editAnswer(queryPointId, () => ({ evidence: [] }));
}

export function setVerdict(verdict: ReviewVerdict): void {
  editDraft(() => ({ verdict }));
}

export function setReason(reason: ReviewReason | null): void {
  editDraft(() => ({ reason }));
}

export function setReviewNotes(notes: string): void {
  editDraft(() => ({ notes }));
}

/** Submits the review (time spent: from opening the item), then shows the author's answers beside the reviewer's. */
export async function submitReview(): Promise<boolean> {
  const s = getState();
  if (!s.reviewing || s.reviewContext?.mine) return false;
  const submission = reviewRequest(s, Date.now());
  if (!submission.ok) {
    setState({ reviewError: submission.error });
    return false;
  }
  const saved = await inReview(() => call('reviews.submit', submission.request));
  if (!saved) return false;
  dropForm(reviewItemKey(s.reviewing));
  const context = await inReview(() => call('reviews.context', { questionId: saved.questionId }));
  setState({ reviewError: null, status: `Review submitted (${saved.verdict}, ${saved.secondsSpent ?? 0} s)`, ...(context ? { reviewContext: context } : {}) });
  await loadReviewQueue();
  // the question is no longer blind to this reviewer, and its status may have moved
  await emit('annotationsChanged');
  return true;
}

/** Opens the next item of the queue still to review. */
export async function openNextItem(): Promise<void> {
  const next = nextQueueItem(getState());
  if (next) await openQueueItem(next);
  else setState({ status: 'Your queue is done.' });
}
