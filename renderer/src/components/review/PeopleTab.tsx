// People of the project and their roles; a lead adds, edits and removes them. Reviewers of a round
// and authors in its filters are chosen from this list. Each person may protect their own name with
// a passphrase (a lock beside it), which signing in as them then asks for.
import { useState } from 'react';
import { personRoles, type PersonRole } from '../../../../shared/review/types';
import { PASSPHRASE_LENGTH, removePerson, savePerson, setMyPassphrase } from '../../store/review/people-actions';
import { callerName, isLead } from '../../store/review/selectors';
import { useStore } from '../../store/store';

type PassphraseChange = 'set' | 'remove';

export function PeopleTab(): React.JSX.Element {
  const people = useStore((s) => s.people);
  const lead = useStore(isLead);
  const me = useStore(callerName);
  const [changing, setChanging] = useState<PassphraseChange | null>(null);
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<PersonRole[]>(['reviewer']);
  const save = async (): Promise<void> => {
    if (await savePerson(name, roles)) {
      setName('');
      setRoles(['reviewer']);
    }
  };
  const toggle = (role: PersonRole, on: boolean): void => setRoles((r) => (on ? [...r.filter((x) => x !== role), role] : r.filter((x) => x !== role)));
  return (
    <div className="review-columns">
      <section>
        <h3>People</h3>
        {people.length === 0 && <p className="hint">Nobody yet. {lead ? 'Add the people who annotate, review and adjudicate.' : ''}</p>}
        <table className="review-table" data-testid="people-list">
          <tbody>
            {people.map((p) => (
              <tr key={p.id} data-testid="person-row">
                <td>
                  {p.name}
                  {p.hasPassphrase && (
                    <span className="person-lock" title="Protects their name with a passphrase" aria-label="protected by a passphrase" data-testid="person-lock">
                      🔒
                    </span>
                  )}
                </td>
                <td className="hint">{p.roles.join(', ')}</td>
                <td className="row-actions">
                  {p.name === me &&
                    (p.hasPassphrase ? (
                      <>
                        <button type="button" onClick={() => setChanging('set')} data-testid="passphrase-change">
                          Change my passphrase
                        </button>
                        <button type="button" onClick={() => setChanging('remove')} data-testid="passphrase-remove">
                          Remove my passphrase
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => setChanging('set')} data-testid="passphrase-set">
                        Set my passphrase
                      </button>
                    ))}
                </td>
                {lead && (
                  <td className="row-actions">
                    <button
                      type="button"
                      onClick={() => {
                        setName(p.name);
                        setRoles(p.roles);
                      }}
                    >
                      Edit
                    </button>
                    <button type="button" onClick={() => void removePerson(p.name)}>
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {me && people.length > 0 && !people.some((p) => p.name === me) && <p className="hint">You ({me}) are not listed: once a lead adds you, you may protect your name with a passphrase here.</p>}
        {changing && <PassphraseForm change={changing} hasOne={people.some((p) => p.name === me && p.hasPassphrase)} onDone={() => setChanging(null)} />}
      </section>
      {lead && (
        <section className="review-form">
          <h3>Add or edit a person</h3>
          <label className="field">
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void save()} data-testid="person-name" />
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
function PassphraseForm({ change, hasOne, onDone }: { change: PassphraseChange; hasOne: boolean; onDone: () => void }): React.JSX.Element {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    // a typing slip would lock the person out of their own name: the new one is typed twice
    if (change === 'set' && next !== repeated) return setMismatch(true);
    setMismatch(false);
    if (await setMyPassphrase(change === 'set' ? next : null, hasOne ? current : null)) onDone();
  };
  return (
    <form className="passphrase-form" onSubmit={(e) => void save(e)} data-testid="passphrase-form">
      {hasOne && (
        <label className="field">
          Current passphrase
          <input type="password" autoComplete="current-password" autoFocus value={current} onChange={(e) => setCurrent(e.target.value)} data-testid="passphrase-current" />
        </label>
      )}
      {change === 'set' && (
        <>
          <label className="field">
            New passphrase ({PASSPHRASE_LENGTH.min}–{PASSPHRASE_LENGTH.max} characters)
            <input type="password" autoComplete="new-password" autoFocus={!hasOne} value={next} onChange={(e) => setNext(e.target.value)} data-testid="passphrase-new" />
          </label>
          <label className="field">
            Again
            <input type="password" autoComplete="new-password" value={repeated} onChange={(e) => setRepeated(e.target.value)} data-testid="passphrase-repeat" />
          </label>
        </>
      )}
      <button type="submit" className="primary" disabled={(hasOne && !current) || (change === 'set' && !next)} data-testid="passphrase-save">
        {change === 'remove' ? 'Remove my passphrase' : hasOne ? 'Change my passphrase' : 'Set my passphrase'}
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {mismatch && (
        <p className="error" role="alert" data-testid="passphrase-mismatch">
          The two new passphrases differ.
        </p>
      )}
      {change === 'remove' && <p className="hint">Without a passphrase anyone at this machine may sign in as you.</p>}
    </form>
  );
}
