// The Review overlay: the caller's queue, rounds (a lead opens and follows them), people, guideline
// versions, adjudication and the agreement report — the tabs fitting the caller's role. Keys: 1–6
// pick a tab, ← / → move between tabs, Esc closes; in a list Tab moves and Enter opens.
import { useEffect, useRef } from 'react';
import { chooseReviewTab, loadReviewTab } from '../../store/review/actions';
import { callerName, callerRole, currentReviewTab, reviewTabsFor } from '../../store/review/selectors';
import type { ReviewTab } from '../../store/review/state';
import { useStore } from '../../store/store';
import { closeOverlay } from '../../store/ui/actions';
import { tabbedOverlayKeys } from '../tabbed-overlay-keys';
import { useShortcutLabel } from '../use-shortcut-label';
import { AdjudicationTab } from './AdjudicationTab';
import { GuidelinesTab } from './GuidelinesTab';
import { PeopleTab } from './PeopleTab';
import { QueueTab } from './QueueTab';
import { ReportTab } from './ReportTab';
import { RoundsTab } from './RoundsTab';

const TAB_LABELS: Record<ReviewTab, string> = { queue: 'Queue', rounds: 'Rounds', people: 'People', guidelines: 'Guidelines', adjudication: 'Adjudication', report: 'Report' };

export function ReviewOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'review');
  const role = useStore(callerRole);
  const person = useStore(callerName);
  const tab = useStore(currentReviewTab);
  const error = useStore((s) => s.reviewError);
  const keymap = useStore((s) => s.keymap);
  const reviewKey = useShortcutLabel('review');
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) void loadReviewTab(tab);
  }, [open, tab, person, role]);
  // the keyboard comes into the overlay (unless something in it took it already, a list's first item)
  useEffect(() => {
    const card = cardRef.current;
    if (open && card && !card.contains(document.activeElement)) card.focus();
  }, [open]);
  if (!open) return null;
  const tabs = reviewTabsFor(role);

  const onKeyDown = tabbedOverlayKeys('review', keymap, tabs, tab, chooseReviewTab);

  return (
    <div className="overlay" role="dialog" aria-label="Review" data-testid="review-overlay" onClick={closeOverlay} onKeyDown={onKeyDown}>
      <div className="overlay-card review" ref={cardRef} tabIndex={-1} onClick={(e) => e.stopPropagation()}>
        <header className="review-head">
          <h2>Review</h2>
          <span className="hint">you are <strong data-testid="review-caller">{person ?? '—'}</strong> ({role ?? '—'}) · {reviewKey} or Esc closes · 1–{tabs.length} pick a tab</span>
        </header>
        <nav className="tabs" role="tablist" aria-label="Review">
          {tabs.map((t, i) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} tabIndex={tab === t ? 0 : -1} onClick={() => chooseReviewTab(t)} data-testid={`review-tab-${t}`}>
              {TAB_LABELS[t]} <kbd>{i + 1}</kbd>
            </button>
          ))}
        </nav>
        <div className="review-tab" role="tabpanel" aria-label={TAB_LABELS[tab]}>
          {tab === 'queue' && <QueueTab />}
          {tab === 'rounds' && <RoundsTab />}
          {tab === 'people' && <PeopleTab />}
          {tab === 'guidelines' && <GuidelinesTab />}
          {tab === 'adjudication' && <AdjudicationTab />}
          {tab === 'report' && <ReportTab />}
        </div>
        <footer className="review-foot">
          {error && <p className="error" role="alert" data-testid="review-error">{error}</p>}
          <div className="actions">
            <button type="button" onClick={closeOverlay}>Close</button>
          </div>
        </footer>
      </div>
    </div>
  );
}
