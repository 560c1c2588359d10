// Time display (time code and frame index), stepping buttons, jump-to-time and playback rate.
import { useState } from 'react';
import { formatFps, formatTimecode, parseTimeInput } from '../../../shared/timecode';
import { jumpTo, setDecodeAhead, setRate, step, toggleGrid, togglePlay } from '../store/player/actions';
import { displayFrame, displayTime } from '../store/player/selectors';
import { playbackRates } from '../store/player/state';
import { selectedTimedVideo } from '../store/project/selectors';
import { useStore } from '../store/store';
import { toggleShortcuts } from '../store/ui/actions';

export function Transport(): React.JSX.Element | null {
  const video = useStore(selectedTimedVideo);
  const time = useStore(displayTime);
  const frame = useStore(displayFrame);
  const playing = useStore((s) => s.playing);
  const rate = useStore((s) => s.rate);
  const grid = useStore((s) => s.grid);
  const decodeAhead = useStore((s) => s.decodeAhead);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  if (!video) return null;
  const withHours = video.duration >= 3600;

  const submitJump = (event: React.FormEvent): void => {
    event.preventDefault();
    const parsed = parseTimeInput(jump);
    if (!parsed.ok) return setJumpError(parsed.error);
    if (parsed.seconds > video.duration) return setJumpError(`The video ends at ${formatTimecode(video.duration, { withHours })}.`);
    setJumpError(null);
    setJump('');
    jumpTo(parsed.seconds);
    (document.activeElement as HTMLElement | null)?.blur();
  };

  return (
    // a click on its buttons does not keep the focus: Space goes on playing and pausing
    <div className="transport" onMouseDown={(e) => (e.target as HTMLElement).closest('button') && e.preventDefault()}>
      <button type="button" onClick={() => step('second', -1)} title="Previous whole second (←)">
        −1s
      </button>
      <button type="button" onClick={() => step('frame', -1)} title="Previous frame (,)">
        −1f
      </button>
      <button type="button" className="play" onClick={togglePlay} title="Play / pause (Space)">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => step('frame', 1)} title="Next frame (.)">
        +1f
      </button>
      <button type="button" onClick={() => step('second', 1)} title="Next whole second (→)">
        +1s
      </button>
      <div className="time" data-testid="time-display">
        <span className="timecode" data-testid="timecode">
          {formatTimecode(time, { withHours })}
        </span>
        <span className="sep">/</span>
        <span className="duration">{formatTimecode(video.duration, { withHours })}</span>
        <span className="frame" data-testid="frame-index">
          frame {frame}
        </span>
        <span className="fps" title={`${video.fpsRational}${video.variableFps ? ', variable frame rate: frame steps are approximate' : ''}`}>
          {formatFps(video.fps)} fps{video.variableFps ? ' (VFR)' : ''}
        </span>
      </div>
      <form className="jump" onSubmit={submitJump}>
        <input
          id="jump-input"
          data-testid="jump-input"
          value={jump}
          placeholder="Go to… (G)"
          aria-label="Jump to time: seconds, MM:SS or HH:MM:SS"
          onChange={(e) => {
            setJump(e.target.value);
            setJumpError(null);
          }}
        />
        {jumpError && (
          <span className="error" role="alert">
            {jumpError}
          </span>
        )}
      </form>
      <label className="rate">
        Rate
        <select value={rate} onChange={(e) => setRate(Number(e.target.value))} aria-label="Playback rate">
          {playbackRates.map((r) => (
            <option key={r} value={r}>
              {r}×
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="grid" onClick={toggleGrid} title="Snap to whole seconds or native frames (S)">
        Snap: {grid === 'second' ? '1 s' : 'frame'}
      </button>
      <button
        type="button"
        className="toggle"
        aria-pressed={decodeAhead}
        data-testid="decode-ahead"
        onClick={() => setDecodeAhead(!decodeAhead)}
        title={`Instant steps ${decodeAhead ? 'on' : 'off'}: the next and previous second and frame are decoded in the background, so → ← . , show their frame at once. Uses more memory (about 0.65 GB at 1080p); turn off where memory is short. Remembered on this computer.`}
      >
        Instant steps: {decodeAhead ? 'on' : 'off'}
      </button>
      <button type="button" onClick={toggleShortcuts} title="Keyboard shortcuts (?)">
        ?
      </button>
    </div>
  );
}
