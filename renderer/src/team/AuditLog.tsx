// A project's audit log: its latest 200 lines, newest first as the server gives them, filtered by person
// and kind. Read again after each of the lead's steps (`version`) and on Refresh.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AuditEntry } from '../../../shared/team';
import { teamApi } from './api';
import { filterAudit, type AuditFilter } from './pages';

const LINES = 200;
const kinds: AuditEntry['kind'][] = ['read', 'write', 'admin', 'sign-in'];

export function AuditLog({ project, version }: { project: string; version: number }): React.JSX.Element {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState<AuditFilter>({ person: '', kind: '' });

  const load = useCallback(async (): Promise<void> => {
    try {
      const answer = await teamApi.audit(project, LINES);
      if (answer.ok) {
        setEntries(answer.value);
        setProblem(null);
      } else setProblem(answer.error.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }, [project]);
  useEffect(() => void load(), [load, version]);

  const people = useMemo(() => [...new Set((entries ?? []).map((e) => e.person))].sort((a, b) => a.localeCompare(b)), [entries]);
  const shown = useMemo(() => filterAudit(entries ?? [], filter), [entries, filter]);

  return (
    <>
      <h3>Audit log</h3>
      <div className="team-form inline">
        <label className="field">
          Person
          <select value={filter.person} onChange={(e) => setFilter({ ...filter, person: e.target.value })} data-testid="audit-person">
            <option value="">everyone</option>
            {people.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Kind
          <select value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: kinds.find((k) => k === e.target.value) ?? '' })} data-testid="audit-kind">
            <option value="">every kind</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
        {entries && (
          <span className="hint">
            {shown.length} of the latest {entries.length} lines
          </span>
        )}
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {entries && (
        <div className="team-audit">
          <table className="team-table" data-testid="team-audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Kind</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>
                    <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                  </td>
                  <td>{e.person}</td>
                  <td>{e.role ?? ''}</td>
                  <td>{e.kind}</td>
                  <td>{e.what}</td>
                  <td className="subject">{e.subject}</td>
                  <td>{e.ok ? 'ok' : 'refused'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
