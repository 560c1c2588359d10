// Starting a run on the selected video: what to draft (captions for a dense-caption task, event or
// cycle candidates for a target, candidate questions in a profile — or the text-only probe of a
// profile's questions), the memory policy and k, the frame size, the window and a budget. The
// estimate comes first; Start is offered for the estimated form only; a run going can be cancelled
// here. The last run's outcome and totals stay here after the status line has moved on.
import { useMemo } from 'react';
import { memoryPolicies } from '../../../../shared/drafting/memory-policy';
import { captionTask } from '../../store/annotation/selectors';
import { estimateRun, setRunForm, startRun } from '../../store/drafting/actions';
import { formRequest, runWhats, type RunForm, type RunWhat } from '../../store/drafting/run-form';
import { runSummary, runTotals } from '../../store/drafting/selectors';
import { cancelJob } from '../../store/jobs/actions';
import { selectedTimedVideo } from '../../store/project/selectors';
import { useStore } from '../../store/store';
import { isOneOf } from '../select-value';

const WHAT_LABELS: Record<RunWhat, string> = {
  captions: 'Dense captions (one per second)',
  events: 'Event / cycle candidates',
  questions: 'Candidate questions (+ cutoff check)',
  probe: 'Text-only shortcut probe',
};

export function RunTab(): React.JSX.Element {
  const video = useStore(selectedTimedVideo);
  const questions = useStore((s) => s.questions);
  const profiles = useStore((s) => s.profiles);
  const selectedTask = useStore(captionTask);
  const form = useStore((s) => s.draftingForm);
  const estimatedFor = useStore((s) => s.draftingEstimatedFor);
  const estimate = useStore((s) => s.draftingEstimate);
  const endpoint = useStore((s) => s.draftingEndpoint);
  const jobs = useStore((s) => s.jobs);
  const lastRun = useStore((s) => s.draftingLastRun);
  const tasks = useMemo(() => questions.filter((q) => profiles.find((p) => p.id === q.profileId)?.rules.denseCaptions), [questions, profiles]);
  const questionProfiles = profiles.filter((p) => !p.rules.denseCaptions && !p.rules.counting);
  // a task picked on another video is not this one's
  const request = formRequest(tasks.some((q) => q.id === form.task) ? form : { ...form, task: '' }, {
    videoId: video?.id ?? null,
    task: selectedTask ?? tasks[0]?.id ?? '',
    profileId: questionProfiles[0]?.id ?? '',
  });
  const problems = request.kind === 'problems' ? request.problems : {};
  const running = jobs.filter((j) => j.state === 'running' && (j.kind === 'probe' || (j.kind === 'drafting' && j.videoId === video?.id)));
  const estimated = estimate !== null && estimatedFor === form;
  const priced = endpoint && (endpoint.priceInputPerMillion > 0 || endpoint.priceOutputPerMillion > 0);

  const field = (label: string, key: keyof RunForm, placeholder = ''): React.JSX.Element => (
    <label className={problems[key] ? 'invalid' : ''}>
      {label}
      <input value={String(form[key])} placeholder={placeholder} onChange={(e) => setRunForm({ [key]: e.target.value })} aria-invalid={Boolean(problems[key])} data-testid={`draft-${key}`} />
      {problems[key] && <span className="error">{problems[key]}</span>}
    </label>
  );

  return (
    <div className="draft-run" data-testid="draft-run">
      <p className="hint">
        Model: <strong>{endpoint?.model ?? '…'}</strong> at {endpoint ? new URL(endpoint.baseURL).host : '…'} (Endpoint tab).
        {form.what === 'probe' ? ' The probe sends each question and its options with no video at all.' : ' Every request sees frames at or before the second it is about, never later.'}
      </p>
      <div className="field-grid">
        <label className={problems.what ? 'invalid' : ''}>
          Draft
          <select value={form.what} onChange={(e) => isOneOf(runWhats, e.target.value) && setRunForm({ what: e.target.value })} data-testid="draft-what">
            {runWhats.map((w) => (
              <option key={w} value={w}>
                {WHAT_LABELS[w]}
              </option>
            ))}
          </select>
          {problems.what && <span className="error">{problems.what}</span>}
        </label>
        {form.what === 'captions' && (
          <>
            <label className={problems.task ? 'invalid' : ''}>
              Caption task
              <select value={form.task || selectedTask || tasks[0]?.id || ''} onChange={(e) => setRunForm({ task: e.target.value })} data-testid="draft-task">
                {tasks.length === 0 && <option value="">No dense-caption task on this video</option>}
                {tasks.map((q) => (
                  <option key={q.id} value={q.id}>
                    {q.taskCode ? `${q.taskCode} · ` : ''}
                    {q.text.slice(0, 80) || '(no text)'}
                  </option>
                ))}
              </select>
              {problems.task && <span className="error">{problems.task}</span>}
            </label>
            <label className="check">
              <input type="checkbox" checked={form.withPrevious} onChange={(e) => setRunForm({ withPrevious: e.target.checked })} /> Give the previous caption (seconds then go in order)
            </label>
          </>
        )}
        {form.what === 'events' && (
          <>
            {field('What to find', 'target', 'each time a person enters')}
            <label>
              Marks
              <select value={form.mark} onChange={(e) => setRunForm({ mark: e.target.value === 'cycle' ? 'cycle' : 'event' })}>
                <option value="event">Events (moments)</option>
                <option value="cycle">Cycles (complete repetitions)</option>
              </select>
            </label>
            {field('Look at (s at a time)', 'step')}
          </>
        )}
        {(form.what === 'questions' || form.what === 'probe') && (
          <label className={problems.profileId ? 'invalid' : ''}>
            Profile
            <select value={form.profileId || (form.what === 'probe' ? '' : (questionProfiles[0]?.id ?? ''))} onChange={(e) => setRunForm({ profileId: e.target.value })} data-testid="draft-profile">
              {form.what === 'probe' && <option value="">All profiles</option>}
              {(form.what === 'probe' ? profiles : questionProfiles).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {problems.profileId && <span className="error">{problems.profileId}</span>}
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
            {field('To (s, not included)', 'to', 'the end')}
            <label>
              Memory policy
              <select value={form.policy} onChange={(e) => isOneOf(memoryPolicies, e.target.value) && setRunForm({ policy: e.target.value })} data-testid="draft-policy">
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
        <button type="button" onClick={() => void estimateRun(request)} disabled={request.kind === 'problems'} data-testid="draft-estimate">
          Estimate
        </button>
        <button
          type="button"
          onClick={() => void startRun(request)}
          disabled={!estimated || estimate.requests === 0 || running.length > 0}
          data-testid="draft-start"
          title={estimated ? '' : 'Estimate first'}
        >
          Start
        </button>
        {estimated && (
          <span data-testid="draft-estimate-result">
            {estimate.requests.toLocaleString('en')} requests · {estimate.frames.toLocaleString('en')} frames · ~{estimate.inputTokens.toLocaleString('en')} in /{' '}
            {estimate.outputTokens.toLocaleString('en')} out tokens · {priced ? `~$${estimate.costUsd.toFixed(estimate.costUsd < 1 ? 4 : 2)}` : 'cost unknown (no prices set)'}
            {estimate.skipped > 0 && ` · ${estimate.skipped.toLocaleString('en')} already done or nothing to compare, skipped`}
            {estimate.requests === 0 && ' — nothing to do'}
          </span>
        )}
      </div>
      {running.map((job) => (
        <div key={job.id} className="row" data-testid="draft-running">
          <progress max={1} value={job.progress ?? undefined} />{' '}
          <span>
            {job.label}: {job.message}
          </span>
          <button type="button" onClick={() => void cancelJob(job.id)} data-testid="draft-cancel">
            Cancel
          </button>
        </div>
      ))}
      {lastRun && (
        <div className="draft-last-run" data-testid="draft-last-run">
          <div className="hint">
            Last run · {lastRun.job.label} · ended {new Date(lastRun.endedAt).toLocaleTimeString()}
          </div>
          <div data-testid="draft-last-run-summary">{runSummary(lastRun.job)}</div>
          {runTotals(lastRun.job) && <div data-testid="draft-last-run-totals">{runTotals(lastRun.job)}</div>}
        </div>
      )}
      <p className="hint">
        A run is a job: cancelling keeps what was drafted, and starting again resumes past it. A budget stops the run before a request that would pass it (it needs prices, Endpoint tab).
      </p>
    </div>
  );
}
