// The right-hand panel: the marks list and inspector, or the questions list and editor; with the
// toolbar every marking action shares (target, open interval, prefix-only, undo/redo, status).
import { setMarkTarget, setPrefixOnly, undoRedo } from '../store/annotation/actions';
import { currentOpenMark, openMarks, selectedQuestion } from '../store/annotation/selectors';
import { useStore } from '../store/store';
import { showPanel } from '../store/ui/actions';
import { MarkInspector, MarksList } from './MarksPanel';
import { useShortcutLabel } from './use-shortcut-label';
import { QuestionEditor, QuestionsList, useVideoLints } from './QuestionsPanel';

export function AnnotationToolbar(): React.JSX.Element | null {
  const hasVideo = useStore((s) => Boolean(s.selectedVideoId));
  const target = useStore((s) => s.markTarget);
  const countingTarget = useStore((s) => selectedQuestion(s)?.counting?.target ?? null);
  const open = useStore(currentOpenMark);
  const openCount = useStore((s) => openMarks(s).length);
  const prefixOnly = useStore((s) => s.prefixOnly);
  const hasPoint = useStore((s) => Boolean(s.selectedQueryPointId));
  const waiting = useStore((s) => s.savingSlowly);
  const status = useStore((s) => s.status);
  const keys = { target: useShortcutLabel('target'), prefix: useShortcutLabel('prefix-only'), undo: useShortcutLabel('undo'), redo: useShortcutLabel('redo') };
  if (!hasVideo) return null;
  return (
    <div className="annotation-toolbar" data-testid="annotation-toolbar">
      <label title={`New marks are about this (${keys.target}). A selected counting question uses its own target.`}>
        Target
        <input
          id="mark-target"
          value={countingTarget ?? target}
          disabled={countingTarget !== null}
          placeholder="e.g. chairs"
          onChange={(e) => setMarkTarget(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).blur()}
        />
      </label>
      {open && (
        <span className="pending" data-testid="pending" title={`${open.type} open from ${open.start.toFixed(2)} s: ${openCount} open in all`}>
          {open.type} open from {open.start.toFixed(2)} s{openCount > 1 ? ` (+${openCount - 1} more)` : ''} (Esc cancels)
        </span>
      )}
      <label className={hasPoint ? '' : 'disabled'} title={`While a query point is selected, show only what the model sees (${keys.prefix})`}>
        <input type="checkbox" checked={prefixOnly} onChange={(e) => setPrefixOnly(e.target.checked)} /> Prefix only
      </label>
      <button type="button" onClick={() => void undoRedo('undo')} title={`Undo (${keys.undo})`}>
        Undo
      </button>
      <button type="button" onClick={() => void undoRedo('redo')} title={`Redo (${keys.redo})`}>
        Redo
      </button>
      {waiting ? (
        <span className="status" data-testid="status" role="status" title="What you did is on its way: the project is busy with a long task (an import, say) and takes it as soon as that is done.">
          Waiting for the project…
        </span>
      ) : (
        <span className="status" data-testid="status" role="status" title={status ?? undefined}>
          {status}
        </span>
      )}
    </div>
  );
}

export function AnnotationPanel(): React.JSX.Element | null {
  const hasVideo = useStore((s) => Boolean(s.selectedVideoId));
  const panel = useStore((s) => s.sidePanel);
  const markCount = useStore((s) => s.marks.length);
  const questionCount = useStore((s) => s.questions.length);
  const lints = useVideoLints();
  if (!hasVideo) return null;
  const errors = lints?.filter((l) => l.severity === 'error').length ?? 0;
  const warnings = (lints?.length ?? 0) - errors;
  return (
    <aside className="annotation-panel" aria-label="Annotations">
      <nav className="tabs" role="tablist" aria-label="Marks or questions">
        <button type="button" role="tab" aria-selected={panel === 'marks'} onClick={() => showPanel('marks')} data-testid="tab-marks">
          Marks ({markCount}) <kbd>1</kbd>
        </button>
        <button type="button" role="tab" aria-selected={panel === 'questions'} onClick={() => showPanel('questions')} data-testid="tab-questions">
          Questions ({questionCount}) <kbd>2</kbd>
          {errors > 0 && (
            <span className="badge error" title="lint errors">
              {errors}
            </span>
          )}
          {warnings > 0 && (
            <span className="badge warn" title="lint warnings">
              {warnings}
            </span>
          )}
        </button>
      </nav>
      {panel === 'marks' ? (
        <>
          <MarkInspector />
          <MarksList />
        </>
      ) : (
        <>
          <QuestionEditor lints={lints} />
          <QuestionsList lints={lints} />
        </>
      )}
    </aside>
  );
}
