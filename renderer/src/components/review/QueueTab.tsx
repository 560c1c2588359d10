// The caller's queue: their assignments grouped by round with progress; Enter or a click opens an
// item beside the video for blind review.
import { openQueueItem } from '../../store/review/blind-review-actions';
import { nextQueueItem, queueByRound } from '../../store/review/selectors';
import { useStore } from '../../store/store';
import { Progress } from './charts';

export function QueueTab(): React.JSX.Element {
  const groups = useStore(queueByRound);
  // the focus (and so Enter) starts on the next item still to review, not on one already done
  const next = useStore(nextQueueItem);
  const first = groups[0]?.items[0];
  const focused = next ?? first;
  if (groups.length === 0)
    return (
      <p className="hint" data-testid="review-queue-empty">
        Nothing is assigned to you in an open round.
      </p>
    );
  return (
    <div className="review-queue" data-testid="review-queue">
      {groups.map((g) => (
        <section key={g.round}>
          <h3>
            Round {g.round}: {g.roundName} <Progress done={g.done} total={g.items.length} />
          </h3>
          <ul className="review-items">
            {g.items.map((item) => (
              <li key={item.questionId}>
                <button
                  type="button"
                  className={`review-item ${item.done ? 'done' : ''}`}
                  onClick={() => void openQueueItem(item)}
                  data-testid="queue-item"
                  autoFocus={item.questionId === focused?.questionId && item.round === focused.round}
                >
                  <span className="review-item-state">{item.done ? '✓' : '•'}</span>
                  <span className="q-code">{item.taskCode ?? '—'}</span>
                  <span className="review-item-text">{item.text || '(no text)'}</span>
                  <span className="hint">{item.videoName}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
