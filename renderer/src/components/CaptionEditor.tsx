// Dense captions (VSAS-Bench): one caption per second of the selected task. The editor follows the
// playhead second by second; Enter saves and steps to the next second with the text carried over,
// so an unchanged scene is captioned by pressing Enter.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Mark } from '../../../shared/marks';
import { diffWords } from '../../../shared/text-diff';
import { mergeCaptionRuns, setCaption } from '../store/annotation/caption-actions';
import { captionTask } from '../store/annotation/selectors';
import { decideDrafts, editDraft } from '../store/drafting/actions';
import { captionDraftAt } from '../store/drafting/selectors';
import { seek } from '../store/player/actions';
import { displayTime } from '../store/player/selectors';
import { selectedTimedVideo } from '../store/project/selectors';
import { useStore } from '../store/store';
import { DraftDiff } from './drafting/DraftDiff';
import { fieldShortcutLabel, fieldShortcutOf } from '../shortcuts';
import { useShortcutLabel } from './use-shortcut-label';

function captionAt(marks: readonly Mark[], task: string, second: number): string | null {
  const mark = marks.find((m) => m.type === 'caption' && m.target === task && m.start <= second + 1e-6 && (m.end ?? m.start) > second + 1e-6);
  return mark && mark.type === 'caption' ? mark.data.text : null;
}

export function CaptionEditor(): React.JSX.Element | null {
  const task = useStore(captionTask);
  const marks = useStore((s) => s.marks);
  const second = useStore((s) => Math.floor(displayTime(s) + 1e-6));
  const duration = useStore((s) => selectedTimedVideo(s)?.duration ?? 0);
  const current = task ? captionAt(marks, task, second) : null;
  const draft = useStore((s) => (task ? captionDraftAt(s, task, second) : null));
  const undecided = draft?.status === 'draft' && draft.current !== null;
  const rejectKey = useShortcutLabel('reject-draft');
  // the hint sits over the text box: it names the keys that reject from inside it too
  const rejectInBox = useStore((s) => fieldShortcutLabel('reject-draft', s.keymap));
  const nextKey = useShortcutLabel('next-draft');
  const previous = task && second > 0 ? captionAt(marks, task, second - 1) : null;
  const [text, setText] = useState('');
  const [range, setRange] = useState({ from: '', to: '' });
  const area = useRef<HTMLTextAreaElement>(null);
  // a captioned second shows its caption; an empty one keeps what is in the box (copy-forward)
  // a rejected draft's second is empty: the box does not offer its (or a neighbour's) text as a caption
  const rejectedHere = draft?.status === 'rejected' && current === null;
  useEffect(() => {
    if (current !== null) setText(current);
    else if (rejectedHere) setText('');
  }, [current, second, rejectedHere]);
  useEffect(() => setText(current ?? previous ?? ''), [task]); // only when the task changes
  const diff = useMemo(() => (previous !== null && current !== null ? diffWords(previous, current) : null), [previous, current]);
  const captioned = useMemo(() => (task ? marks.filter((m) => m.type === 'caption' && m.target === task).reduce((n, m) => n + Math.round((m.end ?? m.start) - m.start), 0) : 0), [marks, task]);
  if (!task) return null;

  // saving does not wait for the answer before moving on: writes reach the project in order, and
  // the next Enter must caption the next second even when pressed at once
  // at a drafted second, saving is the person's decision on the draft: kept as is, or with their text
  const save = (advance: boolean): void => {
    if (undecided && draft) void (text === draft.current ? decideDrafts([draft.id], 'accept') : editDraft(draft.id, text));
    else void setCaption(second, second + 1, text);
    if (advance && second + 1 < duration) seek(second + 1);
  };

  return (
    <div className="caption-editor" data-testid="caption-editor">
      <h4>
        Caption for second {second}{' '}
        <span className="hint">
          ({captioned} of {Math.ceil(duration)} s captioned)
        </span>
      </h4>
      {draft && (
        <p className={`draft-bar status-${draft.status}`} data-testid="caption-draft">
          Model draft · {draft.provenance.model} · {draft.provenance.policy.toUpperCase()} k={draft.provenance.k} · <strong data-testid="caption-draft-status">{draft.status}</strong>
          {draft.decidedBy && ` by ${draft.decidedBy}`}
          {undecided && ` — Enter keeps it (with your edits), ${rejectInBox || `${rejectKey} (outside the text box)`} rejects, ${nextKey} goes to the next undecided`}
          {draft.provenance.drafted !== null && draft.provenance.drafted !== text && (
            <>
              <br />
              model vs yours: <DraftDiff drafted={draft.provenance.drafted} current={text} />
            </>
          )}
        </p>
      )}
      <textarea
        ref={area}
        rows={3}
        value={text}
        data-testid="caption-text"
        placeholder="What the answer is at this second"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // as Enter keeps the draft from here, its reject key rejects it (and deletes no character)
          if (undecided && draft && fieldShortcutOf(e.nativeEvent) === 'reject-draft') {
            e.preventDefault();
            void decideDrafts([draft.id], 'reject');
            return;
          }
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            save(true);
          }
        }}
      />
      <p className="hint">Enter saves and moves to the next second (the text carries over); Shift+Enter for a new line; Esc leaves the editor.</p>
      {diff && (
        <p className="caption-diff" data-testid="caption-diff">
          vs second {second - 1}:{' '}
          {diff.map((part, i) => (
            <span key={i} className={`diff-${part.kind}`}>
              {part.text}{' '}
            </span>
          ))}
        </p>
      )}
      <div className="row">
        <input placeholder="from s" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} aria-label="Copy to range: from second" />
        <input placeholder="to s" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} aria-label="Copy to range: to second (exclusive)" />
        <button type="button" disabled={!range.from || !range.to} onClick={() => void setCaption(Number(range.from), Number(range.to), text)}>
          Copy text to range
        </button>
        <button type="button" onClick={() => void mergeCaptionRuns()} title="Merge runs of identical captions into one event">
          Merge identical runs
        </button>
      </div>
    </div>
  );
}
