// The response picked on a run's lane: which run, when it came, what it said, for which question.
import { runOrder } from '../../../../shared/runs/query-order';
import { formatTimecode } from '../../../../shared/timecode';
import { selectResponse } from '../../store/runs/actions';
import { selectedResponse, VERDICT_COLOURS, VERDICT_LABELS } from '../../store/runs/selectors';
import { useStore } from '../../store/store';

export function ResponseDetails(): React.JSX.Element | null {
  const picked = useStore(selectedResponse);
  const questions = useStore((s) => s.questions);
  const queryPoints = useStore((s) => s.queryPoints);
  if (!picked) return null;
  const { response, replay, run } = picked;
  const question = questions.find((q) => q.id === response.questionId);
  const t = replay?.t ?? response.t;
  const answer = runOrder(queryPoints.filter((p) => p.questionId === response.questionId))[response.query]?.answer ?? null;
  return (
    <div className="response-details" data-testid="response-details">
      <header className="row">
        <strong>{run ? `${run.model} · ${run.label}` : 'Response'}</strong>{' '}
        <span>
          {t === null ? '—' : formatTimecode(t)}
          {response.t === null ? ' (offline: at the query time)' : ''}
          {response.latency !== null ? ` · latency ${response.latency} s` : ''}
        </span>
        <button type="button" onClick={() => selectResponse(null)} aria-label="Close the response">
          ×
        </button>
      </header>
      <p className="hint">
        Question: {question?.text || question?.id || response.questionId} · query {response.query} (from 0, as in the run file){answer !== null ? ` · the answer: ${String(answer)}` : ''}
      </p>
      <p className="response-label">The model said:</p>
      <blockquote data-testid="response-text">{response.text || '(empty)'}</blockquote>
      {replay && (
        <p data-testid="response-verdict">
          <span className="swatch" style={{ background: VERDICT_COLOURS[replay.verdict] }} /> {VERDICT_LABELS[replay.verdict]}
          {replay.extracted !== null && ` · read as ${String(replay.extracted)}`}
          {replay.rule && ` (${replay.rule})`}
          {replay.judgment && ` · judge: ${Number(replay.judgment.score.toFixed(2))}${replay.judgment.verdict ? ` (${replay.judgment.verdict})` : ''} — ${replay.judgment.reason}`}
          {replay.early !== null && replay.knowableAt !== null && ` · ${replay.early.toFixed(1)} s before the answer was knowable (${formatTimecode(replay.knowableAt)})`}
        </p>
      )}
      {response.frames && (
        <p className="hint">
          Saw {response.frames.length} frames, the last at {formatTimecode(Math.max(...response.frames))}.
        </p>
      )}
    </div>
  );
}
