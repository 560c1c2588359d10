// What the annotation feature answers: the keys that mark, question and undo, Esc, and the hooks that
// reload annotations when a video is selected.
import { focusFieldSoon } from '../../dom/focus';
import { on } from '../effects';
import { newQuestionProfile } from '../profiles/selectors';
import { registerActions } from '../registry';
import { getState } from '../store';
import { clearSelection, loadAnnotations, reloadAnnotations, setPrefixOnly, showQuestion, undoRedo } from './actions';
import { cancelOpenInterval, closeSpan, cycleBoundary, openSpan, toggleEntity } from './interval-actions';
import { addMoment, jumpToMark, nudgeSelected, removeMarks, splitCycle } from './mark-actions';
import { createQuestion, discardUntouchedQuestion, removeQueryPoint, setEvidenceEdge, setPointTime, setQueryTime } from './question-actions';

/** Del: the selected mark, else the selected query point. */
async function deleteSelected(): Promise<void> {
  const s = getState();
  if (s.selectedMarkId) await removeMarks([s.selectedMarkId]);
  else if (s.selectedQueryPointId) await removeQueryPoint(s.selectedQueryPointId);
}

/** N: a question in the chosen profile with a query point at the playhead, its text ready to type. */
async function newQuestion(): Promise<void> {
  const profileId = newQuestionProfile(getState());
  if (!profileId) return;
  if (await createQuestion({ profileId })) focusFieldSoon('question-text');
}

export function registerAnnotation(): void {
  on('videoSelected', loadAnnotations);
  on('annotationsChanged', reloadAnnotations);
  on('showQuestion', showQuestion);
  registerActions({
    'next-mark': () => jumpToMark(1),
    'previous-mark': () => jumpToMark(-1),
    event: () => addMoment('event'),
    identity: () => addMoment('identity'),
    count: () => {
      addMoment('count');
      focusFieldSoon('mark-count', 50);
    },
    'span-open': () => void openSpan(),
    'span-close': () => void closeSpan(),
    cycle: () => void cycleBoundary(false),
    'cycle-last': () => void cycleBoundary(true),
    split: splitCycle,
    entity: () => void toggleEntity(),
    'nudge-start-back': () => nudgeSelected('start', -1),
    'nudge-start-forward': () => nudgeSelected('start', 1),
    'nudge-end-back': () => nudgeSelected('end', -1),
    'nudge-end-forward': () => nudgeSelected('end', 1),
    delete: () => void deleteSelected(),
    'new-question': () => void newQuestion(),
    'query-time': () => void setQueryTime(false),
    'query-add': () => void setQueryTime(true),
    'evidence-start': () => void setEvidenceEdge('start'),
    'evidence-end': () => void setEvidenceEdge('end'),
    proactive: () => void setPointTime('proactiveTime'),
    'window-start': () => void setPointTime('windowStart'),
    'prefix-only': () => setPrefixOnly(!getState().prefixOnly),
    undo: () => void undoRedo('undo'),
    redo: () => void undoRedo('redo'),
    cancel: () => discardUntouchedQuestion() || cancelOpenInterval() || clearSelection(),
    'discard-new-question': discardUntouchedQuestion,
  });
}
