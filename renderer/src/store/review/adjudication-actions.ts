// Adjudication of an escalated item: opening it (its video at the query time, the author's and each
// reviewer's evidence as lanes), the decision — keep the author's answer, keep a reviewer's, edit,
// or reject — with its reason, and then the queue and the question reloaded (its status follows).
import type { AdjudicationItem } from '../../../../shared/review/types';
import { call } from '../../api/client';
import { emit } from '../effects';
import { getState, setState } from '../store';
import { inReview, loadAdjudicationQueue, loadRounds } from './actions';
import { emptyDecisionDraft } from './draft';
import { decisionItemKey, dropForm, keptDecisionSchema, keptForm } from './kept-forms';
import { decisionRequest } from './selectors';
import { noReviewItem, type DecisionDraft } from './state';

export async function openAdjudicationItem(item: Pick<AdjudicationItem, 'question' | 'round'>): Promise<void> {
  const { overlay } = getState();
  if (overlay) {
    setState({ overlay: null });
    void emit('overlayClosed', overlay);
  }
  setState({ ...noReviewItem, reviewError: null });
  await emit('selectVideo', item.question.videoId);
  await emit('showQuestion', item.question.id);
  const kept = keptForm(decisionItemKey({ questionId: item.question.id, round: item.round }), keptDecisionSchema);
  setState({ adjudicating: { questionId: item.question.id, round: item.round }, decisionDraft: kept ?? emptyDecisionDraft() });
}

export function closeAdjudication(): void {
  setState({ adjudicating: null, decisionDraft: null, reviewError: null });
}

export function editDecision(change: Partial<DecisionDraft>): void {
  const draft = getState().decisionDraft;
  if (draft) setState({ decisionDraft: { ...draft, ...change } });
}

export function setDecisionAnswer(queryPointId: string, answer: string): void {
  const draft = getState().decisionDraft;
  if (draft) setState({ decisionDraft: { ...draft, decision: 'edit', answers: { ...draft.answers, [queryPointId]: answer } } });
}

/** Records the decision; the item leaves the queue and the question's status follows it. */
export async function decide(): Promise<boolean> {
  const submission = decisionRequest(getState());
  if (!submission.ok) {
    setState({ reviewError: submission.error });
    return false;
  }
  const decided = await inReview(() => call('adjudication.decide', submission.request));
  if (!decided) return false;
  dropForm(decisionItemKey(submission.request));
  setState({ adjudicating: null, decisionDraft: null, reviewError: null, status: `Decision recorded: ${decided.decision.replace('-', ' ')}${decided.reason ? ` (${decided.reason})` : ''}` });
  await Promise.all([loadAdjudicationQueue(), loadRounds()]);
  await emit('annotationsChanged');
  return true;
}
