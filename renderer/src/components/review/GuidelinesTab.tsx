// Guideline versions, newest first; a lead records a new one with what changed and why. Reviews and
// decisions record the version in force.
import { useEffect, useState } from 'react';
import { GUIDELINE_FORM, guidelineFormSchema, keepForm, keptForm } from '../../store/review/kept-forms';
import { addGuideline } from '../../store/review/people-actions';
import { isLead } from '../../store/review/selectors';
import { useStore } from '../../store/store';

const EMPTY_GUIDELINE = { version: '', changes: '', why: '' };

export function GuidelinesTab(): React.JSX.Element {
  const guidelines = useStore((s) => s.guidelines);
  const lead = useStore(isLead);
  // a half-written version outlives closing the overlay, a person switch and a reload (kept per person)
  const [form, setForm] = useState(() => keptForm(GUIDELINE_FORM, guidelineFormSchema) ?? EMPTY_GUIDELINE);
  useEffect(() => keepForm(GUIDELINE_FORM, form), [form]);
  const add = async (): Promise<void> => {
    if (await addGuideline(form)) setForm(EMPTY_GUIDELINE);
  };
  return (
    <div className="review-columns">
      <section>
        <h3>Versions</h3>
        {guidelines.length === 0 && <p className="hint">No guideline version recorded yet.</p>}
        <ol className="guideline-list" data-testid="guideline-list">
          {[...guidelines].reverse().map((g) => (
            <li key={g.id}>
              <strong>{g.version}</strong>{' '}
              <span className="hint">
                {g.createdBy}, {g.createdAt.slice(0, 10)}
              </span>
              {g.changes && <p>{g.changes}</p>}
              {g.why && <p className="hint">Why: {g.why}</p>}
            </li>
          ))}
        </ol>
      </section>
      {lead && (
        <section className="review-form">
          <h3>Record a version</h3>
          <label className="field">
            Version
            <input value={form.version} onChange={(e) => setForm({ ...form, version: e.target.value })} placeholder="1.1" data-testid="guideline-version" />
          </label>
          <label className="field">
            What changed
            <textarea rows={3} value={form.changes} onChange={(e) => setForm({ ...form, changes: e.target.value })} />
          </label>
          <label className="field">
            Why (the disagreements that prompted it)
            <textarea rows={3} value={form.why} onChange={(e) => setForm({ ...form, why: e.target.value })} />
          </label>
          <button type="button" className="primary" disabled={!form.version.trim()} onClick={() => void add()} data-testid="guideline-add">
            Record version
          </button>
        </section>
      )}
    </div>
  );
}
