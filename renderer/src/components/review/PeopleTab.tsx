// People of the project and their roles; a lead adds, edits and removes them. Reviewers of a round
// and authors in its filters are chosen from this list. Each person may protect their own name with
// a passphrase (its column says who has), which signing in as them then asks for.
import { useEffect, useRef, useState } from 'react';
import { personRoles, type PersonRole } from '../../../../shared/review/types';
import { PASSPHRASE_LENGTH, passphraseProblem, removePerson, savePerson, setMyPassphrase } from '../../store/review/people-actions';
import { callerName, isLead } from '../../store/review/selectors';
import { useStore } from '../../store/store';

type PassphraseChange = 'set' | 'remove';

export function PeopleTab(): React.JSX.Element {
  const people = useStore((s) => s.people);
  const lead = useStore(isLead);
  const me = useStore(callerName);
  const [changing, setChanging] = useState<PassphraseChange | null>(null);
  // what the passphrase form last did, said where it was (the status line is behind the overlay)
  const [passphraseDone, setPassphraseDone] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<PersonRole[]>(['reviewer']);
  const nameField = useRef<HTMLInputElement>(null);
  // the first passphrase button of my row: the focus goes back there when the form closes (the
  // form is gone, and the button that opened it may be another one now: Set became Change)
  const myPassphraseButton = useRef<HTMLButtonElement>(null);
  const [backToMine, setBackToMine] = useState(false);
  useEffect(() => {
    if (!backToMine) return;
    myPassphraseButton.current?.focus();
    setBackToMine(false);
  }, [backToMine, people]);
  // after Save person the focus goes to that person's row, in the list: the overlay's keys (its tab
  // digits) still work from there, and Tab goes on to the emptied form below the list
  const list = useRef<HTMLTableElement>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (saved === null) return;
    const row = [...(list.current?.querySelectorAll<HTMLElement>('[data-testid="person-row"]') ?? [])].find((r) => r.dataset.name?.toLowerCase() === saved.toLowerCase());
    if (!row) return;
    row.querySelector<HTMLButtonElement>('button')?.focus();
    setSaved(null);
  }, [saved, people]);
  const openPassphrase = (change: PassphraseChange): void => {
    setPassphraseDone(null);
    setChanging(change);
  };
  const closePassphrase = (done: string | null): void => {
    setChanging(null);
    setPassphraseDone(done);
    setBackToMine(true);
  };
  const save = async (): Promise<void> => {
    if (await savePerson(name, roles)) {
      setSaved(name.trim());
      setName('');
      setRoles(['reviewer']);
    }
  };
  const toggle = (role: PersonRole, on: boolean): void => setRoles((r) => (on ? [...r.filter((x) => x !== role), role] : r.filter((x) => x !== role)));
  return (
    <div className="people-tab">
      <section>
        <h3>People</h3>
        {people.length === 0 && <p className="hint">Nobody yet. {lead ? 'Add the people who annotate, review and adjudicate.' : ''}</p>}
        {people.length > 0 && (
          <table ref={list} className="review-table people-table" data-testid="people-list">
            <colgroup>
              <col />
              <col />
              <col className="col-passphrase" />
              <col className="col-actions" />
            </colgroup>
            <thead>
              <tr>
                <th>Name</th>
                <th>Roles</th>
                <th title="Signing in as them asks for it">Passphrase</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id} data-testid="person-row" data-name={p.name}>
                  <td>{p.name}</td>
                  <td className="hint">{p.roles.join(', ')}</td>
                  <td className={p.hasPassphrase ? '' : 'hint'} data-testid="person-passphrase">
                    {p.hasPassphrase ? 'set' : 'none'}
                  </td>
                  <td>
                    <div className="row-actions">
                      {p.name === me &&
                        (p.hasPassphrase ? (
                          <>
                            <button ref={myPassphraseButton} type="button" onClick={() => openPassphrase('set')} data-testid="passphrase-change">
                              Change my passphrase
                            </button>
                            <button type="button" onClick={() => openPassphrase('remove')} data-testid="passphrase-remove">
                              Remove my passphrase
                            </button>
                          </>
                        ) : (
                          <button ref={myPassphraseButton} type="button" onClick={() => openPassphrase('set')} data-testid="passphrase-set">
                            Set my passphrase
                          </button>
                        ))}
                      {lead && (
                        <>
                          <button
                            type="button"
                            onClick={() => {
                              setName(p.name);
                              setRoles(p.roles);
                              nameField.current?.focus();
                            }}
                          >
                            Edit
                          </button>
                          <button type="button" onClick={() => void removePerson(p.name)}>
                            Remove
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {me && people.length > 0 && !people.some((p) => p.name === me) && <p className="hint">You ({me}) are not listed: once a lead adds you, you may protect your name with a passphrase here.</p>}
        {changing && <PassphraseForm change={changing} hasOne={people.some((p) => p.name === me && p.hasPassphrase)} onCancel={() => closePassphrase(null)} onDone={closePassphrase} />}
        {passphraseDone && (
          <p className="passphrase-done" role="status" data-testid="passphrase-done">
            {passphraseDone}
          </p>
        )}
      </section>
      {lead && (
        <section className="review-form">
          <h3>Add or edit a person</h3>
          <label className="field">
            Name
            <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void save()} data-testid="person-name" />
          </label>
          <div className="row" role="group" aria-label="Roles">
            {personRoles.map((r) => (
              <label key={r} className="check">
                <input type="checkbox" checked={roles.includes(r)} onChange={(e) => toggle(r, e.target.checked)} data-testid={`person-role-${r}`} /> {r}
              </label>
            ))}
          </div>
          <button type="button" className="primary" disabled={!name.trim() || roles.length === 0} onClick={() => void save()} data-testid="person-save">
            Save person
          </button>
        </section>
      )}
    </div>
  );
}

/** Sets, changes or removes the signed-in person's own passphrase; the one they have is asked first. */
function PassphraseForm({ change, hasOne, onCancel, onDone }: { change: PassphraseChange; hasOne: boolean; onCancel: () => void; onDone: (said: string) => void }): React.JSX.Element {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  // the one problem of the last try, said in the form (a fixed one does not linger beside the next)
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const save = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    const typed = change === 'set' ? passphraseProblem(next, repeated) : null;
    if (typed) return setProblem(typed);
    setBusy(true);
    const outcome = await setMyPassphrase(change === 'set' ? next : null, hasOne ? current : null);
    setBusy(false);
    if (outcome.ok) return onDone(outcome.message);
    setProblem(outcome.message);
    // refused (a wrong current passphrase): the focus stays in the form, on its first field
    firstField.current?.focus();
    firstField.current?.select();
  };
  return (
    <form className="passphrase-form" onSubmit={(e) => void save(e)} data-testid="passphrase-form">
      {hasOne && (
        <label className="field">
          Current passphrase
          <input ref={firstField} type="password" autoComplete="current-password" autoFocus value={current} onChange={(e) => setCurrent(e.target.value)} data-testid="passphrase-current" />
        </label>
      )}
      {change === 'set' && (
        <>
          <label className="field">
            New passphrase ({PASSPHRASE_LENGTH.min}–{PASSPHRASE_LENGTH.max} characters)
            <input
              ref={hasOne ? undefined : firstField}
              type="password"
              autoComplete="new-password"
              autoFocus={!hasOne}
              value={next}
              onChange={(e) => setNext(e.target.value)}
              data-testid="passphrase-new"
            />
          </label>
          <label className="field">
            Again
            <input type="password" autoComplete="new-password" value={repeated} onChange={(e) => setRepeated(e.target.value)} data-testid="passphrase-repeat" />
          </label>
        </>
      )}
      <button type="submit" className="primary" disabled={busy || (hasOne && !current) || (change === 'set' && !next)} data-testid="passphrase-save">
        {change === 'remove' ? 'Remove my passphrase' : hasOne ? 'Change my passphrase' : 'Set my passphrase'}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {problem && (
        <p className="error" role="alert" data-testid="passphrase-problem">
          {problem}
        </p>
      )}
      {change === 'remove' && <p className="hint">Without a passphrase anyone at this machine may sign in as you.</p>}
    </form>
  );
}
