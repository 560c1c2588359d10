// Rounds: the live preview of what a new round would take, opening and closing rounds.
import type { ApiRequest } from '../../../../shared/api';
import { call } from '../../api/client';
import { setState } from '../store';
import { inReview, loadRounds } from './actions';

let previews = 0;

/** Asks what a round would take; an answer older than the latest request is dropped. */
export async function previewRound(request: ApiRequest<'rounds.preview'> | null): Promise<void> {
  const seq = ++previews;
  if (!request) {
    setState({ roundPreview: null });
    return;
  }
  const preview = await inReview(() => call('rounds.preview', request));
  if (seq === previews && preview) setState({ roundPreview: preview, reviewError: null });
}

export async function openRound(request: ApiRequest<'rounds.open'>): Promise<boolean> {
  const round = await inReview(() => call('rounds.open', request));
  if (!round) return false;
  setState({ reviewError: null, roundPreview: null, status: `Opened round ${round.number}: ${round.name}` });
  await loadRounds();
  return true;
}

export async function closeRound(round: number): Promise<void> {
  const closed = await inReview(() => call('rounds.close', { round }));
  if (!closed) return;
  setState({ reviewError: null, status: `Closed round ${closed.number}: ${closed.name}` });
  await loadRounds();
}
