// The video library: thumbnail, name, duration, fps and status; virtualized for large libraries.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ThumbnailManifest, Video } from '../../../shared/domain';
import { formatDuration, formatFps } from '../../../shared/timecode';
import { thumbnailSheetUrl } from '../api/client';
import { dismissImportReport, loadThumbnailManifest, pick, relinkVideo, selectVideo } from '../store/project/actions';
import { useStore } from '../store/store';

function Thumb({ video, manifest }: { video: Video; manifest: ThumbnailManifest | null | undefined }): React.JSX.Element {
  useEffect(() => {
    if (manifest === undefined && video.status === 'ok') loadThumbnailManifest(video.id);
  }, [manifest, video.id, video.status]);
  if (!manifest) return <div className="thumb placeholder">{video.status === 'ok' ? '…' : '!'}</div>;
  // the tile of second 1 (or 0 for a one-second clip) from the first sheet
  const tile = Math.min(1, manifest.count - 1);
  const scale = 40 / manifest.tileHeight;
  return (
    <div
      className="thumb"
      style={{
        width: manifest.tileWidth * scale,
        backgroundImage: `url(${thumbnailSheetUrl(video.id, 0)})`,
        backgroundSize: `${manifest.tileWidth * manifest.columns * scale}px auto`,
        backgroundPosition: `-${(tile % manifest.columns) * manifest.tileWidth * scale}px 0`,
      }}
    />
  );
}

export function Library(): React.JSX.Element {
  const videos = useStore((s) => s.videos);
  const selected = useStore((s) => s.selectedVideoId);
  const thumbnails = useStore((s) => s.thumbnails);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: videos.length, getScrollElement: () => parentRef.current, estimateSize: () => 58, overscan: 8, getItemKey: (i) => videos[i]?.id ?? i });

  return (
    <aside className="library" aria-label="Video library">
      <header>
        <h2>Videos</h2>
        <button type="button" onClick={() => void pick('videoFiles')} title="Import videos (I)">
          Import files
        </button>
        <button type="button" onClick={() => void pick('videoFolder')}>
          Import folder
        </button>
      </header>
      <div ref={parentRef} className="library-list" data-testid="library">
        {videos.length === 0 && <p className="hint">No videos yet. Import files or a folder.</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const video = videos[row.index]!;
            return (
              <div
                key={row.key}
                className={`library-row ${video.id === selected ? 'selected' : ''} status-${video.status}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)`, height: row.size }}
                data-testid="library-row"
                data-video-name={video.name}
                role="button"
                tabIndex={0}
                // a click does not keep the focus, so Space plays the video just picked (a focused button keeps Space)
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void selectVideo(video.id)}
                onKeyDown={(e) => e.key === 'Enter' && void selectVideo(video.id)}
              >
                <Thumb video={video} manifest={thumbnails[video.id]} />
                <div className="meta">
                  <div className="name" title={video.relPath}>
                    {video.name}
                  </div>
                  <div className="details">
                    {video.duration === null ? 'length unknown' : formatDuration(video.duration)} · {formatFps(video.fps)} fps{video.variableFps ? ' VFR' : ''} · {video.width}×{video.height} ·{' '}
                    {video.codec}
                    {video.audioCodec ? ` + ${video.audioCodec}` : ''}
                  </div>
                  {video.status !== 'ok' && (
                    <div className="status" title={video.statusMessage ?? ''}>
                      {video.status}{' '}
                      <button
                        type="button"
                        onClick={(e) => {
                          e.stopPropagation();
                          void relinkVideo(video.id);
                        }}
                      >
                        Relink…
                      </button>
                    </div>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <ImportReportView />
    </aside>
  );
}

function ImportReportView(): React.JSX.Element | null {
  const report = useStore((s) => s.lastImport);
  if (!report) return null;
  return (
    <div className="import-report" data-testid="import-report" role="status">
      <strong>
        Import: {report.imported.length} added, {report.duplicates.length} already present, {report.failed.length} failed
      </strong>
      <ul>
        {[...report.failed, ...report.duplicates].map((p) => (
          <li key={p.path}>
            <code>{p.path}</code>: {p.reason}
          </li>
        ))}
      </ul>
      <button type="button" onClick={dismissImportReport}>
        Dismiss
      </button>
    </div>
  );
}
