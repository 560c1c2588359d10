// An answer typed the way its question asks for it: option letters for choice (keys A–G or 1–7),
// yes / no (keys Y / N), a number, or text.
import { optionLetters, type Question } from '../../../../shared/questions';
import { answerForKey } from '../../store/review/draft';

interface Props {
  question: Pick<Question, 'answerKind' | 'options'>;
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
}

export function AnswerInput({ question, value, onChange, label, testId }: Props): React.JSX.Element {
  if (question.answerKind === 'choice' || question.answerKind === 'yesno') {
    const choices =
      question.answerKind === 'choice'
        ? optionLetters(question).map((l) => ({ value: l, text: l }))
        : [
            { value: 'yes', text: 'yes' },
            { value: 'no', text: 'no' },
          ];
    const onKeyDown = (e: React.KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const answer = answerForKey(e.key, question);
      if (answer === null) return;
      // the key answers here rather than marking the video
      e.preventDefault();
      e.stopPropagation();
      onChange(answer);
    };
    return (
      <div
        className="answer-choices"
        role="radiogroup"
        aria-label={`${label} (${question.answerKind === 'choice' ? 'keys A–G or 1–7' : 'keys Y / N'})`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid={testId}
        data-value={value}
      >
        {choices.map((c) => (
          <button key={c.value} type="button" role="radio" aria-checked={value === c.value} className={value === c.value ? 'active' : ''} onClick={() => onChange(c.value)} tabIndex={-1}>
            {c.text}
          </button>
        ))}
      </div>
    );
  }
  return (
    <input
      className="answer-input"
      aria-label={label}
      inputMode={question.answerKind === 'number' ? 'decimal' : 'text'}
      placeholder={question.answerKind === 'number' ? 'a number' : 'your answer'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
