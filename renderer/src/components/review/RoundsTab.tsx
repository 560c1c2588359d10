// Rounds: a lead opens one (filters, an optional seeded stratified sample, reviewers, reviews per
// item, tolerances) with a live preview of what it takes, follows each round's funnel and its
// reviewers' progress, closes it, and exchanges review packages with reviewers off the server.
import { useEffect, useState } from 'react';
import { questionStatuses } from '../../../../shared/questions';
import { roundPurposes, strataKinds, type RoundSummary } from '../../../../shared/review/types';
import { plural } from '../../../../shared/plural';
import { choosePackagePath, exportPackage, importPackage } from '../../store/review/package-actions';
import { closeRound, openRound, previewRound } from '../../store/review/round-actions';
import { keepForm, keptForm, ROUND_FORM, roundFormSchema } from '../../store/review/kept-forms';
import { defaultRoundForm, nextSeed, openRequest, previewRequest, type RoundForm } from '../../store/review/round-form';
import { isLead, previewStrata } from '../../store/review/selectors';
import { useStore } from '../../store/store';
import { showReviewError } from '../../store/review/actions';
import { isOneOf } from '../select-value';
import { FunnelChart, Progress } from './charts';

/** A list of checkboxes over names, for reviewers, authors and statuses. */
function Checks<T extends string>({
  values,
  chosen,
  onChange,
  label,
  testId,
  hint,
}: {
  values: readonly T[];
  chosen: readonly T[];
  onChange: (v: T[]) => void;
  label: string;
  testId: string;
  hint?: (v: T) => string;
}): React.JSX.Element {
  return (
    <fieldset className="choice checks" data-testid={testId}>
      <legend>{label}</legend>
      {values.length === 0 && <span className="hint">none yet</span>}
      {values.map((v) => (
        <label key={v} className="check">
          <input type="checkbox" checked={chosen.includes(v)} onChange={(e) => onChange(e.target.checked ? [...chosen.filter((c) => c !== v), v] : chosen.filter((c) => c !== v))} data-value={v} /> {v}
          {hint && <span className="hint"> {hint(v)}</span>}
        </label>
      ))}
    </fieldset>
  );
}

function RoundFormView(): React.JSX.Element {
  const profiles = useStore((s) => s.profiles);
  const people = useStore((s) => s.people);
  const preview = useStore((s) => s.roundPreview);
  // a half-filled form outlives Esc, a person switch and a reload (kept per person)
  const [form, setForm] = useState<RoundForm>(() => keptForm(ROUND_FORM, roundFormSchema) ?? defaultRoundForm);
  useEffect(() => keepForm(ROUND_FORM, form), [form]);
  const set = (change: Partial<RoundForm>): void => setForm((f) => ({ ...f, ...change }));
  // the preview follows the form, a moment after the last change
  useEffect(() => {
    const timer = setTimeout(() => {
      const request = previewRequest(form);
      void previewRound(request.ok ? request.request : null);
    }, 200);
    return () => clearTimeout(timer);
  }, [form]);
  const names = people.map((p) => p.name);
  // the services take only people listed as reviewers
  const reviewerNames = people.filter((p) => p.roles.includes('reviewer')).map((p) => p.name);
  const rolesOf = (name: string): string => people.find((p) => p.name === name)?.roles.join(', ') ?? '';
  const open = async (): Promise<void> => {
    const request = openRequest(form);
    if (!request.ok) return showReviewError(request.error);
    if (await openRound(request.request)) setForm(defaultRoundForm);
  };
  return (
    <section className="review-form round-form" data-testid="round-form">
      <h3>Open a round</h3>
      <div className="row">
        <label className="field grow">
          Name
          <input value={form.name} onChange={(e) => set({ name: e.target.value })} placeholder="Round 1 — L1–L4 sample" data-testid="round-name" />
        </label>
        <label className="field">
          Purpose
          <select value={form.purpose} onChange={(e) => isOneOf(roundPurposes, e.target.value) && set({ purpose: e.target.value })} data-testid="round-purpose">
            {roundPurposes.map((p) => (
              <option key={p} value={p}>
                {p === 'qualification' ? 'qualification (gold set)' : p}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        <label className="field">
          Profile
          <select value={form.profileId} onChange={(e) => set({ profileId: e.target.value })} data-testid="round-profile">
            <option value="">every profile</option>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          Task-code prefixes (“1” = all of L1, “1.2” a family)
          <input value={form.taskCodes} onChange={(e) => set({ taskCodes: e.target.value })} placeholder="1, 2.1" data-testid="round-task-codes" />
        </label>
      </div>
      <Checks label="Statuses (none: any)" values={questionStatuses} chosen={form.statuses} onChange={(statuses) => set({ statuses })} testId="round-statuses" />
      <Checks label="Authors (none: anyone)" values={names} chosen={form.authors} onChange={(authors) => set({ authors })} testId="round-authors" />
      <fieldset className="choice">
        <legend>
          <label className="check">
            <input type="checkbox" checked={form.sample} onChange={(e) => set({ sample: e.target.checked })} data-testid="round-sample" /> Stratified random sample
          </label>
        </legend>
        <label className="field">
          Size
          <input value={form.sampleSize} disabled={!form.sample} onChange={(e) => set({ sampleSize: e.target.value })} size={6} data-testid="round-sample-size" />
        </label>
        <label className="field">
          Stratify by
          <select value={form.stratifyBy} disabled={!form.sample} onChange={(e) => isOneOf(strataKinds, e.target.value) && set({ stratifyBy: e.target.value })}>
            {strataKinds.map((k) => (
              <option key={k} value={k}>
                {k === 'level' ? 'level (L1–L4)' : k}
              </option>
            ))}
          </select>
        </label>
        <span className="field">
          Seed<span data-testid="round-seed">{form.seed}</span>
        </span>
        <button type="button" disabled={!form.sample} onClick={() => set({ seed: nextSeed(form.seed) })} data-testid="round-redraw">
          Re-draw
        </button>
      </fieldset>
      <Checks label="Reviewers" values={reviewerNames} chosen={form.reviewers} onChange={(reviewers) => set({ reviewers })} testId="round-reviewers" hint={rolesOf} />
      <div className="row">
        <label className="field">
          Reviews per item
          <input value={form.reviewsPerItem} onChange={(e) => set({ reviewsPerItem: e.target.value })} size={4} data-testid="round-per-item" />
        </label>
        <label className="field">
          Qualification κ threshold
          <input value={form.threshold} onChange={(e) => set({ threshold: e.target.value })} size={5} />
        </label>
        <label className="field">
          Numeric tolerance
          <input value={form.numericTolerance} onChange={(e) => set({ numericTolerance: e.target.value })} size={5} />
        </label>
        <label className="field">
          Event tolerance (s)
          <input value={form.eventTolerance} onChange={(e) => set({ eventTolerance: e.target.value })} size={5} />
        </label>
      </div>
      <div className="round-preview" data-testid="round-preview" aria-live="polite">
        {preview ? (
          <>
            <strong>{plural(preview.questions, 'question')}</strong>
            {previewStrata(preview).length > 0 && (
              <span className="hint">
                {' '}
                ·{' '}
                {previewStrata(preview)
                  .map(([k, n]) => `${k}: ${n}`)
                  .join(', ')}
              </span>
            )}
            {preview.shortOfReviewers > 0 && <span className="warning-text"> · {plural(preview.shortOfReviewers, 'item')} short of reviewers who did not write them</span>}
          </>
        ) : (
          <span className="hint">The preview shows what the round takes.</span>
        )}
      </div>
      <button type="button" className="primary" onClick={() => void open()} data-testid="round-open">
        Open round
      </button>
    </section>
  );
}

function PackageExport({ round }: { round: RoundSummary }): React.JSX.Element {
  const nativeDialogs = useStore((s) => Boolean(s.info?.nativeDialogs));
  const busy = useStore((s) => s.reviewBusy);
  const [reviewer, setReviewer] = useState(round.reviewers[0] ?? '');
  const [path, setPath] = useState('');
  return (
    <div className="row package-export">
      <label className="field">
        Reviewer
        <select value={reviewer} onChange={(e) => setReviewer(e.target.value)} data-testid="package-reviewer">
          {round.reviewers.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="field grow">
        Package file to write
        <span className="row">
          <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/new-review-package.tidemark" data-testid="package-export-path" />
          {nativeDialogs && (
            <button type="button" onClick={() => void choosePackagePath('export').then((p) => p && setPath(p))}>
              Choose…
            </button>
          )}
        </span>
      </label>
      <button type="button" disabled={!reviewer || !path.trim() || busy} onClick={() => void exportPackage(round.number, reviewer, path)} data-testid="package-export">
        Export package for {reviewer || '…'}
      </button>
    </div>
  );
}

function RoundCard({ round, lead }: { round: RoundSummary; lead: boolean }): React.JSX.Element {
  const f = round.funnel;
  return (
    <article className={`round-card ${round.closed ? 'closed' : ''}`} data-testid="round-card" data-round={round.number}>
      <header>
        <strong>
          Round {round.number}: {round.name}
        </strong>
        <span className="hint">
          {' '}
          · {round.purpose} · {round.reviewsPerItem} per item{round.guidelineVersion ? ` · guideline ${round.guidelineVersion}` : ''} · {round.closed ? 'closed' : 'open'}
        </span>
        <span className="spacer" />
        {lead && !round.closed && (
          <button type="button" onClick={() => void closeRound(round.number)}>
            Close round
          </button>
        )}
      </header>
      <p className="funnel-numbers" data-testid="funnel-numbers">
        {f.items} items · {f.reviewed} reviewed · {f.agreed} agreed · {f.escalated} escalated ({f.awaitingDecision} awaiting) · {f.accepted} accepted · {f.revised} revised · {f.rejected} rejected
      </p>
      <div className="round-body">
        <FunnelChart funnel={f} testId="round-funnel" />
        <div className="round-progress">
          <h4>Reviewers</h4>
          {round.progress.map((p) => (
            <Progress key={p.reviewer} label={p.reviewer} done={p.done} total={p.assigned} />
          ))}
        </div>
      </div>
      {lead && !round.closed && <PackageExport round={round} />}
    </article>
  );
}

function PackageImport(): React.JSX.Element {
  const nativeDialogs = useStore((s) => Boolean(s.info?.nativeDialogs));
  const busy = useStore((s) => s.reviewBusy);
  const outcome = useStore((s) => s.packageImported);
  const exported = useStore((s) => s.packageExported);
  const [path, setPath] = useState('');
  return (
    <section className="review-form">
      <h3>Review packages</h3>
      {exported && (
        <p className="lint-ok" data-testid="package-exported">
          Wrote {plural(exported.questions, 'question')} on {plural(exported.videos, 'video')} to <code>{exported.path}</code> — without the authors’ answers.
        </p>
      )}
      <div className="row">
        <label className="field grow">
          Returned package to import
          <span className="row">
            <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/returned-package.tidemark" data-testid="package-import-path" />
            {nativeDialogs && (
              <button type="button" onClick={() => void choosePackagePath('import').then((p) => p && setPath(p))}>
                Choose…
              </button>
            )}
          </span>
        </label>
        <button type="button" disabled={!path.trim() || busy} onClick={() => void importPackage(path)} data-testid="package-import">
          Import returned package
        </button>
      </div>
      {outcome && (
        <div className="import-report" data-testid="package-outcome">
          <strong>
            {plural(outcome.reviews, 'review')} imported from {outcome.file}; {outcome.alreadyPresent} already present
          </strong>
          {outcome.problems.length > 0 && (
            <ul>
              {outcome.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function RoundsTab(): React.JSX.Element {
  const rounds = useStore((s) => s.rounds);
  const lead = useStore(isLead);
  return (
    <div className="rounds-tab">
      {lead && <RoundFormView />}
      <section className="round-list" data-testid="round-list">
        <h3>Rounds</h3>
        {rounds.length === 0 && <p className="hint">No rounds yet.</p>}
        {[...rounds].reverse().map((r) => (
          <RoundCard key={r.id} round={r} lead={lead} />
        ))}
      </section>
      {lead && <PackageImport />}
    </div>
  );
}
