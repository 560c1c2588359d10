// Deciding an escalated item beside the video: per query point the author's answer and each
// reviewer's side by side (agreeing or not), their evidence as lanes on the timeline, and the
// decision — keep the author's, keep a reviewer's, edit, or reject — with a reason and notes.
import { onCtrlEnter } from './ctrl-enter';
import { ReasonAndNotes } from './ReasonAndNotes';
import { adjudicationDecisions } from '../../../../shared/review/types';
import { optionLetters } from '../../../../shared/questions';
import { closeAdjudication, decide, editDecision, setDecisionAnswer } from '../../store/review/adjudication-actions';
import { answerText } from '../../store/review/draft';
import { adjudicationItem, adjudicationRows, LANE_COLOURS } from '../../store/review/selectors';
import { useStore } from '../../store/store';
import { useShortcutLabel } from '../use-shortcut-label';
import { AnswerInput } from './AnswerInput';
import { FromMarks, QueryTime } from './ReviewPanel';

const DECISION_LABELS = { 'keep-author': 'keep the author’s', 'keep-reviewer': 'keep a reviewer’s', edit: 'edit', reject: 'reject' } as const;

export function AdjudicationPanel(): React.JSX.Element | null {
  const item = useStore(adjudicationItem);
  const rows = useStore(adjudicationRows);
  const draft = useStore((s) => s.decisionDraft);
  const error = useStore((s) => s.reviewError);
  const decideKey = useShortcutLabel('review-submit');
  if (!item || !draft) return null;
  const { question } = item;

  const onKeyDown = onCtrlEnter(() => void decide());

  return (
    <aside className="annotation-panel review-panel" aria-label="Adjudication" data-testid="adjudication-panel" onKeyDown={onKeyDown}>
      <header className="review-panel-head">
        <strong>Adjudication · round {item.round}</strong>
        <span className="spacer" />
        <button type="button" onClick={closeAdjudication}>
          Close
        </button>
      </header>
      <div className="review-body">
        <p className="review-question">{question.text || '(no text)'}</p>
        {question.answerKind === 'choice' && (
          <ol className="review-options">
            {optionLetters(question).map((l) => (
              <li key={l}>
                <strong>{l}</strong> {question.options[l]}
              </li>
            ))}
          </ol>
        )}
        <p className="hint">
          Evidence lanes under the timeline: <span style={{ color: LANE_COLOURS.author }}>author</span>
          {item.reviews.map((r, i) => (
            <span key={r.id} style={{ color: LANE_COLOURS.reviewers[i % LANE_COLOURS.reviewers.length] }}>
              {' '}
              · {r.reviewer}
            </span>
          ))}
        </p>
        {rows.map((row) => (
          <section key={row.point.id} className="review-point" data-testid="adjudication-point">
            <QueryTime point={row.point} />
            <table className="review-compare">
              <tbody>
                <tr>
                  <th scope="row">author · {question.createdBy}</th>
                  <td data-testid="adjudication-author">
                    {answerText(row.author)}
                    {row.authorFromMarks && <FromMarks />}
                  </td>
                </tr>
                {row.reviews.map((r) => (
                  <tr key={r.review.id} className={r.agrees === null ? '' : r.agrees ? 'agree' : 'disagree'} data-testid="adjudication-review-answer">
                    <th scope="row">{r.review.reviewer}</th>
                    <td>
                      {answerText(r.answer)} <span className="agreement-mark">{r.agrees === null ? '' : r.agrees ? '✓ agrees' : '✗ differs'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {draft.decision === 'edit' && (
              <AnswerInput question={question} value={draft.answers[row.point.id] ?? ''} onChange={(v) => setDecisionAnswer(row.point.id, v)} label="The answer that stands" testId="decision-answer" />
            )}
          </section>
        ))}
        <ul className="review-list">
          {item.reviews.map((r) => (
            <li key={r.id}>
              <strong>{r.reviewer}</strong>: {r.verdict ?? '—'}
              {r.reason ? ` (${r.reason})` : ''}
              {r.secondsSpent !== null ? ` · ${r.secondsSpent} s` : ''}
              {r.notes ? ` — ${r.notes}` : ''}
            </li>
          ))}
        </ul>
        <fieldset className="review-verdict">
          <legend>Decision</legend>
          <div role="radiogroup" aria-label="Decision" className="answer-choices">
            {adjudicationDecisions.map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={draft.decision === d}
                className={draft.decision === d ? 'active' : ''}
                data-testid={`decision-${d}`}
                onClick={() => editDecision({ decision: d, ...(d === 'keep-reviewer' && !draft.reviewId && item.reviews.length === 1 ? { reviewId: item.reviews[0]!.id } : {}) })}
              >
                {DECISION_LABELS[d]}
              </button>
            ))}
          </div>
          {draft.decision === 'keep-reviewer' && (
            <div role="radiogroup" aria-label="Whose review" className="answer-choices">
              {item.reviews.map((r) => (
                <button
                  key={r.id}
                  type="button"
                  role="radio"
                  aria-checked={draft.reviewId === r.id}
                  className={draft.reviewId === r.id ? 'active' : ''}
                  onClick={() => editDecision({ reviewId: r.id })}
                >
                  {r.reviewer}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <ReasonAndNotes reason={draft.reason} notes={draft.notes} rows={2} onReason={(reason) => editDecision({ reason })} onNotes={(notes) => editDecision({ notes })} testId="decision" />
        {error && (
          <p className="error" role="alert" data-testid="review-error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="primary" onClick={() => void decide()} data-testid="decide">
            Decide ({decideKey})
          </button>
        </div>
      </div>
    </aside>
  );
}
