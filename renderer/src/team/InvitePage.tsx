// /invite?token=T: whose invitation (or password reset) the link is, then a new password typed twice;
// accepting it signs them in and goes to their projects.
import { useEffect, useState } from 'react';
import { teamApi } from './api';
import { passwordProblem } from './pages';

type Invitation = { state: 'loading' } | { state: 'valid'; name: string } | { state: 'refused'; message: string };

export function InvitePage(): React.JSX.Element {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation>({ state: 'loading' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setInvitation({ state: 'refused', message: 'This link has no invitation in it: ask your project’s lead for a new one.' });
      return;
    }
    teamApi.invitation(token).then(
      (answer) => setInvitation(answer.ok ? { state: 'valid', name: answer.value.name } : { state: 'refused', message: answer.error.message }),
      (error: unknown) => setInvitation({ state: 'refused', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [token]);

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    const wrong = passwordProblem(password, confirmation);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setBusy(true);
    try {
      const answer = await teamApi.acceptInvitation(token, password);
      if (answer.ok) {
        location.assign('/');
        return;
      }
      setProblem(answer.error.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  return (
    <main className="team-page">
      <h1>Tidemark: set your password</h1>
      {invitation.state === 'loading' && <p className="hint">Reading the invitation…</p>}
      {invitation.state === 'refused' && (
        <p className="error" role="alert" data-testid="invite-error">
          {invitation.message}
        </p>
      )}
      {invitation.state === 'valid' && (
        <form className="team-form" onSubmit={(e) => void submit(e)} aria-label="Set your password">
          <p>
            Welcome, <strong data-testid="invite-name">{invitation.name}</strong>. Choose a password of at least 10 characters.
          </p>
          {/* the name, for the browser's password manager to store the new password under */}
          <input type="text" autoComplete="username" value={invitation.name} readOnly hidden />
          <label className="field">
            Password
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" autoFocus required data-testid="invite-password" />
          </label>
          <label className="field">
            The same password again
            <input type="password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} autoComplete="new-password" required data-testid="invite-confirm" />
          </label>
          <button type="submit" className="primary" disabled={busy || !password} data-testid="invite-submit">
            Set password and sign in
          </button>
          {problem && (
            <p className="error" role="alert" data-testid="invite-problem">
              {problem}
            </p>
          )}
        </form>
      )}
    </main>
  );
}
