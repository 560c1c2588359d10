// Responses that came before their answer was knowable (before the question was asked, before T_p, or before the evidence ends),
// most premature first. Choosing one goes there on the video with the prefix-only view on: what the
// model had seen when it answered.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { formatTimecode } from '../../../../shared/timecode';
import { loadEarly, showEarly } from '../../store/runs/actions';
import { useStore } from '../../store/store';
import { closeOverlay } from '../../store/ui/actions';

export function EarlyTab(): React.JSX.Element {
  const early = useStore((s) => s.runsEarly);
  const videos = useStore((s) => s.videos);
  const parentRef = useRef<HTMLDivElement>(null);
  useEffect(() => void loadEarly(), []);
  const rows = early ?? [];
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parentRef.current, estimateSize: () => 28, overscan: 12, getItemKey: (i) => `${rows[i]?.runId}:${rows[i]?.id}` });
  if (!early) return <p className="hint">Loading…</p>;
  if (early.length === 0)
    return (
      <p className="hint" data-testid="early-none">
        No response came before its answer was knowable (forward questions' T_p, or the end of the evidence).
      </p>
    );
  return (
    <div>
      <p className="hint">{early.length.toLocaleString('en')} responses came before their answer was knowable. Choose one to see the video as the model had seen it.</p>
      <div ref={parentRef} className="drafts-list" data-testid="early-list">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const e = rows[row.index]!;
            return (
              <button
                key={row.key}
                type="button"
                className="draft-row early-row"
                data-testid="early-row"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
                onClick={() => {
                  closeOverlay();
                  void showEarly(e);
                }}
              >
                <span className="status">{e.early!.toFixed(1)} s early</span>
                <span className="kind">
                  {e.model} · {e.label}
                </span>
                <span>
                  {videos.find((v) => v.id === e.videoId)?.name ?? e.videoId} at {formatTimecode(e.t)} (knowable {formatTimecode(e.knowableAt!)})
                </span>
                <span className="text">{e.text}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
