// The reason (from the short list) and notes a review or a decision carries.
import { reviewReasons, type ReviewReason } from '../../../../shared/reviews';
import { isOneOf } from '../select-value';

export function ReasonAndNotes(props: {
  reason: ReviewReason | null;
  notes: string;
  rows: number;
  onReason: (reason: ReviewReason | null) => void;
  onNotes: (notes: string) => void;
  testId: string;
}): React.JSX.Element {
  return (
    <>
      <label className="field">
        Reason
        <select value={props.reason ?? ''} onChange={(e) => props.onReason(isOneOf(reviewReasons, e.target.value) ? e.target.value : null)} data-testid={`${props.testId}-reason`}>
          <option value="">—</option>
          {reviewReasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Notes
        <textarea rows={props.rows} value={props.notes} onChange={(e) => props.onNotes(e.target.value)} data-testid={`${props.testId}-notes`} />
      </label>
    </>
  );
}
