// Who you are: your name and role, kept in settings.json; every edit, review and decision records
// them, and the services answer by them (a blind reviewer never gets the authors' answers). Asked
// on the start screen, and changed any time from the header.
import { useEffect, useState } from 'react';
import { roles, type Role } from '../../../shared/domain';
import { loadPeople } from '../store/review/actions';
import { setIdentity } from '../store/review/identity-actions';
import { useStore } from '../store/store';
import { isOneOf } from './select-value';

export function IdentityForm({ onDone, compact = false }: { onDone?: () => void; compact?: boolean }): React.JSX.Element {
  const caller = useStore((s) => s.info?.caller ?? null);
  const people = useStore((s) => s.people);
  const hasProject = useStore((s) => s.project !== null);
  // the project's people: names to pick from, and the roles each is listed with
  useEffect(() => {
    if (hasProject) void loadPeople();
  }, [hasProject]);
  const [name, setName] = useState(caller?.person ?? '');
  const [role, setRole] = useState<Role>(caller?.role ?? 'annotator');
  useEffect(() => {
    if (caller) {
      setName(caller.person);
      setRole(caller.role);
    }
  }, [caller?.person, caller?.role]);
  const listed = people.find((p) => p.name === name.trim());
  // a listed person comes with a role they have (keeping the previous person's would be refused)
  const pickName = (typed: string): void => {
    setName(typed);
    const person = people.find((p) => p.name === typed.trim());
    if (person && !person.roles.includes(role) && person.roles[0]) setRole(person.roles[0]);
  };
  const save = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    if (await setIdentity(name, role)) onDone?.();
  };
  return (
    <form className={`identity-form ${compact ? 'compact' : ''}`} onSubmit={(e) => void save(e)} data-testid="identity-form">
      <label className="field">
        Your name
        <input value={name} onChange={(e) => pickName(e.target.value)} list="people-names" autoFocus={compact} data-testid="identity-name" />
        <datalist id="people-names">{people.map((p) => <option key={p.id} value={p.name} />)}</datalist>
      </label>
      <label className="field">
        Role
        <select value={role} onChange={(e) => isOneOf(roles, e.target.value) && setRole(e.target.value)} data-testid="identity-role">
          {roles.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </label>
      {listed && <span className="hint identity-listed">listed as {listed.roles.join(', ')}</span>}
      <button type="submit" className="primary" disabled={!name.trim()} data-testid="identity-save">{compact ? 'Switch' : 'Save'}</button>
      {compact && <button type="button" onClick={onDone}>Cancel</button>}
    </form>
  );
}

/** The header's "name · role" button; it opens the form in place, and by itself on the first start. */
export function IdentityControl(): React.JSX.Element | null {
  const caller = useStore((s) => s.info?.caller ?? null);
  // the start screen has its own form; with a project open (the first start's demo) the header asks
  const ask = useStore((s) => s.askIdentity && s.project !== null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ask) setOpen(true);
  }, [ask]);
  if (!caller) return null;
  return (
    <div className="identity-control">
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} title="Who you are: every edit, review and decision records it" data-testid="identity">
        {caller.person} · {caller.role}
      </button>
      {open && (
        <div className="identity-popover" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)} data-testid="identity-popover">
          {ask && <p className="hint">Who are you? Every edit, review and decision records your name, and what you are shown depends on your role.</p>}
          <IdentityForm compact onDone={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
