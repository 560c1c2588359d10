// The lead's form for a new round, as data, and the requests it becomes: rounds.preview while it is
// filled in, rounds.open when it is done. Pure.
import type { ApiRequest } from '../../../../shared/api';
import type { QuestionStatus } from '../../../../shared/questions';
import type { RoundPurpose, StrataKind } from '../../../../shared/review/types';
import type { Submission } from './draft';

export interface RoundForm {
  name: string;
  purpose: RoundPurpose;
  /** '' takes every profile. */
  profileId: string;
  /** Task-code prefixes, separated by commas or spaces ("1, 2.1"). */
  taskCodes: string;
  statuses: QuestionStatus[];
  authors: string[];
  /** A seeded stratified random sample, or every question the filters take. */
  sample: boolean;
  sampleSize: string;
  stratifyBy: StrataKind;
  seed: number;
  reviewers: string[];
  reviewsPerItem: string;
  threshold: string;
  numericTolerance: string;
  eventTolerance: string;
}

export const defaultRoundForm: RoundForm = {
  name: '',
  purpose: 'review',
  profileId: '',
  taskCodes: '',
  statuses: [],
  authors: [],
  sample: false,
  sampleSize: '150',
  stratifyBy: 'level',
  seed: 1,
  reviewers: [],
  reviewsPerItem: '1',
  threshold: '0.8',
  numericTolerance: '0',
  eventTolerance: '1',
};

/** Items of a typed list: "1, 2.1  3" → ['1', '2.1', '3']. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);

/** A re-draw's seed: the next of a small linear congruential sequence, within the contract's range (0 … 2³¹ − 1). */
export const nextSeed = (seed: number): number => (Math.imul(seed, 1103515245) + 12345) >>> 1;

/** A typed number within [min, max], or the reason it is not one. */
function numberIn(text: string, label: string, min: number, max: number, integer = false): { ok: true; value: number } | { ok: false; error: string } {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value)) return { ok: false, error: `${label}: type a number.` };
  if (integer && !Number.isInteger(value)) return { ok: false, error: `${label}: a whole number.` };
  if (value < min || value > max) return { ok: false, error: `${label}: between ${min} and ${max}.` };
  return { ok: true, value };
}

type Selection = ApiRequest<'rounds.preview'>['selection'];

function selectionOf(form: RoundForm): Submission<Selection> {
  let sample: Selection['sample'] = null;
  if (form.sample) {
    const size = numberIn(form.sampleSize, 'Sample size', 1, 1_000_000, true);
    if (!size.ok) return size;
    sample = { size: size.value, stratifyBy: form.stratifyBy, seed: form.seed };
  }
  return {
    ok: true,
    request: { profileId: form.profileId || null, taskCodes: splitList(form.taskCodes), statuses: form.statuses, authors: form.authors, sample },
  };
}

/** What the form would take, for the live preview. */
export function previewRequest(form: RoundForm): Submission<ApiRequest<'rounds.preview'>> {
  const selection = selectionOf(form);
  if (!selection.ok) return selection;
  const perItem = numberIn(form.reviewsPerItem, 'Reviews per item', 1, 20, true);
  return { ok: true, request: { selection: selection.request, reviewers: form.reviewers, reviewsPerItem: perItem.ok ? perItem.value : 1 } };
}

export function openRequest(form: RoundForm): Submission<ApiRequest<'rounds.open'>> {
  if (!form.name.trim()) return { ok: false, error: 'Name the round.' };
  if (form.reviewers.length === 0) return { ok: false, error: 'Choose at least one reviewer.' };
  const selection = selectionOf(form);
  if (!selection.ok) return selection;
  const perItem = numberIn(form.reviewsPerItem, 'Reviews per item', 1, 20, true);
  if (!perItem.ok) return perItem;
  const threshold = numberIn(form.threshold, 'Qualification threshold (κ)', -1, 1);
  if (!threshold.ok) return threshold;
  const numericTolerance = numberIn(form.numericTolerance, 'Numeric tolerance', 0, 1_000_000);
  if (!numericTolerance.ok) return numericTolerance;
  const eventTolerance = numberIn(form.eventTolerance, 'Event tolerance (s)', 0, 3600);
  if (!eventTolerance.ok) return eventTolerance;
  return {
    ok: true,
    request: {
      name: form.name.trim(),
      purpose: form.purpose,
      selection: selection.request,
      reviewers: form.reviewers,
      reviewsPerItem: perItem.value,
      threshold: threshold.value,
      numericTolerance: numericTolerance.value,
      eventTolerance: eventTolerance.value,
    },
  };
}
