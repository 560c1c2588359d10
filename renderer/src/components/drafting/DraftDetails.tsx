// One draft in full: who drafted it and how (model, host, prompt, memory policy), the frames it was
// sent — as the filmstrip's thumbnails, each a click away —, its tokens, estimated cost and latency,
// what came back (or why it failed), a candidate question's cutoff check and summaries, and who
// decided it.
import { useEffect } from 'react';
import type { ThumbnailManifest } from '../../../../shared/domain';
import type { DraftView } from '../../../../shared/drafting/drafts';
import { thumbnailTile } from '../../../../shared/thumbnail-tile';
import { formatTimecode } from '../../../../shared/timecode';
import { thumbnailSheetUrl } from '../../api/client';
import { goToSecond, toggleDraftDetails } from '../../store/drafting/actions';
import { draftSpendLine, draftTime } from '../../store/drafting/selectors';
import { loadThumbnailManifest } from '../../store/project/actions';
import { useStore } from '../../store/store';
import { closeOverlay } from '../../store/ui/actions';

const THUMB_HEIGHT = 40;

/** The frames a request carried, oldest first: thumbnails when the video has them, else the seconds. */
function FramesSent({ videoId, times, manifest }: { videoId: string; times: readonly number[]; manifest: ThumbnailManifest | null | undefined }): React.JSX.Element {
  if (times.length === 0) return <span className="hint">none (text only)</span>;
  const scale = manifest ? THUMB_HEIGHT / manifest.tileHeight : 1;
  return (
    <div className="draft-frames" data-testid="draft-frames">
      {times.map((t, i) => {
        const tile = manifest ? thumbnailTile(manifest, t) : null;
        return (
          <button
            key={`${i}:${t}`}
            type="button"
            className="draft-frame"
            title={`The frame at ${t} s — go there`}
            data-testid="draft-frame"
            onClick={() => {
              closeOverlay();
              void goToSecond(t);
            }}
          >
            {manifest && tile && (
              <span
                className="draft-frame-thumb"
                style={{
                  width: manifest.tileWidth * scale,
                  height: THUMB_HEIGHT,
                  backgroundImage: `url(${thumbnailSheetUrl(videoId, tile.sheet)})`,
                  backgroundSize: `${manifest.tileWidth * manifest.columns * scale}px ${manifest.tileHeight * manifest.rows * scale}px`,
                  backgroundPosition: `-${tile.x * scale}px -${tile.y * scale}px`,
                }}
              />
            )}
            <span className="draft-frame-time">{t} s</span>
          </button>
        );
      })}
    </div>
  );
}

export function DraftDetails({ draft }: { draft: DraftView }): React.JSX.Element {
  const manifest = useStore((s) => s.thumbnails[draft.videoId]);
  const at = useStore((s) => draftTime(s, draft));
  useEffect(() => {
    if (manifest === undefined) loadThumbnailManifest(draft.videoId);
  }, [manifest, draft.videoId]);
  const p = draft.provenance;
  return (
    <section className="draft-details" data-testid="draft-details" aria-label="Draft details">
      <header className="row">
        <strong>
          {draft.kind} · {draft.task} at {formatTimecode(at)}
        </strong>
        <span className="hint">
          {draft.status}
          {draft.decidedBy ? ` by ${draft.decidedBy}${draft.decidedAt ? `, ${new Date(draft.decidedAt).toLocaleString()}` : ''}` : ''} · drafted {new Date(draft.createdAt).toLocaleString()}
        </span>
        <button type="button" onClick={() => toggleDraftDetails(draft.id)} data-testid="draft-details-close">
          Close
        </button>
      </header>
      <dl>
        <dt>Model</dt>
        <dd>
          {p.model} at {p.host} · prompt {p.promptTemplate} v{p.promptVersion}
        </dd>
        <dt>Frames sent</dt>
        <dd>
          {p.policy.toUpperCase()}, k = {p.k}: {p.frameTimes.length} {p.frameTimes.length === 1 ? 'frame' : 'frames'}
          {manifest === null && p.frameTimes.length > 0 && <span className="hint"> (no thumbnails of this video yet)</span>}
          <FramesSent videoId={draft.videoId} times={p.frameTimes} manifest={manifest} />
        </dd>
        <dt>Tokens, cost, latency</dt>
        <dd data-testid="draft-details-spend">{draftSpendLine(draft)}</dd>
        {p.drafted !== null && (
          <>
            <dt>Drafted</dt>
            <dd>
              {p.drafted}
              {draft.current !== null && draft.current !== p.drafted ? ` → now: ${draft.current}` : ''}
            </dd>
          </>
        )}
        {p.error !== null && (
          <>
            <dt>Failed</dt>
            <dd data-testid="draft-details-error">{p.error}</dd>
          </>
        )}
        {p.raw !== null && p.raw !== p.drafted && (
          <>
            <dt>{p.error !== null ? 'What came back' : 'Raw output'}</dt>
            <dd>
              <pre className="draft-raw">{p.raw}</pre>
            </dd>
          </>
        )}
        {p.check && (
          <>
            <dt>Cutoff check</dt>
            <dd>
              at {p.check.cutoff} s: {p.check.supported === null ? 'no answer' : p.check.supported ? 'supported' : 'not supported'}
              {p.check.reason ? ` (${p.check.reason})` : ''} · {p.check.inputTokens.toLocaleString('en')} in / {p.check.outputTokens.toLocaleString('en')} out tokens
              <FramesSent videoId={draft.videoId} times={p.check.frameTimes} manifest={manifest} />
            </dd>
          </>
        )}
        {p.history.length > 0 && (
          <>
            <dt>Drafted from the summaries</dt>
            <dd>
              <ol className="review-list">
                {p.history.map((h, i) => (
                  <li key={i}>{h}</li>
                ))}
              </ol>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
