// Keeps Tab inside an open popover: without it Tab walks on into the page behind while the popover
// stays open, and its Escape no longer reaches it.

/**
 * Which of `count` focusable elements Tab (Shift+Tab: `backwards`) should focus from the one at
 * `index` (-1: the focus is on none of them), or null where the browser's own step stays inside.
 */
export function trapTarget(count: number, index: number, backwards: boolean): number | null {
  if (count === 0) return null;
  const last = count - 1;
  if (index < 0) return backwards ? last : 0;
  if (backwards) return index === 0 ? last : null;
  return index === last ? 0 : null;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A keydown handler's part for Tab: wraps the focus around inside `container`. */
export function trapTab(event: React.KeyboardEvent, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const elements = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const target = trapTarget(elements.length, elements.indexOf(document.activeElement as HTMLElement), event.shiftKey);
  if (target === null) return;
  event.preventDefault();
  elements[target]!.focus();
}
