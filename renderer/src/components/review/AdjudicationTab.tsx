// Escalated items waiting for a decision; Enter or a click opens one beside the video.
import { openAdjudicationItem } from '../../store/review/adjudication-actions';
import { useStore } from '../../store/store';

export function AdjudicationTab(): React.JSX.Element {
  const queue = useStore((s) => s.adjudicationQueue);
  if (queue.length === 0)
    return (
      <p className="hint" data-testid="adjudication-empty">
        No escalated items: every reviewed item so far agreed, or has been decided.
      </p>
    );
  return (
    <ul className="review-items" data-testid="adjudication-queue">
      {queue.map((item, i) => (
        <li key={`${item.round}-${item.question.id}`}>
          <button type="button" className={`review-item ${item.decision ? 'done' : ''}`} onClick={() => void openAdjudicationItem(item)} data-testid="adjudication-item" autoFocus={i === 0}>
            <span className="review-item-state">{item.decision ? '✓' : '!'}</span>
            <span className="q-code">R{item.round}</span>
            <span className="review-item-text">{item.question.text || '(no text)'}</span>
            <span className="hint">
              {item.reviews.length} review{item.reviews.length === 1 ? '' : 's'}, {item.agreement.filter((a) => !a.agrees).length} disagreeing
              {item.decision ? ` · decided: ${item.decision.decision}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
