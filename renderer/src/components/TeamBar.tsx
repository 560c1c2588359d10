// The top bar's part on a team server (the app under /p/<project>/): the way back to my projects and
// signing out of the server. Project files on a machine (New, Open, Close) are the server's, not the page's.
import { useState } from 'react';
import { signOut } from '../api/session';
import type { LiveState } from '../store/live/state';
import { useStore } from '../store/store';
import { flushViewSave } from '../store/timeline/actions';
import { flushPendingEdits } from '../store/ui/pending-edits';
import '../team/team.css';

export function TeamBar(): React.JSX.Element {
  const [problem, setProblem] = useState<string | null>(null);
  const leave = async (): Promise<void> => {
    // what is being typed is saved first: the sign-out is sent after those writes (session.ts)
    flushPendingEdits();
    flushViewSave();
    try {
      const outcome = await signOut();
      if (outcome.ok) window.location.assign('/login');
      else setProblem(outcome.error.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const live = useStore((s) => s.live);
  return (
    <>
      <LiveBadge live={live} />
      <a className="button-link" href="/" data-testid="team-projects-link">
        Projects
      </a>
      <button type="button" onClick={() => void leave()} data-testid="team-sign-out">
        Sign out
      </button>
      {problem && (
        <span className="error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/** Whether other people's edits reach the page: live, or reconnecting while the event stream is down. */
export function LiveBadge({ live }: { live: LiveState['live'] }): React.JSX.Element | null {
  if (live === 'reconnecting')
    return (
      <span className="badge warn" role="status" data-testid="team-live" title="The connection to the server dropped: other people’s edits show once it is back (everything shown is reloaded then)">
        reconnecting…
      </span>
    );
  if (live === 'live')
    return (
      <span className="badge" data-testid="team-live" title="Other people’s edits show here as they are made">
        live
      </span>
    );
  return null;
}
