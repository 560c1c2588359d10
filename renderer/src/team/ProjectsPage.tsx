// /: the projects I am a member of, with my roles, each a link to its app; a lead manages a project's
// members and reads its audit log here. Without a session: the sign-in page, back here after.
import { useEffect, useState } from 'react';
import type { TeamMe } from '../../../shared/team';
import { loginUrl } from '../api/base-path';
import { teamApi } from './api';
import { ManageProject } from './ManageProject';
import { leadProjects } from './pages';

export function ProjectsPage(): React.JSX.Element {
  const [me, setMe] = useState<TeamMe | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [managing, setManaging] = useState<string | null>(null);

  useEffect(() => {
    teamApi.me().then(
      (answer) => {
        if (answer.ok) setMe(answer.value);
        else if (answer.status === 401) location.assign(loginUrl('/'));
        else setProblem(answer.error.message);
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, []);

  const signOut = async (): Promise<void> => {
    try {
      const answer = await teamApi.logout();
      if (answer.ok || answer.status === 401) location.assign('/login');
      else setProblem(answer.error.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  if (!me)
    return (
      <main className="team-page">
        <h1>Tidemark</h1>
        {problem ? (
          <p className="error" role="alert">
            {problem}
          </p>
        ) : (
          <p className="hint">Loading…</p>
        )}
      </main>
    );

  const leads = new Set(leadProjects(me));
  return (
    <main className="team-page">
      <div className="team-signed-in">
        <h1>My projects</h1>
        <span className="spacer" />
        <span className="hint" data-testid="team-me">
          Signed in as {me.name}
        </span>
        <button type="button" onClick={() => void signOut()} data-testid="team-logout">
          Sign out
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {me.projects.length === 0 ? (
        <p className="hint">You are not a member of any project yet: a project’s lead adds you.</p>
      ) : (
        <ul className="team-projects" data-testid="team-projects">
          {me.projects.map((p) => (
            <li key={p.name}>
              <a href={`/p/${encodeURIComponent(p.name)}/`}>{p.name}</a>
              <span className="hint">{p.roles.join(', ')}</span>
              {leads.has(p.name) && (
                <button type="button" aria-expanded={managing === p.name} onClick={() => setManaging(managing === p.name ? null : p.name)} data-testid={`manage-${p.name}`}>
                  Manage
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {managing && leads.has(managing) && <ManageProject key={managing} project={managing} />}
    </main>
  );
}
