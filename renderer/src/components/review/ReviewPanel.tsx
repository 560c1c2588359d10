// The blind review of one item, beside the video: the question, its options, each query time (click
// or Enter to seek there) with its evidence, and for each the reviewer's own answer and evidence;
// then verdict, reason and notes. The author's answers are never on this form before the submit
// (the services do not send them); after it they stand next to the reviewer's.
import { onCtrlEnter } from './ctrl-enter';
import { ReasonAndNotes } from './ReasonAndNotes';
import { optionLetters, type QueryPoint } from '../../../../shared/questions';
import { reviewVerdicts } from '../../../../shared/reviews';
import { formatTimecode } from '../../../../shared/timecode';
import { selectQueryPoint } from '../../store/annotation/actions';
import { seek } from '../../store/player/actions';
import { clearDraftEvidence, closeReviewItem, openNextItem, setDraftAnswer, setDraftEvidenceEdge, setReason, setReviewNotes, setVerdict, submitReview } from '../../store/review/blind-review-actions';
import { answerText } from '../../store/review/draft';
import { nextQueueItem, reviewComparison, reviewPoints, reviewQuestion, reviewSubmitted } from '../../store/review/selectors';
import { useStore } from '../../store/store';
import { useShortcutLabel } from '../use-shortcut-label';
import { AnswerInput } from './AnswerInput';

const time = (t: number): string => formatTimecode(t, { fractionDigits: 2 });

/** A query time and its evidence intervals, each a button that seeks there. */
export function QueryTime({ point }: { point: QueryPoint }): React.JSX.Element {
  return (
    <div className="review-time">
      <button type="button" className="seek" onClick={() => selectQueryPoint(point.id)} title="Go to the query time" data-testid="review-seek">
        t_q {time(point.time)}
      </button>
      {point.evidence.length === 0 ? (
        <span className="hint">no evidence given</span>
      ) : (
        point.evidence.map(([s, e], i) => (
          <button key={i} type="button" className="evidence" onClick={() => seek(s)} title="Go to the start of this evidence">
            evidence {time(s)}–{time(e)}
          </button>
        ))
      )}
      {point.proactiveTime !== null && <span className="proactive">T_p {time(point.proactiveTime)}</span>}
    </div>
  );
}

/** Beside an answer key that no stored count gives: the count the author's marks give, as export and readiness read it. */
export function FromMarks(): React.JSX.Element {
  return (
    <span className="hint" title="No count is stored: the key is the count the author's marks give (VCBench §3.2, inclusive), as the export and readiness read it">
      {' '}
      from marks
    </span>
  );
}

export function ReviewPanel(): React.JSX.Element | null {
  const open = useStore((s) => s.reviewing);
  const question = useStore(reviewQuestion);
  const points = useStore(reviewPoints);
  const draft = useStore((s) => s.reviewDraft);
  const submitted = useStore(reviewSubmitted);
  const mine = useStore((s) => s.reviewContext?.mine ?? null);
  const comparison = useStore(reviewComparison);
  const error = useStore((s) => s.reviewError);
  const hasNext = useStore((s) => nextQueueItem(s) !== null);
  const submitKey = useShortcutLabel('review-submit');
  if (!open) return null;

  const onKeyDown = onCtrlEnter(() => void submitReview());

  return (
    <aside className="annotation-panel review-panel" aria-label="Blind review" data-testid="review-panel" onKeyDown={onKeyDown}>
      <header className="review-panel-head">
        <strong>Blind review · round {open.round}</strong>
        <span className="spacer" />
        <button type="button" onClick={closeReviewItem}>
          Close
        </button>
      </header>
      {!question ? (
        <p className="hint review-body">Loading the item…</p>
      ) : (
        <div className="review-body">
          <p className="review-question" data-testid="review-question">
            {question.text || '(no text)'}
          </p>
          {question.taskCode && <p className="hint">Task type {question.taskCode}</p>}
          {question.answerKind === 'choice' && (
            <ol className="review-options">
              {optionLetters(question).map((l) => (
                <li key={l}>
                  <strong>{l}</strong> {question.options[l]}
                </li>
              ))}
            </ol>
          )}
          {points.map((point) => {
            const own = draft?.answers[point.id];
            const compared = comparison.find((c) => c.queryPointId === point.id);
            const given = mine?.answers.find((a) => a.queryPointId === point.id);
            return (
              <section key={point.id} className="review-point" data-testid="review-point">
                <QueryTime point={point} />
                {!submitted && own ? (
                  <>
                    <AnswerInput question={question} value={own.answer} onChange={(v) => setDraftAnswer(point.id, v)} label={`Your answer at ${time(point.time)}`} testId="review-answer" />
                    <div className="review-evidence">
                      <span className="hint">Your evidence:</span>
                      <span data-testid="review-own-evidence">{own.evidence.map(([s, e]) => `${time(s)}–${time(e)}`).join(', ') || 'none'}</span>
                      <button type="button" onClick={() => setDraftEvidenceEdge(point.id, 'start')} title="Open an interval of your own evidence at the playhead">
                        Start at playhead
                      </button>
                      <button type="button" onClick={() => setDraftEvidenceEdge(point.id, 'end')} title="End your last evidence interval at the playhead">
                        End at playhead
                      </button>
                      {own.evidence.length > 0 && (
                        <button type="button" onClick={() => clearDraftEvidence(point.id)}>
                          Clear
                        </button>
                      )}
                    </div>
                  </>
                ) : (
                  <table className="review-compare" data-testid="review-compare">
                    <tbody>
                      <tr>
                        <th scope="row">Yours</th>
                        <td data-testid="review-mine">{answerText(given?.answer)}</td>
                      </tr>
                      {compared ? (
                        <tr className={compared.agrees ? 'agree' : 'disagree'}>
                          <th scope="row">Author’s</th>
                          <td data-testid="review-author">
                            {answerText(compared.author)}
                            {compared.fromMarks && <FromMarks />} <span className="agreement-mark">{compared.agrees ? '✓ agrees' : '✗ differs'}</span>
                          </td>
                        </tr>
                      ) : (
                        // submitted and still none: a review package, which holds no answers (its import records the key)
                        <tr>
                          <th scope="row">Author’s</th>
                          <td className="hint">{submitted ? 'not in this review package' : 'not shown (still blind)'}</td>
                        </tr>
                      )}
                    </tbody>
                  </table>
                )}
              </section>
            );
          })}
          {!submitted && draft ? (
            <>
              <fieldset className="review-verdict">
                <legend>Verdict</legend>
                <div role="radiogroup" aria-label="Verdict" className="answer-choices">
                  {reviewVerdicts.map((v) => (
                    <button
                      key={v}
                      type="button"
                      role="radio"
                      aria-checked={draft.verdict === v}
                      className={draft.verdict === v ? 'active' : ''}
                      onClick={() => setVerdict(v)}
                      data-testid={`verdict-${v}`}
                    >
                      {v}
                    </button>
                  ))}
                </div>
              </fieldset>
              <ReasonAndNotes reason={draft.reason} notes={draft.notes} rows={3} onReason={setReason} onNotes={setReviewNotes} testId="review" />
              {error && (
                <p className="error" role="alert" data-testid="review-error">
                  {error}
                </p>
              )}
              <div className="actions">
                <button type="button" className="primary" onClick={() => void submitReview()} data-testid="review-submit">
                  Submit ({submitKey})
                </button>
                <span className="hint">Time is counted from opening the item.</span>
              </div>
            </>
          ) : (
            <div className="review-done" data-testid="review-done">
              {mine && (
                <p>
                  Submitted: <strong>{mine.verdict}</strong>
                  {mine.reason ? ` (${mine.reason})` : ''}
                  {mine.secondsSpent !== null ? `, ${mine.secondsSpent} s` : ''}.
                </p>
              )}
              {error && (
                <p className="error" role="alert" data-testid="review-error">
                  {error}
                </p>
              )}
              <div className="actions">
                {hasNext && (
                  <button type="button" className="primary" onClick={() => void openNextItem()}>
                    Next item
                  </button>
                )}
                <button type="button" onClick={closeReviewItem}>
                  Close
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </aside>
  );
}
