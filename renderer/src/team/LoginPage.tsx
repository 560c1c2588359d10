// /login: name and password; a refusal (wrong password, throttled) shows the server's own message.
// Someone already signed in goes straight on, to where the page would send them after signing in.
import { useEffect, useRef, useState } from 'react';
import { teamApi } from './api';
import { safeNext } from './pages';

export function LoginPage(): React.JSX.Element {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // (a failure to ask is no reason to hide the form: it stays)
    teamApi.me().then(
      (answer) => answer.ok && location.replace(safeNext(new URLSearchParams(location.search).get('next'), location.origin)),
      () => undefined,
    );
  }, []);

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await teamApi.login(name.trim(), password);
      if (answer.ok) {
        location.assign(safeNext(new URLSearchParams(location.search).get('next'), location.origin));
        return;
      }
      setProblem(answer.error.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
    setPassword('');
    passwordField.current?.focus();
  };

  return (
    <main className="team-page">
      <h1>Tidemark: sign in</h1>
      <form className="team-form" onSubmit={(e) => void submit(e)} aria-label="Sign in">
        <label className="field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" autoFocus required data-testid="login-name" />
        </label>
        <label className="field">
          Password
          <input ref={passwordField} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required data-testid="login-password" />
        </label>
        <button type="submit" className="primary" disabled={busy || !name.trim() || !password} data-testid="login-submit">
          Sign in
        </button>
        {problem && (
          <p className="error" role="alert" data-testid="login-error">
            {problem}
          </p>
        )}
      </form>
      <p className="hint">No password yet? Your project’s lead sends you a link to set one.</p>
    </main>
  );
}
