// Review: loading what the overlay's tabs show, and the error they share. The work of each part —
// the caller, people and guidelines, rounds, the blind review, adjudication, the report, packages —
// is in its own module beside this one; register.ts wires the hooks and keys.
import { call } from '../../api/client';
import { errorMessage } from '../guarded';
import { getState, setState } from '../store';
import { initialReviewState, type ReviewTab } from './state';

/** Runs a call whose failure belongs to the review overlay or panel (not the page banner). */
export async function inReview<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    const result = await work();
    return result;
  } catch (error) {
    setState({ reviewError: errorMessage(error) });
    return undefined;
  }
}

export function showReviewError(message: string | null): void {
  setState({ reviewError: message });
}

export async function loadPeople(): Promise<void> {
  const people = await inReview(() => call('people.list'));
  if (people) setState({ people });
}

export async function loadGuidelines(): Promise<void> {
  const guidelines = await inReview(() => call('guidelines.list'));
  if (guidelines) setState({ guidelines });
}

export async function loadRounds(): Promise<void> {
  const rounds = await inReview(() => call('rounds.list'));
  if (rounds) setState({ rounds });
}

export async function loadReviewQueue(): Promise<void> {
  const reviewQueue = await inReview(() => call('reviews.queue', { round: null }));
  if (reviewQueue) setState({ reviewQueue });
}

export async function loadAdjudicationQueue(): Promise<void> {
  const adjudicationQueue = await inReview(() => call('adjudication.queue', { round: null }));
  if (adjudicationQueue) setState({ adjudicationQueue });
}

/** What a tab shows, fetched when it is opened. */
export async function loadReviewTab(tab: ReviewTab): Promise<void> {
  switch (tab) {
    case 'queue':
      return loadReviewQueue();
    case 'rounds':
      await Promise.all([loadRounds(), loadPeople(), loadGuidelines()]);
      return;
    case 'people':
      return loadPeople();
    case 'guidelines':
      return loadGuidelines();
    case 'adjudication':
      return loadAdjudicationQueue();
    case 'report':
      // the report itself is made when asked for (it reads every review)
      return loadRounds();
  }
}

/** Shows a tab (the overlay loads what it shows when it appears). */
export function chooseReviewTab(tab: ReviewTab): void {
  setState({ reviewTab: tab, reviewError: null });
}

/** A project opened or closed: nothing of the previous one's review stays (the report's choices do). */
export function resetReview(): void {
  const { reviewTab, reportBy } = getState();
  setState({ ...initialReviewState, reviewTab, reportBy });
}
