// Keyboard-first: shortcuts that lead into a field focus it and select its text.
export function focusField(id: string): void {
  const el = document.getElementById(id);
  el?.focus();
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.select();
}

/** Focuses a field once it is rendered (after the state that shows it has been applied). */
export function focusFieldSoon(id: string, delayMs = 0): void {
  setTimeout(() => focusField(id), delayMs);
}
