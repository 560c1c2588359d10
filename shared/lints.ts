// Lints on questions and query points: errors block export, warnings ask a person to look.
import { answerKey, countDisagreement, keyNeedsMarks } from './answer-key';
import { benchmarkOf } from './benchmarks';
import { allowedQueryPoints, isCumulative, marksFor } from './counting';
import { isOpenInterval, type Mark } from './marks';
import type { Profile } from './profiles';
import { findTaskCode } from './profiles';
import { shortcutRate } from './drafting/probe-answers';
import { optionLetters, type QueryPoint, type Question } from './questions';

type LintSeverity = 'error' | 'warning';

export interface Lint {
  severity: LintSeverity;
  code: string;
  message: string;
  questionId: string;
  queryPointId?: string;
  /** The question's field it is about, where it is one field: 'text', 'options.B'. */
  field?: string;
}

export interface LintContext {
  profile: Profile | null;
  videoDuration: number;
  /** Marks of the question's video (for counting questions). */
  marks: readonly Mark[];
  /** The other questions of the same RTV group. */
  groupMembers: readonly Question[];
}

/** Options whose lengths differ more than this factor read as a giveaway (OVO-S §E.3 parity). */
const OPTION_LENGTH_RATIO = 3;

const fmt = (t: number): string => `${Number(t.toFixed(3))} s`;

export function lintQuestion(question: Question, points: readonly QueryPoint[], ctx: LintContext): Lint[] {
  const lints: Lint[] = [];
  const add = (severity: LintSeverity, code: string, message: string, queryPointId?: string, field?: string): void => {
    lints.push({ severity, code, message, questionId: question.id, ...(queryPointId ? { queryPointId } : {}), ...(field ? { field } : {}) });
  };
  const rules = ctx.profile?.rules;

  if (question.text.trim() === '' && !rules?.denseCaptions) add('error', 'empty-text', 'The question has no text.', undefined, 'text');
  if (ctx.profile && question.taskCode && !findTaskCode(ctx.profile.taxonomy, question.taskCode)) {
    add('error', 'unknown-task-code', `Task code ${question.taskCode} is not in the ${ctx.profile.name} taxonomy.`);
  }
  if (ctx.profile && !question.taskCode && ctx.profile.taxonomy.length > 0) add('warning', 'no-task-code', 'Pick a task type from the taxonomy.');
  if (rules && !rules.answerKinds.includes(question.answerKind)) add('error', 'answer-kind', `${ctx.profile?.name} does not use ${question.answerKind} answers.`);
  if (points.length === 0 && !rules?.denseCaptions) add('error', 'no-query-points', 'The question has no query point.');

  // options
  if (question.answerKind === 'choice') {
    const letters = optionLetters(question);
    const texts = letters.map((l) => (question.options[l] ?? '').trim());
    if (letters.length < 2) add('error', 'too-few-options', 'A multiple-choice question needs at least two options.');
    const expected = letters.map((_, i) => String.fromCharCode(65 + i));
    if (letters.join('') !== expected.join('')) add('error', 'option-gap', `Options should be lettered ${expected.join(', ')} without gaps.`);
    if (rules && letters.length > rules.maxOptions) add('error', 'too-many-options', `${ctx.profile?.name} allows at most ${rules.maxOptions} options.`);
    texts.forEach((text, i) => {
      if (text === '') add('error', 'empty-option', `Option ${letters[i]} is empty.`, undefined, `options.${letters[i]}`);
    });
    const seen = new Map<string, string>();
    texts.forEach((text, i) => {
      const key = text.toLowerCase().replace(/\s+/g, ' ');
      if (key && seen.has(key)) add('error', 'duplicate-option', `Options ${seen.get(key)} and ${letters[i]} are the same.`);
      else if (key) seen.set(key, letters[i]!);
    });
    const lengths = texts.filter(Boolean).map((t) => t.length);
    if (lengths.length >= 2 && Math.max(...lengths) > OPTION_LENGTH_RATIO * Math.min(...lengths)) {
      add('warning', 'unequal-options', 'Option lengths are very unequal; the longest or most specific option can give the answer away.');
    }
  }

  // named entities must appear verbatim where they are used
  for (const entity of question.entities) {
    const inText = question.text.includes(entity);
    const inOptions = Object.values(question.options).some((o) => o?.includes(entity));
    if (!inText && !inOptions) add('warning', 'entity-unused', `Named entity "${entity}" appears neither in the question nor in the options (reuse it verbatim).`);
  }

  // temporal rules
  if (rules?.proactive && question.temporalType === 'forward') {
    for (const p of points) if (p.proactiveTime === null) add('error', 'forward-without-proactive', `Forward question at ${fmt(p.time)} has no proactive time (T_p).`, p.id);
  }

  for (const p of points) {
    if (p.time > ctx.videoDuration + 1e-6) add('error', 'beyond-video', `Query point ${fmt(p.time)} is beyond the video's end (${fmt(ctx.videoDuration)}).`, p.id);
    if (p.proactiveTime !== null) {
      if (p.proactiveTime <= p.time) add('error', 'proactive-not-after-query', `Proactive time ${fmt(p.proactiveTime)} must come after the query time ${fmt(p.time)}.`, p.id);
      if (p.proactiveTime > ctx.videoDuration + 1e-6) add('error', 'beyond-video', `Proactive time ${fmt(p.proactiveTime)} is beyond the video's end.`, p.id);
    }
    for (const [start, end] of p.evidence) {
      // OVO-S says intervals lie strictly before t_q, yet its own example ends after it: warn, not fail
      if (end > p.time + 1e-6 && question.temporalType !== 'forward')
        add('warning', 'evidence-after-query', `Evidence ${fmt(start)}–${fmt(end)} ends after the query time ${fmt(p.time)}: the model cannot see it.`, p.id);
      if (end > ctx.videoDuration + 1e-6) add('error', 'beyond-video', `Evidence ${fmt(start)}–${fmt(end)} runs past the video's end.`, p.id);
    }
    if (p.windowStart !== null && p.windowStart > p.time) add('error', 'window-after-query', `The window starts (${fmt(p.windowStart)}) after the query time.`, p.id);
    if (rules?.denseCaptions) {
      if (p.time !== 0) add('error', 'prompt-not-at-start', `A dense-caption task is prompted once, at t = 0 (not ${fmt(p.time)}).`, p.id);
    } else if (!question.counting) lintAnswer(question, p, add);
  }
  if (rules?.denseCaptions) lintCaptions(question, ctx, add);

  if (question.counting) lintCounting(question, points, ctx, add);
  else if (ctx.profile && benchmarkOf(ctx.profile).counting)
    add('error', 'not-counting', `${benchmarkOf(ctx.profile).label} questions count something: choose the counting subcategory and what is counted.`);
  if (rules?.groups) lintGroup(question, ctx, add);
  lintModelChecks(question, add);
  return lints;
}

type Add = (severity: LintSeverity, code: string, message: string, queryPointId?: string) => void;

function lintAnswer(question: Question, p: QueryPoint, add: Add): void {
  if (p.answer === null || p.answer === '') {
    add('error', 'no-answer', `Query point ${fmt(p.time)} has no answer.`, p.id);
    return;
  }
  switch (question.answerKind) {
    case 'choice':
      if (!optionLetters(question).includes(p.answer as never)) add('error', 'answer-not-an-option', `Answer "${p.answer}" at ${fmt(p.time)} is not among the options.`, p.id);
      break;
    case 'number':
      if (typeof p.answer !== 'number' && !/^-?\d+(\.\d+)?$/.test(String(p.answer))) add('error', 'answer-not-a-number', `Answer "${p.answer}" at ${fmt(p.time)} is not a number.`, p.id);
      break;
    case 'yesno':
      if (!['yes', 'no'].includes(String(p.answer).toLowerCase())) add('error', 'answer-not-yes-no', `Answer "${p.answer}" at ${fmt(p.time)} is not yes or no.`, p.id);
      break;
    case 'text':
      break;
  }
}

function lintCounting(question: Question, points: readonly QueryPoint[], ctx: LintContext, add: Add): void {
  const counting = question.counting!;
  const { min, max } = allowedQueryPoints(counting.subcategory);
  // the paper's A.3 numbers: a warning, as the release's own data file has 129 questions outside them (1 to 33 points)
  if (points.length < min || points.length > max) {
    add('warning', 'query-point-count', `${counting.subcategory} needs ${min === max ? `exactly ${min}` : `${min}–${max}`} query point${max === 1 ? '' : 's'}; this question has ${points.length}.`);
  }
  if (counting.subcategory === 'O2-Gain' && counting.windowSeconds === null && points.some((p) => p.windowStart === null)) {
    add('error', 'no-window', 'O2-Gain needs a window length ("in the past N seconds").');
  }
  if (counting.subcategory === 'O1-Delta' && points.some((p) => p.windowStart === null)) add('error', 'no-window', 'O1-Delta needs the window start (baseline moment).');
  const relevant = ctx.marks.filter((m) => m.target === counting.target);
  // (a question whose counts are all stored — imported windows have no marks — derives nothing)
  if (relevant.length === 0 && keyNeedsMarks(question, points)) add('warning', 'no-marks', `No marks have the target "${counting.target}": every derived answer is 0.`);
  for (const p of points) {
    const differs = countDisagreement(question, p, ctx.marks);
    if (differs) add('warning', 'count-differs-from-marks', `At ${fmt(p.time)} the marks give ${differs.derived} and the stored answer is ${differs.stored}: the stored answer is the key.`, p.id);
  }
  const counted = marksFor(counting.subcategory);
  for (const m of relevant) {
    if (isOpenInterval(m) && counted.includes(m.type)) add('warning', 'open-interval', `An open ${m.type} from ${fmt(m.start)} has no end yet and does not count: close it.`);
  }
  if (isCumulative(counting.subcategory)) {
    const ordered = [...points].sort((a, b) => a.time - b.time);
    let previous: { time: number; value: number } | null = null;
    for (const p of ordered) {
      // the answer key: a stored count, else the one the marks give
      const value = Number(answerKey(question, p, ctx.marks).answer);
      if (previous && value < previous.value) {
        add('error', 'decreasing-trajectory', `${counting.subcategory} counts never go down, but ${fmt(p.time)} (${value}) is below ${fmt(previous.time)} (${previous.value}).`, p.id);
      }
      previous = { time: p.time, value };
    }
  }
}

/** VSAS-Bench: every second of the video carries the task's caption (its per-second ground truth). */
function lintCaptions(question: Question, ctx: LintContext, add: Add): void {
  // a video whose length is not known yet (a placeholder) has no seconds to check
  if (!Number.isFinite(ctx.videoDuration)) return;
  const seconds = Math.ceil(ctx.videoDuration - 1e-9);
  const covered = new Uint8Array(seconds);
  for (const m of ctx.marks) {
    if (m.type !== 'caption' || m.target !== question.id) continue;
    for (let s = Math.max(0, Math.floor(m.start)); s < Math.min(seconds, Math.ceil((m.end ?? m.start) - 1e-9)); s++) covered[s] = 1;
  }
  const missing = covered.reduce((n, c) => n + (c ? 0 : 1), 0);
  if (missing > 0) {
    const first = covered.indexOf(0);
    add('warning', 'captions-missing', `${missing} of ${seconds} seconds have no caption for this task (first: ${first} s).`);
  }
}

function lintGroup(question: Question, ctx: LintContext, add: Add): void {
  if (!question.group) {
    add('warning', 'no-group', 'RTV-Bench questions belong to a group of two basic questions (q0, q1) and one advanced (q2).');
    return;
  }
  const roles = new Set([question, ...ctx.groupMembers].map((q) => q.group?.role));
  if (!roles.has('q2')) add('warning', 'group-without-advanced', `Group ${question.group.id} has no advanced question (q2): it is left out of the Score.`);
  if (!roles.has('q0') || !roles.has('q1'))
    add('warning', 'group-without-basics', `Group ${question.group.id} lacks a basic question (${['q0', 'q1'].filter((r) => !roles.has(r as never)).join(', ')}).`);
}

/** What models found checking the item (drafting/probe.ts, drafting/questions.ts): flags for a person, not errors. */
function lintModelChecks(question: Question, add: (severity: LintSeverity, code: string, message: string) => void): void {
  const checks = question.modelChecks;
  const rate = shortcutRate(checks);
  if (rate !== null && checks?.textOnly) {
    add(
      'warning',
      'answerable-without-video',
      `Answerable without video: ${checks.textOnly.model} answered right in ${checks.textOnly.correct} of ${checks.textOnly.repeats} text-only tries (${Math.round(rate * 100)} %). Reword the question or its options.`,
    );
  }
  if (checks?.cutoff && !checks.cutoff.supported) {
    add(
      'warning',
      'post-cutoff-reliance',
      `Post-cutoff reliance: shown the video only up to ${fmt(checks.cutoff.cutoff)}, ${checks.cutoff.model} found the answer unsupported${checks.cutoff.reason ? ` (${checks.cutoff.reason})` : ''}.`,
    );
  }
}
