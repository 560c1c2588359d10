// The `?` shortcut list, the typed-path prompt (browser mode has no native dialogs) and the jobs bar.
import { Fragment, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { comboOf, shortcutLabels, shortcuts, type Shortcut } from '../shortcuts';
import { cancelJob } from '../store/jobs/actions';
import { runningJobs } from '../store/jobs/selectors';
import { usePickedPaths } from '../store/project/actions';
import { useStore } from '../store/store';
import { closeOverlay, rebindShortcut, startRebinding } from '../store/ui/actions';

export function ShortcutsOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'shortcuts');
  const rebinding = useStore((s) => s.rebinding);
  const keymap = useStore((s) => s.keymap);
  if (!open) return null;
  const groups = new Map<Shortcut['group'], Shortcut[]>();
  for (const s of shortcuts) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  const capture = (event: React.KeyboardEvent): void => {
    if (!rebinding) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') return startRebinding(null);
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    void rebindShortcut(rebinding, [comboOf(event.nativeEvent)]);
  };
  return (
    <div className="overlay" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts-overlay" onClick={closeOverlay} onKeyDownCapture={capture} tabIndex={-1}>
      <div className="overlay-card" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <p className="hint">Click a key to rebind it, then press the new key (Esc cancels). Rebindings are kept in settings.json.</p>
        <div className="shortcut-groups">
          {[...groups].map(([group, list]) => (
            <section key={group}>
              <h3>{group}</h3>
              <dl>
                {list.map((s) => (
                  <div key={s.id} className="shortcut">
                    <dt>
                      <button type="button" className="kbd" data-shortcut={s.id} onClick={() => startRebinding(s.id)} autoFocus={rebinding === s.id}>
                        {rebinding === s.id
                          ? 'press a key…'
                          : shortcutLabels(s.id, keymap).map((label, i) => (
                              <Fragment key={label}>
                                {i > 0 && ' / '}
                                <span className="combo">{label}</span>
                              </Fragment>
                            ))}
                      </button>
                    </dt>
                    <dd>{s.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <p className="hint">
          Timeline: drag the ruler to scrub, click a mark to select it, drag its edge to move it, click elsewhere to seek, drag to pan, wheel to pan, Ctrl/⌘+wheel to zoom. Esc closes.
        </p>
        <p className="hint">
          Stepping: with <em>Instant steps</em> on (the transport bar), the next and previous second and frame are decoded in the background, so → ← . , show their frame at once, and a held key
          decodes further ahead; it costs memory (about 0.65 GB at 1080p) — turn it off where memory is short.
        </p>
      </div>
    </div>
  );
}

const PROMPTS = {
  openProject: { title: 'Open a project', label: 'Path of a .tidemark file', multi: false },
  saveProject: { title: 'New project', label: 'Path for the new .tidemark file', multi: false },
  videoFiles: { title: 'Import videos', label: 'Video file paths, one per line', multi: true },
  videoFolder: { title: 'Import a folder', label: 'Folder path (searched recursively)', multi: false },
  relink: { title: 'Relink video', label: 'New path of the video file', multi: false },
} as const;

export function PathPrompt(): React.JSX.Element | null {
  const prompt = useStore((s) => s.prompt);
  const team = useStore((s) => s.info?.mode === 'team');
  const [text, setText] = useState('');
  if (!prompt) return null;
  const spec = PROMPTS[prompt.kind];
  const submit = (event: React.FormEvent): void => {
    event.preventDefault();
    const paths = text
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean);
    if (paths.length === 0) return;
    setText('');
    void usePickedPaths(prompt.kind, paths, prompt.videoId);
  };
  return (
    <div className="overlay" role="dialog" aria-label={spec.title}>
      <form className="overlay-card prompt" onSubmit={submit} data-testid="path-prompt">
        <h2>{spec.title}</h2>
        <label>
          {spec.label}
          {spec.multi ? (
            <textarea autoFocus rows={4} value={text} onChange={(e) => setText(e.target.value)} data-testid="path-input" />
          ) : (
            <input autoFocus value={text} onChange={(e) => setText(e.target.value)} data-testid="path-input" />
          )}
        </label>
        <p className="hint">
          {team
            ? 'Paths are on the team server, inside its media folder (a relative path is taken from it); a file to write goes in its exports/ folder (exports/name.jsonl).'
            : 'Browser mode reads paths on this computer; the desktop app shows a file dialog instead.'}
        </p>
        <div className="actions">
          <button type="button" onClick={closeOverlay}>
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="path-submit">
            OK
          </button>
        </div>
      </form>
    </div>
  );
}

export function JobsBar(): React.JSX.Element | null {
  const jobs = useStore(useShallow(runningJobs));
  if (jobs.length === 0) return null;
  return (
    <div className="jobs" data-testid="jobs">
      {jobs.map((job) => (
        <div key={job.id} className="job">
          <span className="job-label">{job.message}</span>
          <progress max={1} value={job.progress ?? undefined} />
          <button type="button" onClick={() => void cancelJob(job.id)}>
            Cancel
          </button>
        </div>
      ))}
    </div>
  );
}
