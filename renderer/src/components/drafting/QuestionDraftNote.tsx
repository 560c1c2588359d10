// Above a question a model drafted: which fields are still the model's (a person has not checked
// them; an export waits for them), which model drafted it, and the keys that decide.
import type { Question } from '../../../../shared/questions';
import { useStore } from '../../store/store';
import { useShortcutLabel } from '../use-shortcut-label';

export function QuestionDraftNote({ question }: { question: Question }): React.JSX.Element | null {
  const draft = useStore((s) => s.modelDrafts.find((d) => d.kind === 'question' && d.madeId === question.id) ?? null);
  const acceptKey = useShortcutLabel('accept-draft');
  const rejectKey = useShortcutLabel('reject-draft');
  const unchecked = Object.entries(question.provenance)
    .filter(([, by]) => by === 'model')
    .map(([field]) => field);
  if (!draft && unchecked.length === 0) return null;
  return (
    <p className={`draft-bar status-${draft?.status ?? 'draft'}`} data-testid="question-draft">
      Model draft{draft ? ` · ${draft.provenance.model} · ${draft.status}${draft.decidedBy ? ` by ${draft.decidedBy}` : ''}` : ''}
      {unchecked.length > 0 && ` — not checked by a person yet: ${unchecked.join(', ')}. ${acceptKey} accepts, ${rejectKey} rejects, or edit it.`}
      {draft?.provenance.check && (
        <>
          <br />
          Cutoff check at {draft.provenance.check.cutoff} s: {draft.provenance.check.supported === null ? 'no answer' : draft.provenance.check.supported ? 'supported' : 'not supported'}
          {draft.provenance.check.reason ? ` (${draft.provenance.check.reason})` : ''}
        </>
      )}
    </p>
  );
}
