// A counting query point's answer key in the question editor (shared/answer-key.ts): the count its
// marks give when none is stored, the stored count otherwise — what export, readiness and review
// read — or, where the services withhold the answer (blind review), that it is withheld: without the
// marks it counts, "= 0" would read as the author's answer.
import { answerKey } from '../../../shared/answer-key';
import { deriveCount } from '../../../shared/counting';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { useStore } from '../store/store';

export function CountKey({ question, point, marks }: { question: Question; point: QueryPoint; marks: readonly Mark[] }): React.JSX.Element | null {
  const withheld = useStore((s) => s.withheld.includes(question.id));
  if (!question.counting) return null;
  if (withheld) {
    return (
      <span className="hint" data-testid="qp-derived" title="Withheld from you until you have submitted your review of this item: its answer and the marks it counts are not sent">
        answer withheld (blind review)
      </span>
    );
  }
  const key = answerKey(question, point, marks);
  if (key.fromMarks)
    return (
      <span className="derived" data-testid="qp-derived" title="Derived from the marks (VCBench §3.2, inclusive)">
        = {String(key.answer)}
      </span>
    );
  return (
    <span
      className="derived"
      data-testid="qp-derived"
      title={`The stored count (imported, or decided in adjudication) is the answer key; the marks give ${deriveCount(marks, question.counting, point)}`}
    >
      = {String(key.answer)} <span className="hint">stored</span>
    </span>
  );
}
