// The Drafting overlay: start a run (after its estimate), go through the selected video's drafts,
// set the endpoint (the key field is write-only), and see how drafts fared with people. Keys: 1–4
// pick a tab, Esc closes.
import { useEffect } from 'react';
import { chooseDraftingTab, loadDraftingTab } from '../../store/drafting/actions';
import type { DraftingTab } from '../../store/drafting/state';
import { useStore } from '../../store/store';
import { TabbedOverlay } from '../TabbedOverlay';
import { useShortcutLabel } from '../use-shortcut-label';
import { DraftsTab } from './DraftsTab';
import { EndpointTab } from './EndpointTab';
import { RunTab } from './RunTab';
import { StatisticsTab } from './StatisticsTab';

const TABS: readonly DraftingTab[] = ['run', 'drafts', 'endpoint', 'statistics'];
const TAB_LABELS: Record<DraftingTab, string> = { run: 'Run', drafts: 'Drafts', endpoint: 'Endpoint', statistics: 'Statistics' };

export function DraftingOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'drafting');
  const tab = useStore((s) => s.draftingTab);
  const error = useStore((s) => s.draftingError);
  const key = useShortcutLabel('drafting');
  useEffect(() => {
    if (open) void loadDraftingTab(tab);
  }, [open, tab]);
  if (!open) return null;
  const hint = `${key} or Esc closes · 1–4 pick a tab · drafts wait for a person: nothing drafted is exported until accepted, edited or rejected`;
  return (
    <TabbedOverlay
      label="Drafting"
      title="Drafting with a model"
      testId="drafting-overlay"
      owner="drafting"
      className="drafting"
      hint={hint}
      tabs={TABS}
      labels={TAB_LABELS}
      tab={tab}
      choose={chooseDraftingTab}
      tabTestId="drafting-tab"
      error={error}
      errorTestId="drafting-error"
    >
      {tab === 'run' && <RunTab />}
      {tab === 'drafts' && <DraftsTab />}
      {tab === 'endpoint' && <EndpointTab />}
      {tab === 'statistics' && <StatisticsTab />}
    </TabbedOverlay>
  );
}
