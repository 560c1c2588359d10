// Who you are: your name and role, which the transport vouches for — you sign in as them, and a
// name protected with a passphrase asks for it. Every edit, review and decision records them, and
// the services answer by them (a blind reviewer never gets the authors' answers). Asked on the start
// screen, changed any time from the header, and asked again when a call needs your passphrase.
import { useEffect, useRef, useState } from 'react';
import { roles, type Role } from '../../../shared/domain';
import { loadPeople } from '../store/review/actions';
import { dismissSignInPrompt, switchPerson } from '../store/review/identity-actions';
import { listedPerson, rolesOffered } from '../store/review/people-actions';
import { useStore } from '../store/store';
import { trapTab } from './focus-trap';
import { isOneOf } from './select-value';

export function IdentityForm({ onDone, compact = false }: { onDone?: () => void; compact?: boolean }): React.JSX.Element {
  const caller = useStore((s) => s.info?.caller ?? null);
  const people = useStore((s) => s.people);
  const prompt = useStore((s) => s.signInPrompt);
  const hasProject = useStore((s) => s.project !== null);
  const session = useStore((s) => s.session);
  // on a team server you are your account: only your roles in this project are yours to switch between
  const team = useStore((s) => s.info?.mode === 'team');
  // the project's people: names to pick from, the roles each is listed with, who has a passphrase
  // (read again after a switch, which forgets them)
  useEffect(() => {
    if (hasProject) void loadPeople();
  }, [hasProject, session]);
  const [name, setName] = useState(caller?.person ?? '');
  const [role, setRole] = useState<Role>(caller?.role ?? 'annotator');
  const [passphrase, setPassphrase] = useState('');
  const [refusal, setRefusal] = useState<{ name: string; code: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const passphraseField = useRef<HTMLInputElement>(null);
  const signingIn = useRef(false);
  useEffect(() => {
    // the person signed in fills the form, but not while a sign-in of its own is under way: a refused
    // one leaves the name that was refused, for its passphrase
    if (caller && !signingIn.current) {
      setName(caller.person);
      setRole(caller.role);
    }
  }, [caller?.person, caller?.role]);
  const typed = name.trim();
  const listed = listedPerson(people, typed);
  // a listed person is offered only their roles (any other would be refused); a name nobody lists, every role
  const offered = rolesOffered(people, typed);
  const shownRole = offered.includes(role) ? role : offered[0]!;
  const refused = refusal?.name === typed ? refusal : null;
  const prompted = prompt?.person === typed ? prompt : null;
  // a passphrase is asked when the people list says the person has one, or the server just did
  const asksPassphrase = !team && (Boolean(listed?.hasPassphrase) || prompted !== null || refused?.code === 'unauthenticated');
  const message = refused?.message ?? prompted?.message ?? null;
  // a refusal keeps the focus in the form: on the passphrase when one is asked, else on the name
  useEffect(() => {
    if (!refusal) return;
    const field = passphraseField.current ?? nameField.current;
    field?.focus();
    field?.select();
  }, [refusal]);
  // a listed person comes with a role they have (keeping the previous person's would be refused)
  const pickName = (typedName: string): void => {
    setName(typedName);
    const person = listedPerson(people, typedName);
    if (person && !person.roles.includes(role) && person.roles[0]) setRole(person.roles[0]);
  };
  const save = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (signingIn.current) return;
    signingIn.current = true;
    setBusy(true);
    const outcome = await switchPerson(name, shownRole, asksPassphrase ? passphrase : undefined);
    signingIn.current = false;
    setBusy(false);
    setPassphrase('');
    if (outcome.ok) {
      setRefusal(null);
      onDone?.();
    } else setRefusal({ name: typed, code: outcome.code, message: outcome.message });
  };
  return (
    <form className={`identity-form ${compact ? 'compact' : ''}`} onSubmit={(e) => void save(e)} data-testid="identity-form">
      <label className="field">
        Your name
        <input
          ref={nameField}
          value={name}
          onChange={(e) => pickName(e.target.value)}
          readOnly={team}
          title={team ? 'Signed in to the team server as this account: sign out to be someone else' : undefined}
          list="people-names"
          autoFocus={compact && !prompted}
          data-testid="identity-name"
        />
        <datalist id="people-names">
          {people.map((p) => (
            <option key={p.id} value={p.name} />
          ))}
        </datalist>
      </label>
      <label className="field">
        Role
        <select value={shownRole} onChange={(e) => isOneOf(roles, e.target.value) && setRole(e.target.value)} data-testid="identity-role">
          {offered.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {asksPassphrase && (
        <label className="field">
          Passphrase
          <input
            ref={passphraseField}
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            autoFocus={prompted !== null}
            data-testid="identity-passphrase"
          />
        </label>
      )}
      {listed && (
        <span className="hint identity-listed">
          listed as {listed.roles.join(', ')}
          {listed.hasPassphrase ? ' · protects their name with a passphrase' : ''}
        </span>
      )}
      <div className="identity-buttons">
        <button type="submit" className="primary" disabled={!typed || busy} data-testid="identity-save">
          {compact ? 'Switch' : 'Save'}
        </button>
        {compact && (
          <button type="button" onClick={onDone} data-testid="identity-cancel">
            Cancel
          </button>
        )}
      </div>
      {message && (
        <p className="error identity-error" role="alert" data-testid="identity-error">
          {message}
        </p>
      )}
    </form>
  );
}

/** The header's "name · role" button; it opens the form in place, and by itself on the first start. */
export function IdentityControl(): React.JSX.Element | null {
  const caller = useStore((s) => s.info?.caller ?? null);
  // the start screen has its own form; with a project open (the first start's demo) the header asks
  const ask = useStore((s) => s.askIdentity && s.project !== null);
  // a call needs the person's passphrase: the header's form opens (the start screen's says so itself)
  const prompt = useStore((s) => (s.project !== null ? s.signInPrompt : null));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ask || prompt) setOpen(true);
  }, [ask, prompt]);
  // however it closes (Switch, Cancel, Escape), the focus goes back to the button that opens it,
  // not to the page: the popover held it and is gone
  const close = (): void => {
    setOpen(false);
    dismissSignInPrompt();
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent): void => {
    if (event.key === 'Escape') {
      // the page's own Esc (shortcuts.ts) would blur the field and drop the focus on the page
      event.stopPropagation();
      close();
    } else trapTab(event, popover.current);
  };
  if (!caller) return null;
  return (
    <div className="identity-control">
      <button ref={button} type="button" onClick={() => (open ? close() : setOpen(true))} aria-expanded={open} title="Who you are: every edit, review and decision records it" data-testid="identity">
        {caller.person} · {caller.role}
      </button>
      {open && (
        <div ref={popover} className="identity-popover" role="dialog" aria-label="Who you are" onKeyDown={onKeyDown} data-testid="identity-popover">
          {ask && <p className="hint">Who are you? Every edit, review and decision records your name, and what you are shown depends on your role.</p>}
          <IdentityForm compact onDone={close} />
        </div>
      )}
    </div>
  );
}
