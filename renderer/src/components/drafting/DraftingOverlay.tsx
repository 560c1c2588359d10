// The Drafting overlay: start a run (after its estimate), go through the selected video's drafts,
// set the endpoint (the key field is write-only), and see how drafts fared with people. Keys: 1–4
// pick a tab, Esc closes.
import { useEffect, useRef } from 'react';
import { chooseDraftingTab, loadDraftingTab } from '../../store/drafting/actions';
import type { DraftingTab } from '../../store/drafting/state';
import { useStore } from '../../store/store';
import { closeOverlay } from '../../store/ui/actions';
import { tabbedOverlayKeys } from '../tabbed-overlay-keys';
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
  const keymap = useStore((s) => s.keymap);
  const key = useShortcutLabel('drafting');
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) void loadDraftingTab(tab);
  }, [open, tab]);
  useEffect(() => {
    const card = cardRef.current;
    if (open && card && !card.contains(document.activeElement)) card.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="overlay" role="dialog" aria-label="Drafting" data-testid="drafting-overlay" onClick={closeOverlay} onKeyDown={tabbedOverlayKeys('drafting', keymap, TABS, tab, chooseDraftingTab)}>
      <div className="overlay-card review drafting" ref={cardRef} tabIndex={-1} onClick={(e) => e.stopPropagation()}>
        <header className="review-head">
          <h2>Drafting with a model</h2>
          <span className="hint">{key} or Esc closes · 1–4 pick a tab · drafts wait for a person: nothing drafted is exported until accepted, edited or rejected</span>
        </header>
        <nav className="tabs" role="tablist" aria-label="Drafting">
          {TABS.map((t, i) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} tabIndex={tab === t ? 0 : -1} onClick={() => chooseDraftingTab(t)} data-testid={`drafting-tab-${t}`}>
              {TAB_LABELS[t]} <kbd>{i + 1}</kbd>
            </button>
          ))}
        </nav>
        <div className="review-tab" role="tabpanel" aria-label={TAB_LABELS[tab]}>
          {tab === 'run' && <RunTab />}
          {tab === 'drafts' && <DraftsTab />}
          {tab === 'endpoint' && <EndpointTab />}
          {tab === 'statistics' && <StatisticsTab />}
        </div>
        <footer className="review-foot">
          {error && <p className="error" role="alert" data-testid="drafting-error">{error}</p>}
          <div className="actions">
            <button type="button" onClick={closeOverlay}>Close</button>
          </div>
        </footer>
      </div>
    </div>
  );
}
