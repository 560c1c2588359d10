// A draft and what a person made of it, compared word by word.
import { diffWords } from '../../../../shared/text-diff';

export function DraftDiff({ drafted, current }: { drafted: string; current: string }): React.JSX.Element {
  return (
    <span className="caption-diff" data-testid="draft-diff">
      {diffWords(drafted, current).map((part, i) => (
        <span key={i} className={`diff-${part.kind}`}>
          {part.text}{' '}
        </span>
      ))}
    </span>
  );
}
