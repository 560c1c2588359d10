// The start screen's "Connect to a team server" (desktop only): the server's address and the recent
// servers. The desktop opens the server's own sign-in page in a window of its own, where the name
// and password are typed; this screen never asks for them.
import { useEffect, useState } from 'react';
import type { RecentTeamServer } from '../../../shared/team-connect';
import { connectToTeamServer, recentTeamServers, teamBridge } from './team-servers';

export function TeamConnect(): React.JSX.Element | null {
  const [address, setAddress] = useState('');
  const [recent, setRecent] = useState<RecentTeamServer[]>([]);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const desktop = teamBridge() !== undefined;

  useEffect(() => {
    if (!desktop) return;
    let live = true;
    void recentTeamServers().then((answer) => {
      if (!live) return;
      if (answer.ok) setRecent(answer.recent);
      else setProblem(answer.message);
    });
    return () => {
      live = false;
    };
  }, [desktop]);

  if (!desktop) return null;

  const connect = async (to: string): Promise<void> => {
    setConnecting(to);
    setProblem(null);
    const answer = await connectToTeamServer(to);
    setConnecting(null);
    if (answer.ok) {
      setRecent(answer.recent);
      setAddress('');
    } else setProblem(answer.message);
  };

  return (
    <section className="welcome-team" data-testid="team-connect">
      <h2>Connect to a team server</h2>
      <p className="hint">Opens the server’s own sign-in page in a window of its own: your name and password go to the server, not to this app.</p>
      <form
        className="actions"
        onSubmit={(event) => {
          event.preventDefault();
          void connect(address);
        }}
      >
        <label className="field">
          Server address
          <input value={address} onChange={(event) => setAddress(event.target.value)} placeholder="https://team.example.org" spellCheck={false} data-testid="team-connect-address" />
        </label>
        <button type="submit" disabled={connecting !== null || !address.trim()} data-testid="team-connect-submit">
          {connecting !== null ? 'Connecting…' : 'Connect'}
        </button>
      </form>
      {problem && (
        <p className="error" role="alert" data-testid="team-connect-problem">
          {problem}
        </p>
      )}
      {recent.length > 0 && (
        <ul className="recent" data-testid="team-connect-recent">
          {recent.map((server) => (
            <li key={server.url}>
              <button type="button" disabled={connecting !== null} onClick={() => void connect(server.url)}>
                {new URL(server.url).host}
              </button>
              <code>{server.url}</code>
              <span className="hint">{new Date(server.connectedAt).toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
