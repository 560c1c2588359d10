// What the review feature answers: the hooks that reset it with the project and let go of an item
// when another video is chosen, and the key that submits the review or decision being written.
import { on } from '../effects';
import { registerActions } from '../registry';
import { getState, setState } from '../store';
import { resetReview } from './actions';
import { decide } from './adjudication-actions';
import { submitReview } from './blind-review-actions';
import { keepOpenForms } from './kept-forms';
import { adjudicationItem } from './selectors';

/** Ctrl/⌘+Enter: submits the review being written, else the decision. */
function submitOpenForm(): boolean {
  const s = getState();
  if (s.reviewing && s.reviewDraft && !s.reviewContext?.mine) {
    void submitReview();
    return true;
  }
  if (adjudicationItem(s)) {
    void decide();
    return true;
  }
  return false;
}

export function registerReview(): void {
  keepOpenForms();
  on('projectChanged', resetReview);
  // another video chosen in the library: the item open on the previous one is left
  on('videoSelected', (videoId) => {
    const s = getState();
    if (s.reviewing && s.reviewing.videoId !== videoId) setState({ reviewing: null, reviewDraft: null, reviewContext: null });
    if (s.adjudicating && adjudicationItem(s)?.question.videoId !== videoId) setState({ adjudicating: null, decisionDraft: null });
  });
  on('overlayClosed', (overlay) => {
    if (overlay === 'review') setState({ reviewError: null });
  });
  registerActions({ 'review-submit': submitOpenForm });
}
