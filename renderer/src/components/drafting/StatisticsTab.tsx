// How drafts fared with people: accepted unchanged, edited, rejected, undecided — per person and per
// task type, with the corrected share VSAS-Bench reports (edited ÷ kept; about 10 % there).
import type { DraftTally } from '../../../../shared/drafting/stats';
import { useStore } from '../../store/store';

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);

function Row({ label, t }: { label: string; t: DraftTally }): React.JSX.Element {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{t.accepted}</td>
      <td>{t.edited}</td>
      <td>{t.rejected}</td>
      <td>{t.undecided}</td>
      <td>{t.failed}</td>
      <td>{pct(t.correctedShare)}</td>
    </tr>
  );
}

export function StatisticsTab(): React.JSX.Element {
  const stats = useStore((s) => s.draftingStats);
  if (!stats) return <p className="hint">Loading…</p>;
  const head = (
    <thead>
      <tr><th /><th>accepted</th><th>edited</th><th>rejected</th><th>undecided</th><th>failed</th><th>corrected</th></tr>
    </thead>
  );
  return (
    <div className="draft-stats" data-testid="draft-stats">
      <h3>All drafts in the project</h3>
      <table className="review-table draft-stats-table">{head}<tbody><Row label="Total" t={stats.total} /></tbody></table>
      <h3>By person</h3>
      <table className="review-table draft-stats-table">{head}<tbody>{stats.byPerson.map((p) => <Row key={p.person} label={p.person} t={p} />)}</tbody></table>
      <h3>By task type</h3>
      <table className="review-table draft-stats-table">{head}<tbody>{stats.byTask.map((t) => <Row key={`${t.kind}:${t.task}`} label={`${t.kind} · ${t.task}`} t={t} />)}</tbody></table>
    </div>
  );
}
