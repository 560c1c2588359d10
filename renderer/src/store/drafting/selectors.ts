// Which draft a person is at, and where the next undecided one is. Pure.
import { isUndecided, type DraftView } from '../../../../shared/drafting/drafts';
import { draftSpend } from '../../../../shared/drafting/stats';
import type { Job } from '../../../../shared/jobs';
import { plural } from '../../../../shared/plural';
import { captionTask } from '../annotation/selectors';
import { displayTime } from '../player/selectors';
import type { State } from '../store';

/** Where a draft is on the timeline: its mark's start, its question's first query time, else its second. */
export function draftTime(s: Pick<State, 'marks' | 'queryPoints'>, d: DraftView): number {
  if (d.madeId !== null) {
    if (d.kind === 'question') {
      const times = s.queryPoints.filter((p) => p.questionId === d.madeId).map((p) => p.time);
      if (times.length) return Math.min(...times);
    } else {
      const mark = s.marks.find((m) => m.id === d.madeId);
      if (mark) return mark.start;
    }
  }
  return d.at;
}

/** The caption task's draft at a whole second (the latest made, if drafted again after failing). */
export function captionDraftAt(s: Pick<State, 'modelDrafts'>, task: string, second: number): DraftView | null {
  let found: DraftView | null = null;
  for (const d of s.modelDrafts) if (d.kind === 'caption' && d.target === task && d.at === second && d.status !== 'failed') found = d;
  return found;
}

/** The draft a person is at: the selected mark's or question's, else the caption task's at the playhead. */
export function currentDraft(s: State): DraftView | null {
  const made = s.selectedMarkId ?? s.selectedQuestionId;
  const task = captionTask(s);
  if (task) {
    const caption = captionDraftAt(s, task, Math.floor(displayTime(s) + 1e-6));
    if (caption) return caption;
  }
  return made ? (s.modelDrafts.find((d) => d.madeId === made) ?? null) : null;
}

/** The undecided drafts in timeline order (those whose mark or question is gone are not waiting for anyone). */
function undecidedDrafts(s: State): DraftView[] {
  // with a caption task selected, another task's captions are not this task's to decide
  const task = captionTask(s);
  return s.modelDrafts
    .filter((d) => isUndecided(d) && d.current !== null && (task === null || d.kind !== 'caption' || d.target === task))
    .map((d) => ({ d, t: draftTime(s, d) }))
    .sort((a, b) => a.t - b.t || a.d.at - b.d.at)
    .map(({ d }) => d);
}

/** The next undecided draft after the current one or the playhead (or before, going back), wrapping around. */
export function nextUndecided(s: State, direction: 1 | -1): DraftView | null {
  const list = undecidedDrafts(s);
  if (list.length === 0) return null;
  const current = currentDraft(s);
  const at = current ? list.findIndex((d) => d.id === current.id) : -1;
  if (at >= 0) return list[(at + direction + list.length) % list.length]!;
  const now = displayTime(s);
  const times = list.map((d) => draftTime(s, d));
  if (direction === 1) return list.find((_, k) => times[k]! > now + 1e-6) ?? list[0]!;
  for (let k = list.length - 1; k >= 0; k--) if (times[k]! < now - 1e-6) return list[k]!;
  return list[list.length - 1]!;
}

export const undecidedCount = (s: State): number => s.modelDrafts.filter((d) => isUndecided(d) && d.current !== null).length;

const undecidedCache = new WeakMap<readonly DraftView[], Set<string>>();

/** The marks and questions undecided drafts made (computed once per list of drafts). */
export function undecidedMade(s: Pick<State, 'modelDrafts'>): Set<string> {
  let made = undecidedCache.get(s.modelDrafts);
  if (!made) undecidedCache.set(s.modelDrafts, (made = new Set(s.modelDrafts.filter((d) => isUndecided(d) && d.madeId !== null).map((d) => d.madeId!))));
  return made;
}

/** What a finished run did, in a line for the status bar. */
export function runSummary(job: Extract<Job, { kind: 'drafting' | 'probe' }>): string {
  const what = job.kind === 'probe' ? 'Text-only probe' : `Drafting ${job.what}`;
  if (job.state === 'failed') return `${what} failed: ${job.message}`;
  const o = job.result;
  if (!o) return `${what}: ${job.message}`;
  const done = job.kind === 'probe' ? `${o.drafted} probed, ${o.flagged} answerable without video` : `${o.drafted} drafted${o.flagged ? `, ${o.flagged} flagged post-cutoff reliance` : ''}`;
  const parts = [done];
  if (o.failed) parts.push(`${o.failed} failed (why: Drafts tab, all drafts)`);
  if (o.skipped) parts.push(`${o.skipped} skipped (already done${job.kind === 'probe' ? ' or nothing to compare' : ''})`);
  if (o.costUsd > 0) parts.push(`~$${o.costUsd.toFixed(4)}`);
  const end = job.state === 'cancelled' ? ' — cancelled; start again to resume' : o.stoppedAtBudget ? ' — stopped at the budget' : '';
  return `${what}: ${parts.join(', ')}${end}.`;
}

const dollars = (usd: number): string => `$${usd.toFixed(usd < 1 ? 4 : 2)}`;

/** What a finished run sent and spent, for the Run tab (it stays there after the status line moves on); null when it has no result. */
export function runTotals(job: Extract<Job, { kind: 'drafting' | 'probe' }>): string | null {
  const o = job.result;
  if (!o) return null;
  if (o.requests === 0) return 'no requests sent';
  const cost = o.costUsd > 0 ? `~${dollars(o.costUsd)}` : 'not priced (no prices in the Endpoint tab)';
  return `${plural(o.requests, 'request')} · ${o.inputTokens.toLocaleString('en')} in / ${o.outputTokens.toLocaleString('en')} out tokens · ${cost}`;
}

/** A draft's tokens (its cutoff check's included), estimated cost and latency, in a line. */
export function draftSpendLine(d: DraftView): string {
  const spent = draftSpend(d.provenance);
  const checked = d.provenance.check ? ' (with its cutoff check)' : '';
  const cost = spent.costUsd > 0 ? dollars(spent.costUsd) : 'not priced';
  return `${spent.inputTokens.toLocaleString('en')} in / ${spent.outputTokens.toLocaleString('en')} out tokens${checked} · ${cost} · ${(d.provenance.latencyMs / 1000).toFixed(2)} s`;
}
