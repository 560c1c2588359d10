// The video.js player, initialised once (React StrictMode-safe, per the video.js React guide) and
// driven by the store: a command is shown by a lane that decoded it ahead (player/step-ahead.ts) or
// else sought through the SeekQueue; presented frames come back from requestVideoFrameCallback.
import { useEffect, useLayoutEffect, useRef } from 'react';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import type Player from 'video.js/dist/types/player';
import { frameIndexAt, frameStartTime } from '../../../shared/timecode';
import { isDesktop, videoUrl } from '../api/client';
import { framePresented, onPlaybackTime, playbackStarted, playbackStopped, stepBackwards } from '../store/player/actions';
import { likelyCommands } from '../store/player/selectors';
import { selectedVideo } from '../store/project/selectors';
import { getState, useStore } from '../store/store';
import { playerControl } from '../player/control';
import { SeekQueue, type FrameCheck } from '../player/seek-queue';
import { laneElements, StepAhead } from '../player/step-ahead';
import { CropOverlay } from './CropOverlay';

function mimeFor(container: string): string {
  if (container.includes('webm')) return 'video/webm';
  if (container.includes('ogg')) return 'video/ogg';
  return 'video/mp4';
}

export function PlayerView(): React.JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<Player | null>(null);
  /** Shows a command: by a lane that decoded it ahead, else by seeking the player's own element. */
  const commandRef = useRef<((t: number) => void) | null>(null);
  const sourceRef = useRef<((url: string | null, fps: number) => void) | null>(null);
  const switchAheadRef = useRef<((on: boolean) => void) | null>(null);
  /** True from a source change until its metadata arrives: seeks wait for 'loadedmetadata'. */
  const loadingRef = useRef(false);
  const video = useStore(selectedVideo);
  const commanded = useStore((s) => s.commanded);
  const presented = useStore((s) => s.presentedTime);
  const playing = useStore((s) => s.playing);
  const decodeAhead = useStore((s) => s.decodeAhead);

  // create the player once (a layout effect, so it exists before the layout effects below run)
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || playerRef.current) return;
    const element = document.createElement('video-js');
    element.classList.add('vjs-tidemark');
    host.appendChild(element);
    const player = videojs(element, { controls: false, preload: 'auto', fill: true, bigPlayButton: false, loadingSpinner: true, userActions: { hotkeys: false } });
    playerRef.current = player;
    const media = player.tech(true).el() as HTMLVideoElement;
    // media:// is another origin than the app page in the desktop shell: ask for CORS so frames can
    // be drawn into canvases (identity thumbnails) without tainting them
    if (isDesktop) media.crossOrigin = 'anonymous';

    // The own element's landings count only for the seek last asked of it ('any': the first frame
    // of a new source); while a lane is on screen, a late landing of an older seek is not shown.
    // the command (seq) a lane took and the one the own element last sought: what a landing answers
    let laneSeq = 0;
    let ownSeq = 0;
    const ahead = new StepAhead(laneElements(host, isDesktop), (mediaTime) => framePresented(mediaTime, laneSeq), (t) => seekOwn(t), (tally) => {
      Object.assign(host.dataset, { aheadReady: tally.ready, aheadAwaited: tally.awaited, aheadSought: tally.sought });
    });
    ahead.setEnabled(getState().decodeAhead);
    let ownWanted: number | 'any' | null = null;
    let ownAt: number | null = null;
    /** Waiting for the own element to land (playback starts there): true when it did, false when a lane took a later command. */
    let ownWaiters: Array<(landed: boolean) => void> = [];
    const settleOwnWaiters = (landed: boolean): void => {
      const waiting = ownWaiters;
      ownWaiters = [];
      for (const resolve of waiting) resolve(landed);
    };
    const fps = (): number => selectedVideo(getState())?.fps ?? 30;
    const arm = (): void => {
      if (!getState().playing) ahead.arm(likelyCommands(getState()));
    };
    const ownLanded = (mediaTime: number): void => {
      ahead.hide();
      framePresented(mediaTime, ownSeq);
      settleOwnWaiters(true);
      arm();
    };
    const queue = new SeekQueue(media, (mediaTime, target) => {
      ownAt = mediaTime;
      if (ownWanted === 'any' || target === ownWanted) ownLanded(mediaTime);
    });
    const seekOwn = (t: number, isTargetFrame?: FrameCheck): void => {
      ownWanted = t;
      ownSeq = getState().commanded.seq;
      ahead.disarm();
      // a seek to the frame the element already presents presents nothing new: show it as it is
      if (ahead.screen && !queue.busy && ownAt !== null && frameIndexAt(ownAt, fps()) === frameIndexAt(t, fps())) {
        const at = ownAt;
        requestAnimationFrame(() => {
          if (ownWanted === t) ownLanded(at);
        });
        return;
      }
      queue.request(t, isTargetFrame);
    };
    commandRef.current = (t) => {
      if (ahead.show(t)) {
        ownWanted = null;
        laneSeq = getState().commanded.seq;
        settleOwnWaiters(false);
        arm();
      } else seekOwn(t);
    };
    switchAheadRef.current = (on) => {
      const onScreen = ahead.screen !== null;
      // off: a command a lane was still seeking comes back (onMissed); a lane on screen stays there
      // until the player's own element presents the same frame, then the lanes let go
      ahead.setEnabled(on);
      if (on) arm();
      else if (onScreen) seekOwn(getState().commanded.time);
    };
    sourceRef.current = (url, rate) => {
      ownWanted = 'any';
      ownSeq = getState().commanded.seq;
      ownAt = null;
      queue.resetForNewSource();
      ahead.setSource(url, rate);
    };

    let direction: 1 | -1 | 0 = 0;
    let backTimer: ReturnType<typeof setInterval> | null = null;
    let frameLoop = 0;
    const stopBackwards = (): void => {
      if (backTimer) clearInterval(backTimer);
      backTimer = null;
    };
    const watchFrames = (): void => {
      // while playing, every presented frame updates the playhead
      frameLoop = media.requestVideoFrameCallback((_now, meta) => {
        framePresented(meta.mediaTime);
        onPlaybackTime(meta.mediaTime);
        if (!media.paused) watchFrames();
      });
    };
    // (backwards playback has stopped its timer by the time this runs: see pause())
    const markPaused = (): void => {
      direction = 0;
      // neither the last frame reported (late on a loaded machine) nor the element's own time (it can
      // lie a hair before the picture's frame) says for sure what is on screen once playback stops:
      // the element is brought to the frame of its time, which is then the command and the picture
      // (at the end, the last frame: the element's time is then its duration, a frame past it). Only
      // that frame answers the seek: one playback had under way can still reach the screen after it.
      const t = playbackStopped(frameStartTime(frameIndexAt(media.currentTime, fps()), fps()));
      seekOwn(t, (mediaTime) => frameIndexAt(mediaTime, fps()) === frameIndexAt(t, fps()));
    };
    player.on('play', () => {
      ahead.hide();
      direction = 1;
      playbackStarted();
      watchFrames();
    });
    player.on('pause', () => {
      media.cancelVideoFrameCallback(frameLoop);
      if (!backTimer) markPaused();
    });
    player.on('ended', markPaused);

    const detach = playerControl.attach({
      async play(rate) {
        stopBackwards();
        if (rate) media.playbackRate = rate;
        // playback runs on the player's own element: bring it to the frame a lane is showing (or
        // still seeking) first; a step meanwhile, taken by a lane, calls the playback off
        if (ahead.screen || ahead.awaiting) {
          ahead.cancelAwait();
          const landed = await new Promise<boolean>((resolve) => {
            ownWaiters.push(resolve);
            seekOwn(getState().commanded.time);
          });
          if (!landed) return;
        }
        ahead.disarm();
        await media.play().catch(() => undefined);
      },
      playBackwards(rate) {
        media.pause();
        stopBackwards();
        // backwards playback seeks the own element: a lane still seeking must not be revealed over it
        ahead.cancelAwait();
        direction = -1;
        playbackStarted();
        const stepMs = 100;
        backTimer = setInterval(() => {
          const next = stepBackwards((rate * stepMs) / 1000);
          seekOwn(next);
          onPlaybackTime(next);
          if (next <= 0) playerControl.pause();
        }, stepMs);
      },
      pause() {
        const wasBackwards = backTimer !== null;
        stopBackwards();
        if (!media.paused) media.pause();
        else if (wasBackwards) markPaused();
      },
      setRate(rate) {
        media.playbackRate = rate;
      },
      direction: () => direction,
      screen: () => ahead.screen ?? media,
    });

    return () => {
      detach();
      stopBackwards();
      queue.dispose();
      ahead.dispose();
      commandRef.current = null;
      sourceRef.current = null;
      switchAheadRef.current = null;
      if (!player.isDisposed()) player.dispose();
      playerRef.current = null;
    };
  }, []);

  // load the selected video — a layout effect, before the command's below: a new video and its
  // command arrive in one update, and the command must not reach the old video's lanes
  useLayoutEffect(() => {
    const player = playerRef.current;
    if (!player) return;
    if (!video || video.status !== 'ok') {
      // no video (another project, or none selected) or its file is missing: show nothing stale.
      // The source is emptied on the same media element — player.reset() would make a new one,
      // and the seek queue and frame callbacks would go on listening to the old.
      const media = player.tech(true).el() as HTMLVideoElement;
      media.pause();
      media.removeAttribute('src');
      media.load();
      sourceRef.current?.(null, 30);
      loadingRef.current = false;
      framePresented(null);
      return;
    }
    framePresented(null);
    sourceRef.current?.(videoUrl(video.id), video.fps);
    loadingRef.current = true;
    player.src({ src: videoUrl(video.id), type: mimeFor(video.container) });
    player.one('loadedmetadata', () => {
      loadingRef.current = false;
      const s = getState();
      player.playbackRate(s.rate);
      commandRef.current?.(s.commanded.time);
    });
  }, [video?.id, video?.status]);

  // decoding ahead turned on or off, at once
  useEffect(() => {
    switchAheadRef.current?.(decodeAhead);
  }, [decodeAhead]);

  // every new command, as soon as it is committed (a lane's reveal waits for nothing else)
  useLayoutEffect(() => {
    const player = playerRef.current;
    if (!player || !video || loadingRef.current || player.readyState() < 1) return;
    commandRef.current?.(commanded.time);
  }, [commanded.seq]);

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
