// Keys inside a tabbed overlay (Review, Drafting): 1–9 pick a tab, ← / → move between tabs when a
// tab has the focus; other keys stay in the overlay (a modal: they do not mark or step the video
// behind it) — except Esc and the keys that close it or show the key list.
import { shortcuts } from '../shortcuts';
import type { ActionId } from '../store/registry';

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);
/** Keys typed into a text field are its own (a checkbox or a button takes no text). */
const isTyping = (target: EventTarget): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName) || (target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)));

/** Tab and Shift+Tab go round the card's controls rather than out to the page behind it. */
function keepFocusIn(card: HTMLElement, e: React.KeyboardEvent): void {
  const focusable = [...card.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !el.hasAttribute('disabled') && el.offsetParent !== null,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && (document.activeElement === first || document.activeElement === card)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** Keys the page keeps while the overlay is open: Esc, and the keys that close it or show the key list. */
function pageKeys(keymap: Record<string, string[]>, owner: ActionId): Set<string> {
  const keys = new Set(['Escape']);
  for (const s of shortcuts) if (s.id === owner || s.id === 'help') for (const k of keymap[s.id] ?? s.keys) keys.add(k);
  return keys;
}

export function tabbedOverlayKeys<T extends string>(owner: ActionId, keymap: Record<string, string[]>, tabs: readonly T[], tab: T, choose: (tab: T) => void): (e: React.KeyboardEvent) => void {
  return (e) => {
    if (e.key === 'Tab') keepFocusIn(e.currentTarget.querySelector<HTMLElement>('.overlay-card') ?? (e.currentTarget as HTMLElement), e);
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (pageKeys(keymap, owner).has(e.key) || isTyping(e.target)) return;
    const at = tabs.indexOf(tab);
    const onTab = (e.target as HTMLElement).getAttribute('role') === 'tab';
    if (/^[1-9]$/.test(e.key) && tabs[Number(e.key) - 1]) choose(tabs[Number(e.key) - 1]!);
    else if (e.key === 'ArrowRight' && onTab) choose(tabs[(at + 1) % tabs.length]!);
    else if (e.key === 'ArrowLeft' && onTab) choose(tabs[(at - 1 + tabs.length) % tabs.length]!);
    else if (e.key !== 'Tab' && e.key !== 'Enter' && e.key !== ' ') {
      e.stopPropagation();
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
}
