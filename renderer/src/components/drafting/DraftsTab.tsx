// The selected video's drafts in timeline order: what the model drafted, what it is now (compared
// word by word), who decided; accept or reject from the list, or go to a draft to fix it in place.
// Details opens one draft in full below the list (frames sent, tokens, cost, latency, raw output).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { isUndecided } from '../../../../shared/drafting/drafts';
import { formatTimecode } from '../../../../shared/timecode';
import { decideDrafts, goToDraft, toggleDraftDetails } from '../../store/drafting/actions';
import { draftTime, undecidedCount } from '../../store/drafting/selectors';
import { setState, useStore } from '../../store/store';
import { closeOverlay } from '../../store/ui/actions';
import { DraftDetails } from './DraftDetails';
import { DraftDiff } from './DraftDiff';

export function DraftsTab(): React.JSX.Element {
  const drafts = useStore((s) => s.modelDrafts);
  const marks = useStore((s) => s.marks);
  const queryPoints = useStore((s) => s.queryPoints);
  const undecidedOnly = useStore((s) => s.draftsUndecidedOnly);
  const waiting = useStore(undecidedCount);
  const detailId = useStore((s) => s.draftsDetailId);
  const detail = drafts.find((d) => d.id === detailId) ?? null;
  const rows = useMemo(
    () =>
      drafts
        .filter((d) => !undecidedOnly || (isUndecided(d) && d.current !== null))
        .map((d) => ({ d, t: draftTime({ marks, queryPoints }, d) }))
        .sort((a, b) => a.t - b.t),
    [drafts, undecidedOnly, marks, queryPoints],
  );
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parentRef.current, estimateSize: () => 30, overscan: 12, getItemKey: (i) => rows[i]?.d.id ?? i });
  return (
    <div className="drafts-tab">
      <div className="row">
        <label className="check">
          <input type="checkbox" checked={undecidedOnly} onChange={(e) => setState({ draftsUndecidedOnly: e.target.checked })} data-testid="drafts-undecided-only" /> Undecided only
        </label>
        <span className="hint" data-testid="drafts-waiting">
          {waiting.toLocaleString('en')} undecided of {drafts.length.toLocaleString('en')} drafts on this video · click a time to go there; on the video, u / Shift+U go to the next / previous
          undecided, a accepts, Shift+Backspace rejects
        </span>
      </div>
      <div ref={parentRef} className={`drafts-list${detail ? ' with-details' : ''}`} data-testid="drafts-list">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const { d, t } = rows[row.index]!;
            const changed = d.current !== null && d.provenance.drafted !== null && d.current !== d.provenance.drafted;
            return (
              <div
                key={row.key}
                className={`draft-row status-${d.status}`}
                data-testid="draft-row"
                data-status={d.status}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
              >
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    closeOverlay();
                    void goToDraft(d);
                  }}
                  title="Go to it"
                >
                  {formatTimecode(t)}
                </button>
                <span className="kind" title={d.task}>
                  {d.kind} · {d.task}
                </span>
                <span className="status">
                  {d.status}
                  {d.decidedBy ? ` · ${d.decidedBy}` : ''}
                </span>
                <span className="text" title={d.provenance.error ?? d.provenance.raw ?? ''}>
                  {changed ? <DraftDiff drafted={d.provenance.drafted!} current={d.current!} /> : (d.current ?? d.provenance.drafted ?? d.provenance.error ?? '—')}
                </span>
                <span className="hint">
                  {d.provenance.model} · {d.provenance.policy.toUpperCase()} k={d.provenance.k}
                  {d.provenance.check && d.provenance.check.supported === false ? ' · post-cutoff reliance' : ''}
                </span>
                <button
                  type="button"
                  className={`link${d.id === detailId ? ' active' : ''}`}
                  onClick={() => toggleDraftDetails(d.id)}
                  aria-expanded={d.id === detailId}
                  data-testid="draft-details-toggle"
                >
                  Details
                </button>
                {isUndecided(d) && d.current !== null && (
                  <>
                    <button type="button" onClick={() => void decideDrafts([d.id], 'accept')} data-testid="draft-accept">
                      Accept
                    </button>
                    <button type="button" onClick={() => void decideDrafts([d.id], 'reject')} data-testid="draft-reject">
                      Reject
                    </button>
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {detail && <DraftDetails draft={detail} />}
    </div>
  );
}
