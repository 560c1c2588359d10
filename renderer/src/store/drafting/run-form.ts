// The Run tab's form, kept in the store so it survives closing the overlay (a resumed run keeps its
// k and frame size), and turned into a run request — or into the fields a person must fix first.
import type { MemoryPolicy } from '../../../../shared/drafting/memory-policy';
import type { DraftRunInput, ProbeRun } from '../../../../shared/drafting/runs';

export const runWhats = ['captions', 'events', 'questions', 'probe'] as const;
export type RunWhat = (typeof runWhats)[number];

export interface RunForm {
  what: RunWhat;
  /** Empty: the selected caption task (or the video's first). */
  task: string;
  withPrevious: boolean;
  target: string;
  mark: 'event' | 'cycle';
  step: string;
  /** Empty: the first profile that fits. */
  profileId: string;
  segment: string;
  perSegment: string;
  repeats: string;
  from: string;
  to: string;
  policy: MemoryPolicy;
  k: string;
  height: string;
  budget: string;
}

export const initialRunForm: RunForm = {
  what: 'captions',
  task: '',
  withPrevious: false,
  target: '',
  mark: 'event',
  step: '10',
  profileId: '',
  segment: '30',
  perSegment: '2',
  repeats: '5',
  from: '0',
  to: '',
  policy: 'sw+u',
  k: '42',
  height: '360',
  budget: '',
};

type Problems = Partial<Record<keyof RunForm, string>>;

/** A number field: blank is the default (null), anything else must be a number of the right kind. */
function numberField(problems: Problems, form: RunForm, key: keyof RunForm, label: string, whole: boolean, min: number): number | null {
  const text = String(form[key]).trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min) problems[key] = `${label} must be ${whole ? 'a whole number' : 'a number'} of at least ${min}.`;
  return n;
}

export type FormRequest = { kind: 'draft'; run: DraftRunInput } | { kind: 'probe'; run: Partial<ProbeRun> } | { kind: 'problems'; problems: Problems };

/** The request the form asks for, with the defaults it names resolved; or what to fix. */
export function formRequest(form: RunForm, defaults: { videoId: string | null; task: string; profileId: string }): FormRequest {
  const problems: Problems = {};
  const budgetUsd = numberField(problems, form, 'budget', 'The budget', false, 0);
  if (form.what === 'probe') {
    const repeats = numberField(problems, form, 'repeats', 'Repeats', true, 1);
    return Object.keys(problems).length ? { kind: 'problems', problems } : { kind: 'probe', run: { profileId: form.profileId || null, repeats: repeats ?? 5, budgetUsd } };
  }
  if (!defaults.videoId) return { kind: 'problems', problems: { what: 'Select a video first.' } };
  const common = {
    videoId: defaults.videoId,
    from: numberField(problems, form, 'from', 'From', false, 0) ?? 0,
    to: numberField(problems, form, 'to', 'To', false, 0),
    policy: form.policy,
    k: numberField(problems, form, 'k', 'k', true, 1) ?? 42,
    height: numberField(problems, form, 'height', 'The frame height', true, 32) ?? 360,
    budgetUsd,
  };
  let run: DraftRunInput | null = null;
  if (form.what === 'captions') {
    const task = form.task || defaults.task;
    if (!task) problems.task = 'Pick a caption task: add a VSAS-Bench question to this video first.';
    run = { what: 'captions', ...common, target: task, withPrevious: form.withPrevious };
  } else if (form.what === 'events') {
    if (!form.target.trim()) problems.target = 'Say what to find ("each time a person enters").';
    run = { what: 'events', ...common, target: form.target.trim(), mark: form.mark, stepSeconds: numberField(problems, form, 'step', 'The stretch', true, 2) ?? 10 };
  } else {
    const profileId = form.profileId || defaults.profileId;
    if (!profileId) problems.profileId = 'Pick a profile.';
    run = {
      what: 'questions',
      ...common,
      profileId,
      segmentSeconds: numberField(problems, form, 'segment', 'The segment', true, 5) ?? 30,
      perSegment: numberField(problems, form, 'perSegment', 'Questions per segment', true, 1) ?? 2,
    };
  }
  return Object.keys(problems).length ? { kind: 'problems', problems } : { kind: 'draft', run };
}
