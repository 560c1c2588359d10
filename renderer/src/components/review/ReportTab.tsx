// The agreement report of a round (or all rounds), overall or per level / category: the funnel,
// κ per stratum with its Landis–Koch band, a confusion matrix as a heat map, the tables behind them
// (pairs, groups, time marks, qualification), the notes, and its export as Markdown, CSV or JSON.
import { useEffect, useState } from 'react';
import { groupIntervalNote, ratedOn } from '../../../../shared/review/report-format';
import { reportGroupings } from '../../../../shared/review/types';
import { downloadReport, loadReport } from '../../store/review/report-actions';
import { reportFormats, type ReportFormat } from '../../store/review/report-formats';
import { decimal, kappaBars } from '../../store/review/selectors';
import { useStore } from '../../store/store';
import { isOneOf } from '../select-value';
import { ConfusionHeatmap, FunnelChart, KappaChart } from './charts';

const percent = (v: number | null): string => (v === null ? '—' : `${(100 * v).toFixed(1)} %`);
const percentOnly = (v: number): string => (100 * v).toFixed(1);

/** A value and, after it, its 95 % interval in brackets (none when there is none). */
function WithInterval({ text, ci95, write, testId }: { text: string; ci95: [number, number] | null; write: (v: number) => string; testId?: string }): React.JSX.Element {
  return (
    <td data-testid={testId}>
      {text}
      {ci95 && (
        <span className="hint">
          {' '}
          [{write(ci95[0])}, {write(ci95[1])}]
        </span>
      )}
    </td>
  );
}

export function ReportTab(): React.JSX.Element {
  const rounds = useStore((s) => s.rounds);
  const round = useStore((s) => s.reportRound);
  const by = useStore((s) => s.reportBy);
  const report = useStore((s) => s.agreementReport);
  const busy = useStore((s) => s.reviewBusy);
  const [matrixAt, setMatrixAt] = useState(0);
  // the file last saved, said beside the buttons (the status line is behind the overlay)
  const [saved, setSaved] = useState<string | null>(null);
  // made when the tab opens, with the choices last made; a change of choice makes it again
  useEffect(() => {
    void loadReport();
  }, []);
  const answerPairs = report?.pairs.filter((p) => p.on === 'answers') ?? [];
  const shown = answerPairs[Math.min(matrixAt, answerPairs.length - 1)];

  return (
    <div className="report-tab" data-testid="report">
      <div className="row report-choices">
        <label className="field">
          Round
          <select value={round === null ? '' : String(round)} onChange={(e) => void loadReport(e.target.value === '' ? null : Number(e.target.value), by)} data-testid="report-round">
            <option value="">all rounds</option>
            {rounds.map((r) => (
              <option key={r.id} value={r.number}>
                Round {r.number}: {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Group by
          <select value={by} onChange={(e) => isOneOf(reportGroupings, e.target.value) && void loadReport(round, e.target.value)} data-testid="report-by">
            {reportGroupings.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={busy} onClick={() => void loadReport(round, by)}>
          Refresh
        </button>
        <span className="spacer" />
        {(Object.keys(reportFormats) as ReportFormat[]).map((f) => (
          <button key={f} type="button" disabled={!report} title={`Save the report as ${reportFormats[f].label}`} onClick={() => setSaved(downloadReport(f))} data-testid={`report-export-${f}`}>
            Export {reportFormats[f].label}
          </button>
        ))}
        {saved && (
          <span className="hint" role="status" data-testid="report-saved">
            Saved {saved} to your downloads
          </span>
        )}
      </div>
      {!report ? (
        <p className="hint">{busy ? 'Making the report…' : 'No report yet.'}</p>
      ) : (
        <>
          <p className="hint">
            {report.project} · {report.roundName ?? (report.round === null ? 'all rounds' : `round ${report.round}`)} · by {report.by} · {report.generatedAt.replace('T', ' ').slice(0, 16)}
          </p>
          <div className="report-charts">
            {report.funnel && (
              <section>
                <h4>Funnel</h4>
                <FunnelChart funnel={report.funnel} testId="report-funnel" />
              </section>
            )}
            <KappaChart title="Cohen’s κ on answers" bars={kappaBars(report, 'answers')} testId="report-kappa" />
            <KappaChart title="Cohen’s κ on verdicts" bars={kappaBars(report, 'verdicts')} />
            {shown && (
              <section>
                <h4>
                  Confusion matrix ({shown.answerKind} answers){' '}
                  {answerPairs.length > 1 && (
                    <select value={matrixAt} onChange={(e) => setMatrixAt(Number(e.target.value))} aria-label="Pair">
                      {answerPairs.map((p, i) => (
                        <option key={i} value={i}>
                          {p.answerKind} · {p.stratum} · {p.a}–{p.b}
                        </option>
                      ))}
                    </select>
                  )}
                </h4>
                <ConfusionHeatmap matrix={shown.matrix} a={shown.a} b={shown.b} />
              </section>
            )}
          </div>
          <h4>Pairs (Cohen’s κ over the items both answered)</h4>
          <table className="review-table report-table" data-testid="report-pairs">
            <thead>
              <tr>
                <th>on</th>
                <th>stratum</th>
                <th>a</th>
                <th>b</th>
                <th>n</th>
                <th>agree</th>
                <th>κ</th>
                <th>95 % CI</th>
                <th>κ linear</th>
                <th>κ quadratic</th>
                <th>band</th>
                <th>within tol.</th>
              </tr>
            </thead>
            <tbody>
              {report.pairs.map((p, i) => (
                <tr key={i}>
                  <td>{ratedOn(p)}</td>
                  <td>{p.stratum}</td>
                  <td>{p.a}</td>
                  <td>{p.b}</td>
                  <td>{p.units}</td>
                  <WithInterval text={percent(p.percent)} ci95={p.percentCi95} write={percentOnly} />
                  <td data-testid="pair-kappa">{decimal(p.kappa)}</td>
                  <td>{p.ci95 ? `${decimal(p.ci95[0])} – ${decimal(p.ci95[1])}` : '—'}</td>
                  <td>{decimal(p.kappaLinear)}</td>
                  <td>{decimal(p.kappaQuadratic)}</td>
                  <td>{p.band ?? '—'}</td>
                  <td>{percent(p.withinTolerance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.groups.length > 0 && (
            <>
              <h4>Groups (more than two raters)</h4>
              <table className="review-table report-table" data-testid="report-groups">
                <thead>
                  <tr>
                    <th>on</th>
                    <th>stratum</th>
                    <th>n</th>
                    <th>raters</th>
                    <th>agree [95 % CI]</th>
                    <th>Fleiss’ κ [95 % CI]</th>
                    <th>Krippendorff’s α [95 % CI]</th>
                    <th>band</th>
                  </tr>
                </thead>
                <tbody>
                  {report.groups.map((g, i) => (
                    <tr key={i}>
                      <td>{ratedOn(g)}</td>
                      <td>{g.stratum}</td>
                      <td>{g.units}</td>
                      <td>{g.raters}</td>
                      <WithInterval text={percent(g.percent)} ci95={g.percentCi95} write={percentOnly} testId="group-percent" />
                      <WithInterval text={decimal(g.fleiss)} ci95={g.fleissCi95} write={decimal} testId="group-fleiss" />
                      <WithInterval text={decimal(g.alphaNominal)} ci95={g.alphaCi95} write={decimal} testId="group-alpha" />
                      <td>{g.band ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="hint" data-testid="report-interval-note">
                {groupIntervalNote(report.groups)}
              </p>
            </>
          )}
          {report.timeMarks.length > 0 && (
            <>
              <h4>Time marks (evidence tIoU, event F1)</h4>
              <table className="review-table report-table" data-testid="report-time-marks">
                <thead>
                  <tr>
                    <th>stratum</th>
                    <th>a</th>
                    <th>b</th>
                    <th>evidence n</th>
                    <th>mean tIoU</th>
                    <th>events n</th>
                    <th>event F1</th>
                    <th>tolerance</th>
                  </tr>
                </thead>
                <tbody>
                  {report.timeMarks.map((t, i) => (
                    <tr key={i}>
                      <td>{t.stratum}</td>
                      <td>{t.a}</td>
                      <td>{t.b}</td>
                      <td>{t.evidenceUnits}</td>
                      <td>{decimal(t.meanTIoU)}</td>
                      <td>{t.eventUnits}</td>
                      <td>{decimal(t.eventF1)}</td>
                      <td>{t.eventTolerance} s</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {report.qualification && (
            <>
              <h4>Qualification</h4>
              <table className="review-table report-table" data-testid="report-qualification">
                <thead>
                  <tr>
                    <th>person</th>
                    <th>n</th>
                    <th>κ</th>
                    <th>threshold</th>
                    <th>qualified</th>
                  </tr>
                </thead>
                <tbody>
                  {report.qualification.map((q) => (
                    <tr key={q.person}>
                      <td>{q.person}</td>
                      <td>{q.units}</td>
                      <td>{decimal(q.kappa)}</td>
                      <td>κ &gt; {q.threshold}</td>
                      <td className={q.qualified ? 'lint-ok' : 'error'}>{q.qualified ? 'yes' : 'no'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {report.notes.length > 0 && (
            <ul className="report-notes" data-testid="report-notes">
              {report.notes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
