// Starting a run on the selected video: what to draft (captions for a dense-caption task, event or
// cycle candidates for a target, candidate questions in a profile — or the text-only probe of a
// profile's questions), the memory policy and k, the frame size, the window and a budget. The
// estimate comes first; Start is offered for the estimated form only.
import { useMemo, useState } from 'react';
import { memoryPolicies } from '../../../../shared/drafting/memory-policy';
import type { DraftRunInput } from '../../../../shared/drafting/runs';
import { estimateDraft, estimateProbe, startDraft, startProbe } from '../../store/drafting/actions';
import { captionTask } from '../../store/annotation/selectors';
import { selectedTimedVideo } from '../../store/project/selectors';
import { useStore } from '../../store/store';
import { isOneOf } from '../select-value';

const WHATS = ['captions', 'events', 'questions', 'probe'] as const;
type What = (typeof WHATS)[number];
const WHAT_LABELS: Record<What, string> = { captions: 'Dense captions (one per second)', events: 'Event / cycle candidates', questions: 'Candidate questions (+ cutoff check)', probe: 'Text-only shortcut probe' };

interface Form {
  what: What;
  task: string;
  withPrevious: boolean;
  target: string;
  mark: 'event' | 'cycle';
  step: string;
  profileId: string;
  segment: string;
  perSegment: string;
  repeats: string;
  from: string;
  to: string;
  policy: (typeof memoryPolicies)[number];
  k: string;
  height: string;
  budget: string;
}

const num = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export function RunTab(): React.JSX.Element {
  const video = useStore(selectedTimedVideo);
  const questions = useStore((s) => s.questions);
  const profiles = useStore((s) => s.profiles);
  const selectedTask = useStore(captionTask);
  const markTarget = useStore((s) => s.markTarget);
  const estimate = useStore((s) => s.draftingEstimate);
  const endpoint = useStore((s) => s.draftingEndpoint);
  const tasks = useMemo(() => questions.filter((q) => profiles.find((p) => p.id === q.profileId)?.rules.denseCaptions), [questions, profiles]);
  const questionProfiles = profiles.filter((p) => !p.rules.denseCaptions && !p.rules.counting);
  const [form, setForm] = useState<Form>(() => ({
    what: 'captions', task: selectedTask ?? tasks[0]?.id ?? '', withPrevious: false, target: markTarget, mark: 'event', step: '10',
    profileId: questionProfiles[0]?.id ?? '', segment: '30', perSegment: '2', repeats: '5', from: '0', to: '', policy: 'sw+u', k: '42', height: '360', budget: '',
  }));
  const [estimatedFor, setEstimatedFor] = useState<string | null>(null);
  const set = (patch: Partial<Form>): void => setForm({ ...form, ...patch });

  const run = (): DraftRunInput | null => {
    if (!video) return null;
    const common = { videoId: video.id, from: num(form.from) ?? 0, to: num(form.to), policy: form.policy, k: num(form.k) ?? 42, height: num(form.height) ?? 360, budgetUsd: num(form.budget) };
    if (form.what === 'captions') return { what: 'captions', ...common, target: form.task, withPrevious: form.withPrevious };
    if (form.what === 'events') return { what: 'events', ...common, target: form.target, mark: form.mark, stepSeconds: num(form.step) ?? 10 };
    if (form.what === 'questions') return { what: 'questions', ...common, profileId: form.profileId, segmentSeconds: num(form.segment) ?? 30, perSegment: num(form.perSegment) ?? 2 };
    return null;
  };
  const probe = () => ({ profileId: form.profileId || null, repeats: num(form.repeats) ?? 5, budgetUsd: num(form.budget) });
  const fingerprint = JSON.stringify(form);
  const onEstimate = async (): Promise<void> => {
    if (form.what === 'probe') await estimateProbe(probe());
    else {
      const r = run();
      if (r) await estimateDraft(r);
    }
    setEstimatedFor(fingerprint);
  };
  const onStart = async (): Promise<void> => {
    if (form.what === 'probe') await startProbe(probe());
    else {
      const r = run();
      if (r) await startDraft(r);
    }
  };
  const field = (label: string, key: keyof Form, placeholder = ''): React.JSX.Element => (
    <label>
      {label}
      <input value={String(form[key])} placeholder={placeholder} onChange={(e) => set({ [key]: e.target.value } as Partial<Form>)} data-testid={`draft-${key}`} />
    </label>
  );
  const priced = endpoint && (endpoint.priceInputPerMillion > 0 || endpoint.priceOutputPerMillion > 0);

  return (
    <div className="draft-run" data-testid="draft-run">
      {!video && form.what !== 'probe' && <p className="hint">Select a video first.</p>}
      <p className="hint">Model: <strong>{endpoint?.model ?? '…'}</strong> at {endpoint ? new URL(endpoint.baseURL).host : '…'} (Endpoint tab). Every request sees frames at or before the second it is about, never later.</p>
      <div className="field-grid">
        <label>
          Draft
          <select value={form.what} onChange={(e) => isOneOf(WHATS, e.target.value) && set({ what: e.target.value })} data-testid="draft-what">
            {WHATS.map((w) => <option key={w} value={w}>{WHAT_LABELS[w]}</option>)}
          </select>
        </label>
        {form.what === 'captions' && (
          <>
            <label>
              Caption task
              <select value={form.task} onChange={(e) => set({ task: e.target.value })} data-testid="draft-task">
                {tasks.length === 0 && <option value="">No dense-caption task on this video (add a VSAS question)</option>}
                {tasks.map((q) => <option key={q.id} value={q.id}>{q.taskCode ? `${q.taskCode} · ` : ''}{q.text.slice(0, 80) || '(no text)'}</option>)}
              </select>
            </label>
            <label className="check">
              <input type="checkbox" checked={form.withPrevious} onChange={(e) => set({ withPrevious: e.target.checked })} /> Give the previous caption (seconds then go in order)
            </label>
          </>
        )}
        {form.what === 'events' && (
          <>
            {field('What to find', 'target', 'each time a person enters')}
            <label>
              Marks
              <select value={form.mark} onChange={(e) => set({ mark: e.target.value === 'cycle' ? 'cycle' : 'event' })}>
                <option value="event">Events (moments)</option>
                <option value="cycle">Cycles (complete repetitions)</option>
              </select>
            </label>
            {field('Look at (s at a time)', 'step')}
          </>
        )}
        {(form.what === 'questions' || form.what === 'probe') && (
          <label>
            Profile
            <select value={form.profileId} onChange={(e) => set({ profileId: e.target.value })} data-testid="draft-profile">
              {form.what === 'probe' && <option value="">All profiles</option>}
              {(form.what === 'probe' ? profiles : questionProfiles).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </label>
        )}
        {form.what === 'questions' && (
          <>
            {field('Segment (s)', 'segment')}
            {field('Questions per segment', 'perSegment')}
          </>
        )}
        {form.what === 'probe' && field('Repeats (N)', 'repeats')}
        {form.what !== 'probe' && (
          <>
            {field('From (s)', 'from')}
            {field('To (s)', 'to', 'the end')}
            <label>
              Memory policy
              <select value={form.policy} onChange={(e) => isOneOf(memoryPolicies, e.target.value) && set({ policy: e.target.value })} data-testid="draft-policy">
                <option value="sw+u">SW+U: latest k/2 + k/2 uniform older (VSAS)</option>
                <option value="sw">SW: latest k</option>
                <option value="u">U: k uniform over all so far</option>
              </select>
            </label>
            {field('Frames k', 'k')}
            {field('Frame height (px)', 'height')}
          </>
        )}
        {field('Budget (USD)', 'budget', priced ? 'no cap' : 'set prices to use a budget')}
      </div>
      <div className="row">
        <button type="button" onClick={() => void onEstimate()} disabled={form.what !== 'probe' && !video} data-testid="draft-estimate">Estimate</button>
        <button type="button" onClick={() => void onStart()} disabled={estimatedFor !== fingerprint || !estimate} data-testid="draft-start" title="Estimate first">Start</button>
        {estimate && estimatedFor === fingerprint && (
          <span data-testid="draft-estimate-result">
            {estimate.requests.toLocaleString('en')} requests · {estimate.frames.toLocaleString('en')} frames · ~{estimate.inputTokens.toLocaleString('en')} in / {estimate.outputTokens.toLocaleString('en')} out tokens ·{' '}
            {priced ? `~$${estimate.costUsd.toFixed(estimate.costUsd < 1 ? 4 : 2)}` : 'cost unknown (no prices set)'}
            {estimate.skipped > 0 && ` · ${estimate.skipped.toLocaleString('en')} already done, skipped`}
          </span>
        )}
      </div>
      <p className="hint">The run is a job: the jobs bar shows its progress and cancels it; what was drafted stays, and starting again resumes past it. A budget stops the run before a request that would pass it.</p>
    </div>
  );
}
