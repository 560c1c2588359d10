// The marks side list (virtualized: tens of thousands of rows stay smooth) and the inspector for the
// selected mark.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { TYPING_PAUSE_MS, useTypedText } from './use-typed-text';
import { isOpenInterval, type Mark } from '../../../shared/marks';
import { formatTimecode } from '../../../shared/timecode';
import { selectMark } from '../store/annotation/actions';
import { selectedMark } from '../store/annotation/selectors';
import { removeMarks, updateMark } from '../store/annotation/mark-actions';
import { useStore } from '../store/store';
import { undecidedMade } from '../store/drafting/selectors';
import { describeMark } from '../../../shared/mark-kinds';
import { playerControl } from '../player/control';
import { captureThumbnail } from './CropOverlay';

const time = (t: number): string => formatTimecode(t, { fractionDigits: 2 });

export function MarksList(): React.JSX.Element {
  const marks = useStore((s) => s.marks);
  const selected = useStore((s) => s.selectedMarkId);
  const drafted = useStore(undecidedMade);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: marks.length, getScrollElement: () => parentRef.current, estimateSize: () => 26, overscan: 12, getItemKey: (i) => marks[i]?.id ?? i });

  useEffect(() => {
    const index = marks.findIndex((m) => m.id === selected);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selected, marks, virtualizer]);

  return (
    <div ref={parentRef} className="marks-list" data-testid="marks-list">
      {marks.length === 0 && <p className="hint">No marks yet. E event, [ ] span, C cycle, Y identity, # count, V entity — at the playhead.</p>}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const mark = marks[row.index]!;
          return (
            <div
              key={row.key}
              className={`mark-row type-${mark.type} ${mark.id === selected ? 'selected' : ''} ${drafted.has(mark.id) ? 'drafted' : ''}`}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
              data-testid="mark-row"
              data-mark-type={mark.type}
              onClick={() => selectMark(mark.id)}
            >
              <span className="mark-type">
                {mark.type}
                {drafted.has(mark.id) && (
                  <em className="draft-badge" title="A model's draft no person has decided yet: a accepts, Shift+Backspace rejects">
                    {' '}
                    draft
                  </em>
                )}
              </span>
              <span className="mark-time">
                {time(mark.start)}
                {mark.end !== null ? `–${time(mark.end)}` : isOpenInterval(mark) ? '–…' : ''}
              </span>
              <span className="mark-desc">
                {mark.target ? `${mark.target}: ` : ''}
                {describeMark(mark)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * One field of the selected mark. Free text (notes, labels, captions) saves after a pause in typing;
 * what changes what a mark counts (its target, a count) saves when left. Both save on every way out —
 * Enter, leaving the field, another mark or video, a person switch, a reload — to the mark typed for.
 */
type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'>;

function MarkField(props: { owner: string; label: string; value: string; save: (v: string) => boolean | void; whileTyping?: boolean } & InputProps): React.JSX.Element {
  const { owner, label, value, save, whileTyping = false, ...inputProps } = props;
  const typed = useTypedText(value, save, whileTyping ? TYPING_PAUSE_MS : null, owner);
  return (
    <label>
      {label}
      <input
        {...inputProps}
        value={typed.text}
        onChange={(e) => typed.change(e.target.value)}
        onBlur={typed.leave}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            typed.leave();
            (e.target as HTMLInputElement).blur();
          }
        }}
      />
    </label>
  );
}

/** Fields of the selected mark. */
export function MarkInspector(): React.JSX.Element | null {
  const mark = useStore(selectedMark);
  const grid = useStore((s) => s.grid);
  if (!mark) return null;
  const input = (key: string, label: string, value: string, apply: (v: string) => boolean | void, props: InputProps & { whileTyping?: boolean } = {}) => (
    <MarkField key={key} owner={mark.id} label={label} value={value} save={apply} {...props} />
  );

  return (
    <div className="inspector" data-testid="mark-inspector">
      <header>
        <strong>{mark.type}</strong> {time(mark.start)}
        {mark.end !== null ? ` – ${time(mark.end)}` : isOpenInterval(mark) ? ' – open' : ''}
        <button type="button" onClick={() => void removeMarks([mark.id])} title="Delete (Del)">
          Delete
        </button>
        <button type="button" onClick={() => selectMark(null)}>
          Close
        </button>
      </header>
      {input('target', 'Target', mark.target, (v) => void updateMark(mark.id, { target: v.trim() }))}
      {mark.type === 'count' &&
        input('value', 'Count', String(mark.data.value), (v) => (v.trim() !== '' && Number.isInteger(Number(v)) && Number(v) >= 0 ? void updateMark(mark.id, { data: { value: Number(v) } }) : false), {
          id: 'mark-count',
          inputMode: 'numeric',
        })}
      {mark.type === 'identity' && input('label', 'Label', mark.data.label, (v) => void updateMark(mark.id, { data: { label: v } }), { id: 'mark-label', whileTyping: true })}
      {mark.type === 'identity' && input('note', 'Note', mark.data.note ?? '', (v) => void updateMark(mark.id, { data: { note: v } }), { whileTyping: true })}
      {mark.type === 'identity' && <IdentityThumb mark={mark} />}
      {mark.type === 'entity' && input('name', 'Name', mark.data.name, (v) => (v.trim() ? void updateMark(mark.id, { data: { name: v.trim() } }) : false))}
      {(mark.type === 'event' || mark.type === 'span') && input('note', 'Note', mark.data.note ?? '', (v) => void updateMark(mark.id, { data: { note: v } }), { whileTyping: true })}
      {mark.type === 'caption' && input('text', 'Caption', mark.data.text, (v) => void updateMark(mark.id, { data: { text: v } }), { whileTyping: true })}
      {mark.type === 'cycle' && (
        <p className="hint">
          Split points: {mark.data.splits.length ? mark.data.splits.map(time).join(', ') : 'none'} (X at the playhead adds one)
          {mark.data.splits.length > 0 && (
            <button type="button" onClick={() => void updateMark(mark.id, { data: { splits: [] } })}>
              Clear
            </button>
          )}
        </p>
      )}
      <p className="hint">Alt+←/→ moves the start, Alt+Shift+←/→ the end, by one {grid === 'second' ? 'second' : 'frame'}.</p>
    </div>
  );
}

/** An identity's thumbnail: its crop of the frame at its first appearance (drag on the video to crop). */
function IdentityThumb({ mark }: { mark: Extract<Mark, { type: 'identity' }> }): React.JSX.Element {
  const capture = (): void => {
    const video = playerControl.screen();
    if (video?.videoWidth) void updateMark(mark.id, { data: { thumbnail: captureThumbnail(video, mark.data.crop ?? { x: 0, y: 0, w: 1, h: 1 }) } });
  };
  return (
    <div className="identity-thumb">
      {mark.data.thumbnail ? <img src={mark.data.thumbnail} alt={mark.data.label} /> : <span className="hint">No thumbnail yet: drag a crop on the video.</span>}
      <button type="button" onClick={capture}>
        Capture from frame
      </button>
    </div>
  );
}
