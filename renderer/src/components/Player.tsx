// The video.js player, mounted once (React StrictMode-safe, per the video.js React guide); what it
// shows is driven by the player's engine (player/engine.ts), which follows the store outside React.
// This view only mounts video.js, hands its element to the engine and renders the labels.
import { useLayoutEffect, useRef } from 'react';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import { frameIndexAt } from '../../../shared/timecode';
import { isDesktop, videoUrl } from '../api/client';
import { selectedVideo } from '../store/project/selectors';
import { useStore } from '../store/store';
import { PlayerEngine } from '../player/engine';
import { laneElements } from '../player/step-ahead';
import { CropOverlay } from './CropOverlay';

export function PlayerView(): React.JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const video = useStore(selectedVideo);
  const commanded = useStore((s) => s.commanded);
  const presented = useStore((s) => s.presentedTime);
  const playing = useStore((s) => s.playing);

  // a layout effect: the player (and the handle actions drive it by) exists before the first paint
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const element = document.createElement('video-js');
    element.classList.add('vjs-tidemark');
    host.appendChild(element);
    const player = videojs(element, { controls: false, preload: 'auto', fill: true, bigPlayButton: false, loadingSpinner: true, userActions: { hotkeys: false } });
    const media = player.tech(true).el() as HTMLVideoElement;
    // media:// is another origin than the app page in the desktop shell: ask for CORS so frames can
    // be drawn into canvases (identity thumbnails) without tainting them
    if (isDesktop) media.crossOrigin = 'anonymous';
    const engine = new PlayerEngine({
      media,
      lanes: laneElements(host, isDesktop),
      load: (source) => player.src(source),
      on: (type, listener) => {
        player.on(type, listener);
        return () => player.off(type, listener);
      },
      videoUrl,
      report: (tally) => Object.assign(host.dataset, { aheadReady: tally.ready, aheadAwaited: tally.awaited, aheadSought: tally.sought }),
    });
    return () => {
      engine.dispose();
      if (!player.isDisposed()) player.dispose();
    };
  }, []);

  const fps = video?.fps ?? 30;
  return (
    <div
      className="player"
      data-testid="player"
      data-commanded-time={commanded.time}
      data-commanded-frame={frameIndexAt(commanded.time, fps)}
      data-presented-time={presented ?? ''}
      data-presented-frame={presented === null ? '' : frameIndexAt(presented, fps)}
      data-playing={playing}
    >
      <div ref={hostRef} className="player-host" />
      <CropOverlay />
      {!video && <div className="player-empty">Import a video or pick one from the library.</div>}
      {video && video.status !== 'ok' && <div className="player-empty">{video.statusMessage}</div>}
    </div>
  );
}
