// Questions of the selected video: list, editor, query points and lints.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { groupBy } from '../../../shared/collections';
import { lintQuestion, type Lint } from '../../../shared/lints';
import { answerKinds, countingSubcategories, taxonomyLeaves, temporalTypes, type ProfileKind } from '../../../shared/profiles';
import { groupRoles, OPTION_LETTERS, optionLetters, questionStatuses, type CountingSettings, type OptionLetter, type QueryPoint, type Question } from '../../../shared/questions';
import { runItemIds } from '../../../shared/runs/item-ids';
import { formatTimecode, parseTimeInput } from '../../../shared/timecode';
import { flash, leftField, selectQueryPoint, selectQuestion, typingInto } from '../store/annotation/actions';
import { createQuestion, dropLastEvidence, removeQueryPoint, removeQuestion, updateQueryPoint, updateQuestion, type QuestionPatch } from '../store/annotation/question-actions';
import { pointsOf, questionReadOnly, selectedQuestion, shownLints } from '../store/annotation/selectors';
import { chooseNewQuestionProfile } from '../store/profiles/actions';
import { newQuestionProfile, profileOf } from '../store/profiles/selectors';
import { selectedVideo } from '../store/project/selectors';
import { useStore, type State } from '../store/store';
import { focusField, focusFieldSoon } from '../dom/focus';
import { shortcutLabel } from '../shortcuts';
import { undecidedMade } from '../store/drafting/selectors';
import { callerRole } from '../store/review/selectors';
import { CaptionEditor } from './CaptionEditor';
import { CopyableId } from './CopyableId';
import { CountKey } from './CountKey';
import { QuestionDraftNote } from './drafting/QuestionDraftNote';
import { useShortcutLabel } from './use-shortcut-label';
import { useTypedText } from './use-typed-text';
import { isOneOf } from './select-value';

const time = (t: number | null): string => (t === null ? '—' : formatTimecode(t, { fractionDigits: 2 }));

/**
 * Lints of every question on the video, recomputed when questions, points or marks change; null while
 * the video's length is unknown (a placeholder: its file was not found), as checks against its end wait.
 */
export function useVideoLints(): Lint[] | null {
  const { questions, queryPoints, marks, profiles, duration } = useStore(
    useShallow((s: State) => ({ questions: s.questions, queryPoints: s.queryPoints, marks: s.marks, profiles: s.profiles, duration: selectedVideo(s)?.duration ?? null })),
  );
  const typing = useStore(useShallow((s: State) => ({ typingIn: s.typingIn, selectedQuestionId: s.selectedQuestionId })));
  // a reviewer checks no questions, and a question whose answers are withheld would be linted against nothing
  const reviewer = useStore((s) => callerRole(s) === 'reviewer');
  const withheld = useStore((s) => s.withheld);
  const lints = useMemo(() => {
    if (duration === null) return null;
    if (reviewer) return [];
    const pointsBy = groupBy(queryPoints, (p) => p.questionId);
    const groups = groupBy(
      questions.filter((q) => q.group),
      (q) => q.group!.id,
    );
    const blind = new Set(withheld);
    return questions
      .filter((q) => !blind.has(q.id))
      .flatMap((q) =>
        lintQuestion(q, pointsBy.get(q.id) ?? [], {
          profile: profiles.find((p) => p.id === q.profileId) ?? null,
          videoDuration: duration,
          marks,
          groupMembers: q.group ? (groups.get(q.group.id) ?? []).filter((o) => o.id !== q.id) : [],
        }),
      );
  }, [questions, queryPoints, marks, profiles, duration, reviewer, withheld]);
  return useMemo(() => lints && shownLints(lints, typing), [lints, typing]);
}

export function QuestionsList({ lints }: { lints: Lint[] | null }): React.JSX.Element {
  const questions = useStore((s) => s.questions);
  const selected = useStore((s) => s.selectedQuestionId);
  const profiles = useStore((s) => s.profiles);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: questions.length, getScrollElement: () => parentRef.current, estimateSize: () => 30, overscan: 10, getItemKey: (i) => questions[i]?.id ?? i });
  const errorsBy = useMemo(() => {
    const m = new Map<string, { errors: number; warnings: number }>();
    for (const l of lints ?? []) {
      const c = m.get(l.questionId) ?? { errors: 0, warnings: 0 };
      if (l.severity === 'error') c.errors++;
      else c.warnings++;
      m.set(l.questionId, c);
    }
    return m;
  }, [lints]);
  const profileId = useStore(newQuestionProfile) ?? '';
  const drafted = useStore(undecidedMade);
  const newKey = useShortcutLabel('new-question');
  // reviewers answer in the review form; they add no questions
  const reviewer = useStore((s) => callerRole(s) === 'reviewer');

  return (
    <>
      {!reviewer && (
        <div className="new-question">
          <select value={profileId} onChange={(e) => chooseNewQuestionProfile(e.target.value)} aria-label="Profile for new questions" data-testid="new-question-profile">
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => void createQuestion({ profileId }).then((made) => made && focusFieldSoon('question-text'))}
            title={`New question with a query point at the playhead (${newKey})`}
          >
            New question
          </button>
        </div>
      )}
      <div ref={parentRef} className="questions-list" data-testid="questions-list">
        {questions.length === 0 && <p className="hint">No questions yet.{reviewer ? '' : ` ${newKey} makes one with a query point at the playhead.`}</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const q = questions[row.index]!;
            const c = errorsBy.get(q.id);
            return (
              <div
                key={row.key}
                className={`question-row ${q.id === selected ? 'selected' : ''}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: row.size, transform: `translateY(${row.start}px)` }}
                data-testid="question-row"
                onClick={() => selectQuestion(q.id)}
              >
                <span className="q-code">{q.taskCode ?? '—'}</span>
                <span className="q-text">
                  {drafted.has(q.id) && (
                    <em className="draft-badge" title="A model's candidate no person has decided yet: a accepts, Shift+Backspace rejects">
                      draft{' '}
                    </em>
                  )}
                  {q.text || '(no text yet)'}
                </span>
                {c?.errors ? <span className="badge error">{c.errors}</span> : null}
                {c?.warnings ? <span className="badge warn">{c.warnings}</span> : null}
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

/** A text field that saves when left or on Enter (Shift+Enter for a new line in multi-line fields). */
/** `owner`: the item edited (what was typed is saved to it when the field is given another). */
/** `lintField`: the question field it is, as lints name it ('text', 'options.B'): not called empty while typed into. */
function Field(props: {
  id?: string;
  owner: string;
  label: string;
  value: string;
  onSave: (v: string) => void;
  multiline?: boolean;
  placeholder?: string;
  testId?: string;
  lintField?: string;
}): React.JSX.Element {
  const typed = useTypedText(props.value, props.onSave, undefined, props.owner);
  const { owner, lintField } = props;
  const common = {
    id: props.id,
    value: typed.text,
    placeholder: props.placeholder,
    'data-testid': props.testId,
    onFocus: () => lintField && typingInto(owner, lintField),
    onBlur: () => {
      typed.leave();
      if (lintField) leftField(owner, lintField);
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        typed.leave();
        (e.target as HTMLElement).blur();
      }
    },
  };
  return (
    <label className="field">
      {props.label}
      {props.multiline ? <textarea rows={2} {...common} onChange={(e) => typed.change(e.target.value)} /> : <input {...common} onChange={(e) => typed.change(e.target.value)} />}
    </label>
  );
}

export function QuestionEditor({ lints }: { lints: Lint[] | null }): React.JSX.Element | null {
  const question = useStore(selectedQuestion);
  const readOnly = useStore(questionReadOnly);
  const profile = useStore((s) => profileOf(s, selectedQuestion(s)));
  const profiles = useStore((s) => s.profiles);
  const points = useStore(useShallow((s: State) => (question ? pointsOf(s, question.id) : [])));
  // an added option takes the cursor once it is on screen (keyboard first)
  const [focusOption, setFocusOption] = useState<OptionLetter | null>(null);
  const optionKeys = question ? optionLetters(question).join('') : '';
  useEffect(() => {
    if (focusOption && optionKeys.includes(focusOption)) {
      focusField(`option-${focusOption}`);
      setFocusOption(null);
    }
  }, [focusOption, optionKeys]);
  if (!question || !profile) return null;
  const rules = profile.rules;
  const set = (fields: QuestionPatch): void => void updateQuestion(question.id, fields);
  const own = lints?.filter((l) => l.questionId === question.id) ?? null;
  const letters = optionLetters(question);
  const nextLetter = OPTION_LETTERS[letters.length];
  const editable = readOnly === null;

  return (
    <div className="question-editor" data-testid="question-editor">
      {readOnly && (
        <p className="hint read-only-note" data-testid="question-read-only">
          {readOnly}
        </p>
      )}
      {/* read only: every control shown, none that edits */}
      <fieldset className="question-fields" disabled={readOnly !== null}>
        <header>
          <select value={question.profileId} onChange={(e) => set({ profileId: e.target.value, taskCode: null })} aria-label="Profile">
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <select value={question.taskCode ?? ''} onChange={(e) => set({ taskCode: e.target.value || null })} aria-label="Task type" data-testid="task-code">
            <option value="">Task type…</option>
            {taxonomyLeaves(profile.taxonomy).map(({ node, path }) => (
              <option key={node.code} value={node.code} title={path.map((n) => n.name).join(' › ')}>
                {node.code === node.name ? node.name : `${node.code} — ${node.name}`}
              </option>
            ))}
          </select>
          {!readOnly && (
            <button type="button" onClick={() => void removeQuestion(question.id)}>
              Delete
            </button>
          )}
        </header>
        <QuestionDraftNote question={question} />
        <RunItemIdLine question={question} kind={profile.kind} />
        <Field
          owner={question.id}
          id="question-text"
          testId="question-text"
          lintField="text"
          label={rules.denseCaptions ? 'Task prompt (given at t = 0)' : 'Question'}
          value={question.text}
          multiline
          onSave={(text) => set({ text })}
        />
        <div className="row">
          <label className="field">
            Answer
            <select value={question.answerKind} onChange={(e) => isOneOf(answerKinds, e.target.value) && set({ answerKind: e.target.value })} data-testid="answer-kind">
              {rules.answerKinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          {rules.temporalTypes.length > 0 && (
            <label className="field">
              Temporal type
              <select value={question.temporalType ?? ''} onChange={(e) => set({ temporalType: isOneOf(temporalTypes, e.target.value) ? e.target.value : null })} data-testid="temporal-type">
                <option value="">—</option>
                {rules.temporalTypes.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            Status
            <select value={question.status} onChange={(e) => isOneOf(questionStatuses, e.target.value) && set({ status: e.target.value })}>
              {questionStatuses.map((st) => (
                <option key={st} value={st}>
                  {st}
                </option>
              ))}
            </select>
          </label>
        </div>
        {question.answerKind === 'choice' && (
          <div className="options" data-testid="options">
            {letters.map((letter) => (
              <div key={letter} className="option">
                <Field
                  owner={question.id}
                  id={`option-${letter}`}
                  testId={`option-${letter}`}
                  lintField={`options.${letter}`}
                  label={letter}
                  value={question.options[letter] ?? ''}
                  onSave={(text) => set({ options: { ...question.options, [letter]: text } })}
                />
              </div>
            ))}
            <div className="option-actions">
              {editable && nextLetter && letters.length < rules.maxOptions && (
                <button
                  type="button"
                  data-testid="add-option"
                  onClick={() => {
                    set({ options: { ...question.options, [nextLetter]: '' } });
                    setFocusOption(nextLetter);
                  }}
                >
                  Add option {nextLetter}
                </button>
              )}
              {editable && letters.length > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    const { [letters.at(-1)!]: _, ...rest } = question.options;
                    set({ options: rest });
                  }}
                >
                  Remove {letters.at(-1)}
                </button>
              )}
            </div>
          </div>
        )}
        {rules.groups && (
          <div className="row">
            <Field owner={question.id} label="Group" value={question.group?.id ?? ''} placeholder="group id" onSave={(id) => set({ group: id ? { id, role: question.group?.role ?? 'q0' } : null })} />
            <label className="field">
              Role
              <select
                value={question.group?.role ?? ''}
                disabled={!question.group}
                onChange={(e) => question.group && isOneOf(groupRoles, e.target.value) && set({ group: { ...question.group, role: e.target.value } })}
              >
                {groupRoles.map((r) => (
                  <option key={r} value={r}>
                    {r === 'q2' ? 'q2 (advanced)' : `${r} (basic)`}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        {Object.entries(rules.facets).map(([facet, values]) => (
          <label key={facet} className="field">
            {facet}
            <select value={question.facets[facet] ?? ''} onChange={(e) => set({ facets: { ...question.facets, [facet]: e.target.value } })}>
              <option value="">—</option>
              {values.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        ))}
        {rules.namedEntities && (
          <Field
            owner={question.id}
            label="Named entities (comma-separated, reused verbatim)"
            value={question.entities.join(', ')}
            onSave={(v) =>
              set({
                entities: v
                  .split(',')
                  .map((e) => e.trim())
                  .filter(Boolean),
              })
            }
          />
        )}
        {rules.counting && <CountingFields question={question} />}
        {rules.denseCaptions && <CaptionEditor />}
        <QueryPoints question={question} points={points} />
      </fieldset>
      {!readOnly && <LintList lints={own} />}
    </div>
  );
}

/** The ids a run file's `item` names this question by (Runs import matches either), small, each with Copy. */
function RunItemIdLine({ question, kind }: { question: Question; kind: ProfileKind }): React.JSX.Element {
  const { id, benchmarkId } = runItemIds(question, kind);
  return (
    <p className="question-ids">
      <CopyableId label="id" value={id} testId="question-id" title="A run file's item names this question by this id (always this question alone)" />
      {benchmarkId && <CopyableId label="benchmark id" value={benchmarkId} testId="question-benchmark-id" title="The id its benchmark file gave it: a run file's item may name it so too" />}
    </p>
  );
}

function CountingFields({ question }: { question: Question }): React.JSX.Element {
  const counting = question.counting;
  const markTarget = useStore((s) => s.markTarget);
  const set = (patch: Partial<CountingSettings>): void => {
    const subcategory = patch.subcategory ?? counting?.subcategory;
    if (!subcategory) return;
    const next: CountingSettings = { subcategory, target: counting?.target ?? (markTarget || 'objects'), windowSeconds: counting?.windowSeconds ?? null, ...patch };
    // the subcategory is the question's task type in VCBench's taxonomy
    void updateQuestion(question.id, { counting: next, ...(patch.subcategory ? { taskCode: patch.subcategory } : {}) });
  };
  return (
    <div className="row counting">
      <label className="field">
        Counting
        <select
          value={counting?.subcategory ?? ''}
          onChange={(e) => (isOneOf(countingSubcategories, e.target.value) ? set({ subcategory: e.target.value }) : void updateQuestion(question.id, { counting: null }))}
          data-testid="counting-subcategory"
        >
          <option value="">not derived</option>
          {countingSubcategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {counting && <Field owner={question.id} label="Counts marks with target" value={counting.target} onSave={(target) => target.trim() && set({ target: target.trim() })} />}
      {counting?.subcategory === 'O2-Gain' && (
        <Field owner={question.id} label="Window (s)" value={counting.windowSeconds === null ? '' : String(counting.windowSeconds)} onSave={(v) => set({ windowSeconds: v ? Number(v) : null })} />
      )}
    </div>
  );
}

const POINT_KEYS = ['query-time', 'query-add', 'evidence-start', 'evidence-end', 'proactive', 'window-start'] as const;

function QueryPoints({ question, points }: { question: Question; points: QueryPoint[] }): React.JSX.Element {
  const editable = useStore(questionReadOnly) === null;
  const selectedId = useStore((s) => s.selectedQueryPointId);
  const marks = useStore((s) => s.marks);
  const keys = useStore(useShallow((s: State) => Object.fromEntries(POINT_KEYS.map((id) => [id, shortcutLabel(id, s.keymap)]))));
  const hint = `${keys['query-time']} sets the time, ${keys['query-add']} adds, ${keys['evidence-start']} ${keys['evidence-end']} evidence, ${keys.proactive} proactive, ${keys['window-start']} window`;
  return (
    <div className="query-points" data-testid="query-points">
      <h4>Query points {editable && <span className="hint">{hint}</span>}</h4>
      {points.map((p) => (
        <div key={p.id} className={`query-point ${p.id === selectedId ? 'selected' : ''}`} data-testid="query-point" onClick={() => selectQueryPoint(p.id)}>
          <TimeField owner={p.id} label="t_q" value={p.time} onSave={(t) => t !== null && void updateQueryPoint(p.id, { time: t })} testId="qp-time" />
          {question.counting ? (
            <CountKey question={question} point={p} marks={marks} />
          ) : question.answerKind === 'choice' ? (
            <select value={String(p.answer ?? '')} onChange={(e) => void updateQueryPoint(p.id, { answer: e.target.value || null })} data-testid="qp-answer" onClick={(e) => e.stopPropagation()}>
              <option value="">answer…</option>
              {OPTION_LETTERS.filter((l) => question.options[l] !== undefined).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          ) : question.answerKind === 'yesno' ? (
            <select value={String(p.answer ?? '')} onChange={(e) => void updateQueryPoint(p.id, { answer: e.target.value || null })} data-testid="qp-answer">
              <option value="">answer…</option>
              <option value="yes">yes</option>
              <option value="no">no</option>
            </select>
          ) : (
            <Field
              owner={p.id}
              label="answer"
              testId="qp-answer"
              value={p.answer === null ? '' : String(p.answer)}
              onSave={(v) => void updateQueryPoint(p.id, { answer: v === '' ? null : question.answerKind === 'number' && !Number.isNaN(Number(v)) ? Number(v) : v })}
            />
          )}
          <span className="evidence" data-testid="qp-evidence">
            {p.evidence.map(([s, e]) => `${time(s)}–${time(e)}`).join(', ') || 'no evidence'}
          </span>
          {(p.proactiveTime !== null || question.temporalType === 'forward') && <span className="proactive">T_p {time(p.proactiveTime)}</span>}
          {p.windowStart !== null && <span className="window">window from {time(p.windowStart)}</span>}
          {editable && p.evidence.length > 0 && (
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                void dropLastEvidence(p);
              }}
            >
              − evidence
            </button>
          )}
          {editable && (
            <button
              type="button"
              onClick={(e) => {
                e.stopPropagation();
                void removeQueryPoint(p.id);
              }}
            >
              Delete
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

function TimeField({ owner, label, value, onSave, testId }: { owner: string; label: string; value: number; onSave: (t: number | null) => void; testId?: string }): React.JSX.Element {
  const [error, setError] = useState<string | null>(null);
  // saved when left or when it goes away, never while typed (a time half typed is no time)
  const typed = useTypedText(
    formatTimecode(value, { fractionDigits: 2 }),
    (text) => {
      const parsed = parseTimeInput(text);
      setError(parsed.ok ? null : parsed.error);
      // said in the status line too: a way out (another question) leaves the field and its error behind
      if (!parsed.ok) {
        flash(`Time not saved: “${text}” — ${parsed.error}`);
        return false;
      }
      onSave(parsed.seconds);
    },
    null,
    owner,
  );
  return (
    <label className="time-field" title={error ?? undefined}>
      {label}
      <input
        data-testid={testId}
        value={typed.text}
        onChange={(e) => typed.change(e.target.value)}
        onBlur={typed.leave}
        onKeyDown={(e) => e.key === 'Enter' && (typed.leave(), (e.target as HTMLElement).blur())}
        aria-invalid={Boolean(error)}
      />
    </label>
  );
}

function LintList({ lints }: { lints: Lint[] | null }): React.JSX.Element | null {
  if (lints === null)
    return (
      <p className="hint" data-testid="lints">
        Checked once the video is relinked: its file is missing, so its length is unknown.
      </p>
    );
  if (lints.length === 0)
    return (
      <p className="lint-ok" data-testid="lints">
        No problems found.
      </p>
    );
  const sorted = [...lints].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <ul className="lints" data-testid="lints">
      {sorted.map((l, i) => (
        <li key={`${l.code}-${l.queryPointId ?? ''}-${i}`} className={l.severity} onClick={() => l.queryPointId && selectQueryPoint(l.queryPointId)}>
          <strong>{l.severity}</strong> {l.message}
        </li>
      ))}
    </ul>
  );
}
