// The shell of a tabbed overlay (Review, Drafting): a modal card with a title, a tab list (1–9 pick
// a tab, ← / → move between them), the chosen tab, an error line and Close. The keyboard comes into
// the card when it opens, unless something in it took it already.
import { useEffect, useRef } from 'react';
import type { ActionId } from '../store/registry';
import { useStore } from '../store/store';
import { closeOverlay } from '../store/ui/actions';
import { tabbedOverlayKeys } from './tabbed-overlay-keys';

interface Props<T extends string> {
  /** The overlay's name, its accessible label. */
  label: string;
  testId: string;
  /** The shortcut that opens and closes it (it stays with the page while the overlay is open). */
  owner: ActionId;
  className: string;
  hint: React.ReactNode;
  tabs: readonly T[];
  labels: Record<T, string>;
  tab: T;
  choose: (tab: T) => void;
  /** The tab's own test id prefix: `${tabTestId}-${tab}`. */
  tabTestId: string;
  error: string | null;
  errorTestId: string;
  title?: string;
  children: React.ReactNode;
}

/**
 * Focus that leaves the card for nowhere — the focused button was disabled or went away (Save person
 * empties the form and disables itself) — comes back to the card, so the tab keys (1–9, ← / →) go on
 * working rather than reaching the page, where they do nothing behind the overlay.
 */
function keepFocusInCard(e: React.FocusEvent<HTMLDivElement>): void {
  if (e.relatedTarget !== null) return;
  const card = e.currentTarget;
  setTimeout(() => {
    if (card.isConnected && (document.activeElement === null || document.activeElement === document.body)) card.focus();
  });
}

export function TabbedOverlay<T extends string>(props: Props<T>): React.JSX.Element {
  const keymap = useStore((s) => s.keymap);
  const cardRef = useRef<HTMLDivElement>(null);
  const { tabs, tab, labels } = props;
  // on opening, and after a tab change took the focused element with the old tab (a removed element
  // fires no blur, so keepFocusInCard never hears of it), the focus is the card's
  useEffect(() => {
    const card = cardRef.current;
    if (card && !card.contains(document.activeElement)) card.focus();
  }, [tab]);
  return (
    <div className="overlay" role="dialog" aria-label={props.label} data-testid={props.testId} onClick={closeOverlay} onKeyDown={tabbedOverlayKeys(props.owner, keymap, tabs, tab, props.choose)}>
      <div className={`overlay-card review ${props.className}`} ref={cardRef} tabIndex={-1} onClick={(e) => e.stopPropagation()} onBlur={keepFocusInCard}>
        <header className="review-head">
          <h2>{props.title ?? props.label}</h2>
          <span className="hint">{props.hint}</span>
        </header>
        <nav className="tabs" role="tablist" aria-label={props.label}>
          {tabs.map((t, i) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} tabIndex={tab === t ? 0 : -1} onClick={() => props.choose(t)} data-testid={`${props.tabTestId}-${t}`}>
              {labels[t]} <kbd>{i + 1}</kbd>
            </button>
          ))}
        </nav>
        <div className="review-tab" role="tabpanel" aria-label={labels[tab]}>
          {props.children}
        </div>
        <footer className="review-foot">
          {props.error && (
            <p className="error" role="alert" data-testid={props.errorTestId}>
              {props.error}
            </p>
          )}
          <div className="actions">
            <button type="button" onClick={closeOverlay}>
              Close
            </button>
          </div>
        </footer>
      </div>
    </div>
  );
}
