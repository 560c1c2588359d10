// The review's charts, drawn with CSS bars and a table (no chart library): a round's funnel, κ per
// stratum with its Landis–Koch band, and a confusion matrix as a heat map.
import type { ConfusionMatrix, Funnel } from '../../../../shared/review/types';
import { decimal, funnelSteps, heatCells, LANDIS_KOCH, type KappaBar } from '../../store/review/selectors';

/** A round's funnel: each step's count as a number and as a bar of the items' width. */
export function FunnelChart({ funnel, testId }: { funnel: Funnel; testId?: string }): React.JSX.Element {
  const max = Math.max(1, funnel.items);
  return (
    <div
      className="funnel-chart"
      data-testid={testId}
      role="img"
      aria-label={funnelSteps(funnel)
        .map((s) => `${s.label} ${s.value}`)
        .join(', ')}
    >
      {funnelSteps(funnel).map((step) => (
        <div key={step.key} className={`bar-row funnel-${step.key}`}>
          <span className="bar-label">{step.label}</span>
          <span className="bar" style={{ width: `${(100 * step.value) / max}%` }} />
          <span className="bar-value" data-funnel-step={step.key}>
            {step.value}
          </span>
        </div>
      ))}
    </div>
  );
}

const bandClass = (band: string): string => `band-${band.replace(/\s+/g, '-')}`;

/** κ per stratum: a bar from 0 to κ (to the left when below 0), coloured and named by its band. */
export function KappaChart({ bars, title, testId }: { bars: KappaBar[]; title: string; testId?: string }): React.JSX.Element | null {
  if (bars.length === 0) return null;
  return (
    <section className="kappa-chart" data-testid={testId}>
      <h4>{title}</h4>
      {bars.map((bar) => (
        <div key={bar.label} className="kappa-row">
          <span className="bar-label" title={bar.label}>
            {bar.label}
          </span>
          <span className="kappa-track">
            <span className="kappa-zero" />
            <span
              className={`kappa-bar ${bandClass(bar.band)}`}
              style={bar.kappa >= 0 ? { left: '50%', width: `${50 * Math.min(1, bar.kappa)}%` } : { left: `${50 + 50 * Math.max(-1, bar.kappa)}%`, width: `${-50 * Math.max(-1, bar.kappa)}%` }}
            />
          </span>
          <span className="bar-value" data-testid="kappa-value">
            κ {decimal(bar.kappa)}
          </span>
          <span className="band-cell">
            <span className={`band-name ${bandClass(bar.band)}`}>{bar.band}</span>
            <span className="hint">n = {bar.units}</span>
          </span>
        </div>
      ))}
      <div className="band-legend" aria-label="Landis–Koch bands">
        {LANDIS_KOCH.map((b) => (
          <span key={b.band} className={`band-name ${bandClass(b.band)}`}>
            {b.band} {b.from < 0 ? '< 0' : `${b.from.toFixed(1)}–${b.to.toFixed(1)}`}
          </span>
        ))}
      </div>
    </section>
  );
}

/** A confusion matrix as a heat map: rows the first rater's labels, columns the second's. */
export function ConfusionHeatmap({ matrix, a, b }: { matrix: ConfusionMatrix; a: string; b: string }): React.JSX.Element {
  const cells = heatCells(matrix);
  return (
    <table className="heatmap" data-testid="confusion-matrix">
      <caption>
        rows: {a} · columns: {b}
      </caption>
      <thead>
        <tr>
          <th />
          {matrix.labels.map((l) => (
            <th key={l} scope="col">
              {l}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cells.map((row, i) => (
          <tr key={matrix.labels[i]}>
            <th scope="row">{matrix.labels[i]}</th>
            {row.map((cell, j) => (
              <td key={j} className={cell.diagonal ? 'diagonal' : ''} style={{ background: `rgba(${cell.diagonal ? '42, 157, 143' : '239, 71, 111'}, ${0.08 + 0.8 * cell.shade})` }}>
                {cell.count}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A small progress bar with "done/assigned". */
export function Progress({ done, total, label }: { done: number; total: number; label?: string }): React.JSX.Element {
  return (
    <span className={`review-progress ${label ? '' : 'bare'}`} title={`${done} of ${total} done`}>
      {label && <span className="bar-label">{label}</span>}
      <span className="progress-track">
        <span className="progress-fill" style={{ width: `${total === 0 ? 0 : (100 * done) / total}%` }} />
      </span>
      <span className="bar-value">
        {done}/{total}
      </span>
    </span>
  );
}
