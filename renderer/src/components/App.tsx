import { Fragment, useEffect } from 'react';
import { forgetChoice, handleKeyDown, noteChoice } from '../shortcuts';
import { startApp } from '../store/features';
import { isRunning } from '../store/jobs/selectors';
import { closeProject, pick, usePickedPaths } from '../store/project/actions';
import { adjudicationItem } from '../store/review/selectors';
import { useStore } from '../store/store';
import { flushViewSave } from '../store/timeline/actions';
import { flushPendingEdits } from '../store/ui/pending-edits';
import { dismissError, openOverlay } from '../store/ui/actions';
import { AnnotationPanel, AnnotationToolbar } from './AnnotationPanel';
import { Library } from './Library';
import { JobsBar, PathPrompt, ShortcutsOverlay } from './Overlays';
import { PlayerView } from './Player';
import { ProfilesOverlay } from './ProfilesOverlay';
import { ExchangeOverlay } from './ExchangeOverlay';
import { IdentityControl, IdentityForm } from './IdentityControl';
import { TeamBar } from './TeamBar';
import { TeamConnect } from './TeamConnect';
import { LocalVideoFolders } from './LocalVideoFolders';
import { page } from '../api/base-path';
import { AdjudicationPanel } from './review/AdjudicationPanel';
import { ReviewOverlay } from './review/ReviewOverlay';
import { DraftingOverlay } from './drafting/DraftingOverlay';
import { ResponseDetails } from './runs/ResponseDetails';
import { RunsOverlay } from './runs/RunsOverlay';
import { ReviewPanel } from './review/ReviewPanel';
import { useShortcutLabel } from './use-shortcut-label';
import { Timeline } from './Timeline';
import { Transport } from './Transport';

function Welcome(): React.JSX.Element {
  const recent = useStore((s) => s.recent);
  const demoRunning = useStore((s) => isRunning(s, 'demo'));
  const mode = useStore((s) => s.info?.mode);
  return (
    <main className="welcome" data-testid="welcome">
      <h1>Tidemark</h1>
      <p>Build streaming-video benchmarks: step at 1 FPS, mark what the benchmark needs, export it.</p>
      {demoRunning && <p className="hint">Preparing the demo project…</p>}
      <section className="welcome-identity">
        <h2>Who are you?</h2>
        <p className="hint">Your name and role go with every edit, review and decision; a reviewer answers blind.</p>
        <IdentityForm />
      </section>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void pick('saveProject')}>
          New project…
        </button>
        <button type="button" onClick={() => void pick('openProject')}>
          Open project… (O)
        </button>
      </div>
      {recent.length > 0 && (
        <section>
          <h2>Recent</h2>
          <ul className="recent">
            {recent.map((r) => (
              <li key={r.path}>
                <button type="button" disabled={!r.exists} onClick={() => void usePickedPaths('openProject', [r.path])}>
                  {r.name}
                </button>
                <code>{r.path}</code>
                {!r.exists && <span className="hint"> (missing)</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <TeamConnect />
      <LocalVideoFolders mode={mode} />
    </main>
  );
}

export function App(): React.JSX.Element {
  const project = useStore((s) => s.project);
  const error = useStore((s) => s.error);
  const mode = useStore((s) => s.info?.mode);
  // the path says it before app.info has answered: New and Open never show on a team server
  const onTeamServer = mode === 'team' || page.base() !== '';
  const reviewing = useStore((s) => s.reviewing !== null);
  const adjudicating = useStore((s) => adjudicationItem(s) !== null && s.decisionDraft !== null);
  // keyed by the person's session: after a switch nothing a component held for the previous person survives
  const session = useStore((s) => s.session);
  const reviewKey = useShortcutLabel('review');
  const draftingKey = useShortcutLabel('drafting');
  const runsKey = useShortcutLabel('runs');

  useEffect(() => {
    void startApp();
    window.addEventListener('keydown', handleKeyDown);
    window.addEventListener('change', noteChoice, true);
    window.addEventListener('pointerdown', forgetChoice, true);
    // leaving the page (a reload, closing the window) saves what is being typed and where the person was
    const leavePage = (): void => {
      flushPendingEdits();
      flushViewSave();
    };
    window.addEventListener('pagehide', leavePage);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      window.removeEventListener('change', noteChoice, true);
      window.removeEventListener('pointerdown', forgetChoice, true);
      window.removeEventListener('pagehide', leavePage);
    };
  }, []);

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Tidemark</span>
        <span className="project-name" data-testid="project-name">
          {project ? project.name : 'No project'}
        </span>
        {mode === 'browser' && (
          <span className="badge" title="Served on 127.0.0.1 with an access token">
            browser mode
          </span>
        )}
        <span className="spacer" />
        <IdentityControl />
        {onTeamServer ? (
          <TeamBar />
        ) : (
          <>
            <button type="button" onClick={() => void pick('saveProject')}>
              New
            </button>
            <button type="button" onClick={() => void pick('openProject')}>
              Open
            </button>
          </>
        )}
        {project && (
          <button type="button" onClick={() => openOverlay('profiles')}>
            Profiles
          </button>
        )}
        {project && (
          <button type="button" onClick={() => openOverlay('exchange')} data-testid="open-exchange">
            Import / export
          </button>
        )}
        {project && (
          <button type="button" onClick={() => openOverlay('review')} title={`Review (${reviewKey})`} data-testid="open-review">
            Review
          </button>
        )}
        {project && (
          <button type="button" onClick={() => openOverlay('runs')} title={`Model runs (${runsKey})`} data-testid="open-runs">
            Runs
          </button>
        )}
        {project && (
          <button type="button" onClick={() => openOverlay('drafting')} title={`Drafting with a model (${draftingKey})`} data-testid="open-drafting">
            Drafting
          </button>
        )}
        {project && !onTeamServer && (
          <button type="button" onClick={() => void closeProject()}>
            Close
          </button>
        )}
      </header>
      {error && (
        <div className="error-bar" role="alert" data-testid="error">
          {error}{' '}
          <button type="button" onClick={dismissError}>
            Dismiss
          </button>
        </div>
      )}
      {project ? (
        // the player is not remounted (video.js owns its element's DOM); what it shows comes from the store
        <div className="workspace">
          <Library key={`library-${session}`} />
          <section className="stage">
            <PlayerView />
            <Fragment key={session}>
              <Transport />
              <AnnotationToolbar />
              <Timeline />
              <ResponseDetails />
            </Fragment>
          </section>
          <Fragment key={session}>{reviewing ? <ReviewPanel /> : adjudicating ? <AdjudicationPanel /> : <AnnotationPanel />}</Fragment>
        </div>
      ) : (
        <Welcome />
      )}
      <Fragment key={session}>
        <JobsBar />
        <ShortcutsOverlay />
        <ProfilesOverlay />
        <ExchangeOverlay />
        <ReviewOverlay />
        <DraftingOverlay />
        <RunsOverlay />
        <PathPrompt />
      </Fragment>
    </div>
  );
}
