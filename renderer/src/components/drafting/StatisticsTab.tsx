// How drafts fared with people: accepted unchanged, edited, rejected, undecided — per person and per
// task type, with the corrected share VSAS-Bench reports (edited ÷ kept; about 10 % there), and what
// they cost: tokens and estimated dollars (failed and empty drafts included: they were paid for).
import type { DraftTally } from '../../../../shared/drafting/stats';
import { useStore } from '../../store/store';

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
const tokens = (t: DraftTally): string => `${t.inputTokens.toLocaleString('en')} / ${t.outputTokens.toLocaleString('en')}`;
const cost = (t: DraftTally): string => (t.costUsd > 0 ? `$${t.costUsd.toFixed(t.costUsd < 1 ? 4 : 2)}` : t.inputTokens + t.outputTokens > 0 ? 'not priced' : '—');

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
      <td>{tokens(t)}</td>
      <td data-testid="draft-stats-cost">{cost(t)}</td>
    </tr>
  );
}

export function StatisticsTab(): React.JSX.Element {
  const stats = useStore((s) => s.draftingStats);
  if (!stats) return <p className="hint">Loading…</p>;
  const head = (
    <thead>
      <tr>
        <th />
        <th>accepted</th>
        <th>edited</th>
        <th>rejected</th>
        <th>undecided</th>
        <th>failed</th>
        <th>corrected</th>
        <th>tokens in / out</th>
        <th>cost</th>
      </tr>
    </thead>
  );
  return (
    <div className="draft-stats" data-testid="draft-stats">
      <h3>All drafts in the project</h3>
      <table className="review-table draft-stats-table">
        {head}
        <tbody>
          <Row label="Total" t={stats.total} />
        </tbody>
      </table>
      <h3>By person</h3>
      <table className="review-table draft-stats-table">
        {head}
        <tbody>
          {stats.byPerson.map((p) => (
            <Row key={p.person} label={p.person} t={p} />
          ))}
        </tbody>
      </table>
      <h3>By task type</h3>
      <table className="review-table draft-stats-table">
        {head}
        <tbody>
          {stats.byTask.map((t) => (
            <Row key={`${t.kind}:${t.task}`} label={`${t.kind} · ${t.task}`} t={t} />
          ))}
        </tbody>
      </table>
      <p className="hint">
        Cost is estimated at the endpoint's prices when each draft was made (Endpoint tab); a request that made several drafts shares its cost among them, and a candidate question's cutoff check
        counts with it. By person: the drafts that person decided.
      </p>
    </div>
  );
}
