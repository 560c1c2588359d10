// What a person types into a text field that saves itself: kept on screen as typed, saved after a
// pause in typing (a reload keeps it), when the field is left, when it goes away without being left
// (another video selected, a person switch), and when the field is given another item to edit (another
// question selected) — to the item it was typed for. Never dropped on a way out.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { holdPendingEdit } from '../store/ui/pending-edits';

/** How long typing must pause before the text is saved. */
export const TYPING_PAUSE_MS = 600;

interface TypedText {
  /** What the field shows: the text being typed, else the stored value. */
  text: string;
  change: (text: string) => void;
  /** Saves what was typed (if it differs from what is stored) and goes back to showing the stored value — unless the save refused it. */
  leave: () => void;
}

type Save = (text: string) => boolean | void;

interface Typing {
  /** The item the text was typed for, and how to save it there. */
  owner: string;
  save: Save;
  /** What the item stores (the text is saved only if it differs). */
  value: string;
  text: string | null;
  /** The text last sent, until the stored value shows it (so a second way out does not send it again). */
  sent: string | null;
}

/** Saves what was typed for an item; false when the save refused it. */
function send(typing: Typing): boolean {
  const { text, value, sent, save } = typing;
  if (text === null || text === value || text === sent) return true;
  if (save(text) === false) return false;
  typing.sent = text;
  return true;
}

/**
 * `save` is called with the typed text and returns false when it cannot take it (the field keeps it
 * to be corrected); `pauseMs` null saves only on the ways out (a time code half typed is no time);
 * `owner` names the item edited, so text typed for one item is never saved to the next.
 */
export function useTypedText(value: string, save: Save, pauseMs: number | null = TYPING_PAUSE_MS, owner = ''): TypedText {
  const [, rerender] = useState(0);
  const typing = useRef<Typing>({ owner, save, value, text: null, sent: null });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const left = useRef<Typing | null>(null);
  if (typing.current.owner !== owner) {
    // another item: what was typed goes to the item it was typed for (saved once this render is committed)
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    left.current = typing.current;
    typing.current = { owner, save, value, text: null, sent: null };
  } else {
    const current = typing.current;
    typing.current = { ...current, save, value, sent: current.sent === value ? null : current.sent };
  }
  useLayoutEffect(() => {
    if (left.current) send(left.current);
    left.current = null;
  }, [owner]);

  const flush = useCallback((): boolean => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    return send(typing.current);
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
    typing.current.text = text;
    rerender((n) => n + 1);
    if (pauseMs === null) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, pauseMs);
  };
  const leave = (): void => {
    if (!flush()) return;
    typing.current.text = null;
    rerender((n) => n + 1);
  };
  return { text: typing.current.text ?? value, change, leave };
}
