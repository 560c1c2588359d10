// An id shown small, with Copy: to the clipboard where the page may write it, else the id's text is
// selected for Ctrl/⌘+C (the clipboard API is missing outside secure pages, or refused).
import { useRef, useState } from 'react';

export function CopyableId({ label, value, testId, title }: { label: string; value: string; testId: string; title?: string }): React.JSX.Element {
  const text = useRef<HTMLElement>(null);
  const [done, setDone] = useState<'copied' | 'selected' | null>(null);
  const select = (): void => {
    const selection = window.getSelection();
    if (text.current && selection) selection.selectAllChildren(text.current);
    setDone('selected');
  };
  const copy = async (): Promise<void> => {
    if (!navigator.clipboard) return select();
    try {
      await navigator.clipboard.writeText(value);
      setDone('copied');
    } catch {
      select();
    }
  };
  return (
    <span className="copyable-id" title={title}>
      {label}{' '}
      <code ref={text} data-testid={testId}>
        {value}
      </code>{' '}
      <button type="button" className="link" onClick={() => void copy()} onBlur={() => setDone(null)} data-testid={`${testId}-copy`}>
        {done === 'copied' ? 'Copied' : done === 'selected' ? 'Selected — Ctrl/⌘+C copies' : 'Copy'}
      </button>
    </span>
  );
}
