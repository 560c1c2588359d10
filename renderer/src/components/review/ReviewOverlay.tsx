// The Review overlay: the caller's queue, rounds (a lead opens and follows them), people, guideline
// versions, adjudication and the agreement report — the tabs fitting the caller's role. Keys: 1–6
// pick a tab, ← / → move between tabs, Esc closes; in a list Tab moves and Enter opens.
import { useEffect } from 'react';
import { chooseReviewTab, loadReviewTab } from '../../store/review/actions';
import { callerName, callerRole, currentReviewTab, reviewTabsFor } from '../../store/review/selectors';
import type { ReviewTab } from '../../store/review/state';
import { useStore } from '../../store/store';
import { TabbedOverlay } from '../TabbedOverlay';
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
  const reviewKey = useShortcutLabel('review');
  useEffect(() => {
    if (open) void loadReviewTab(tab);
  }, [open, tab, person, role]);
  if (!open) return null;
  const tabs = reviewTabsFor(role);
  const hint = (
    <>
      you are <strong data-testid="review-caller">{person ?? '—'}</strong> ({role ?? '—'}) · {reviewKey} or Esc closes · 1–{tabs.length} pick a tab
    </>
  );
  return (
    <TabbedOverlay
      label="Review"
      testId="review-overlay"
      owner="review"
      className=""
      hint={hint}
      tabs={tabs}
      labels={TAB_LABELS}
      tab={tab}
      choose={chooseReviewTab}
      tabTestId="review-tab"
      error={error}
      errorTestId="review-error"
    >
      {tab === 'queue' && <QueueTab />}
      {tab === 'rounds' && <RoundsTab />}
      {tab === 'people' && <PeopleTab />}
      {tab === 'guidelines' && <GuidelinesTab />}
      {tab === 'adjudication' && <AdjudicationTab />}
      {tab === 'report' && <ReportTab />}
    </TabbedOverlay>
  );
}
