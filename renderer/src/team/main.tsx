// The team server's own pages (team.html, served at /login, /invite and /): signing in, accepting an
// invitation, and my projects (with what a lead manages). Each project's app is index.html under /p/<name>/
// (team.html there tells a signed-in person who is not a member of it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import './team.css';
import { projectOfPath } from '../api/base-path';
import { InvitePage } from './InvitePage';
import { LoginPage } from './LoginPage';
import { pageOf } from './pages';
import { ProjectsPage } from './ProjectsPage';

function TeamPages(): React.JSX.Element {
  switch (pageOf(location.pathname)) {
    case 'login':
      return <LoginPage />;
    case 'invite':
      return <InvitePage />;
    case 'projects':
      return <ProjectsPage />;
    case 'not-member':
      return (
        <main className="team-page">
          <h1>You are not a member of {projectOfPath(location.pathname)}</h1>
          <p>
            A lead of the project can add you to it. <a href="/">My projects</a>
          </p>
        </main>
      );
    case 'not-found':
      return (
        <main className="team-page">
          <h1>Tidemark</h1>
          <p>
            There is no page here. <a href="/">My projects</a>
          </p>
        </main>
      );
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TeamPages />
  </StrictMode>,
);
