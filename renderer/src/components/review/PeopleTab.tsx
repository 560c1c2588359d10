// People of the project and their roles; a lead adds, edits and removes them. Reviewers of a round
// and authors in its filters are chosen from this list.
import { useState } from 'react';
import { personRoles, type PersonRole } from '../../../../shared/review/types';
import { removePerson, savePerson } from '../../store/review/people-actions';
import { isLead } from '../../store/review/selectors';
import { useStore } from '../../store/store';

export function PeopleTab(): React.JSX.Element {
  const people = useStore((s) => s.people);
  const lead = useStore(isLead);
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
                <td>{p.name}</td>
                <td className="hint">{p.roles.join(', ')}</td>
                {lead && (
                  <td className="row-actions">
                    <button type="button" onClick={() => { setName(p.name); setRoles(p.roles); }}>Edit</button>
                    <button type="button" onClick={() => void removePerson(p.name)}>Remove</button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {lead && (
        <section className="review-form">
          <h3>Add or edit a person</h3>
          <label className="field">Name<input value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void save()} data-testid="person-name" /></label>
          <div className="row" role="group" aria-label="Roles">
            {personRoles.map((r) => (
              <label key={r} className="check"><input type="checkbox" checked={roles.includes(r)} onChange={(e) => toggle(r, e.target.checked)} data-testid={`person-role-${r}`} /> {r}</label>
            ))}
          </div>
          <button type="button" className="primary" disabled={!name.trim() || roles.length === 0} onClick={() => void save()} data-testid="person-save">Save person</button>
        </section>
      )}
    </div>
  );
}
