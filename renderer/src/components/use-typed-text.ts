// What a person types into a text field that saves itself: kept on screen as typed, saved after a
// pause in typing (a reload keeps it), when the field is left, and when it goes away without being
// left (another video or question selected, a person switch) — never dropped on a way out.
import { useCallback, useEffect, useRef, useState } from 'react';
import { holdPendingEdit } from '../store/ui/pending-edits';

/** How long typing must pause before the text is saved. */
export const TYPING_PAUSE_MS = 600;

export interface TypedText {
  /** What the field shows: the text being typed, else the stored value. */
  text: string;
  change: (text: string) => void;
  /** Saves what was typed (if it differs from what is stored) and goes back to showing the stored value — unless the save refused it. */
  leave: () => void;
}

/**
 * `save` is called with the typed text and returns false when it cannot take it (the field keeps it
 * to be corrected); `pauseMs` null saves only on the ways out (a time code half typed is no time). A
 * field keyed to the item it edits goes away, and so saves, when the item changes.
 */
export function useTypedText(value: string, save: (text: string) => boolean | void, pauseMs: number | null = TYPING_PAUSE_MS): TypedText {
  const [draft, setDraft] = useState<string | null>(null);
  // `saved`: the text last sent, until the stored value shows it (so a second way out does not send it twice)
  const latest = useRef<{ draft: string | null; value: string; save: (text: string) => boolean | void; saved: string | null }>({ draft, value, save, saved: null });
  latest.current = { draft, value, save, saved: latest.current.saved === value ? null : latest.current.saved };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** False when the save refused the text. */
  const flush = useCallback((): boolean => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { draft: typed, value: stored, save: saveNow, saved } = latest.current;
    if (typed === null || typed === stored || typed === saved) return true;
    if (saveNow(typed) === false) return false;
    latest.current.saved = typed;
    return true;
  }, []);

  // held while mounted: a person switch or a reload flushes it; going away saves it
  useEffect(() => {
    const release = holdPendingEdit(() => void flush());
    return () => {
      release();
      void flush();
    };
  }, [flush]);

  const change = (text: string): void => {
    setDraft(text);
    latest.current.draft = text;
    if (pauseMs === null) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, pauseMs);
  };
  const leave = (): void => {
    if (flush()) setDraft(null);
  };
  return { text: draft ?? value, change, leave };
}
