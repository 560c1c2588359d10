// Dense-caption drafts for a VSAS-style task: one caption per second, each from frames at or before
// that second under a memory policy (SW, U, SW+U with k), the task prompt and, optionally, the
// previous caption. Each second is its own edit (a caption mark and its draft, with provenance),
// persisted as it arrives; a second already captioned or drafted is skipped, so a run resumes.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import type { Draft } from '../../../shared/drafting/drafts';
import type { RequestShape } from '../../../shared/drafting/estimate';
import { framesFor } from '../../../shared/drafting/memory-policy';
import type { CaptionRun, DraftOutcome } from '../../../shared/drafting/runs';
import type { Mark } from '../../../shared/marks';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import type { DraftSession } from '../llm/session';
import type { RunVideo } from './run-video';

const CAPTION_PROMPT = {
  template: 'dense-caption',
  version: 1,
  system:
    'You caption a video stream as it plays. You see frames up to the current second only, oldest first, the last one being the current second. Answer the task for the current second in one short caption, from what is visible; do not guess what comes later.',
} as const;

const captionSchema = z.object({ caption: z.string().trim().min(1).max(2_000) }).strict();
/** Output tokens a caption is expected to take, for estimates. */
const CAPTION_OUTPUT_TOKENS = 40;

/** The whole seconds a task's captions already cover (a second is covered when its start is). */
function coveredSeconds(marks: readonly Mark[]): Set<number> {
  const covered = new Set<number>();
  for (const m of marks) {
    if (m.type !== 'caption') continue;
    for (let s = Math.ceil(m.start - 1e-9); s < (m.end ?? m.start + 1) - 1e-9; s++) covered.add(s);
  }
  return covered;
}

const promptText = (task: string, second: number, previous: string | null): string => `Task: ${task}\nCurrent second: ${second}.${previous ? `\nPrevious caption: ${previous}` : ''}`;

interface CaptionPlan {
  task: string;
  seconds: number[];
  skipped: number;
  requests: RequestShape[];
}

/** The seconds a run will draft (not captioned, not drafted yet) and the requests it will send. */
export async function planCaptions(project: Project, run: CaptionRun, video: RunVideo): Promise<CaptionPlan> {
  const task = run.task ?? (await project.stores.annotation.question(run.target))?.text.trim() ?? '';
  if (task === '') throw new ServiceError('invalid-request', 'Say what to caption: the task has no text; give a task prompt.');
  const captioned = coveredSeconds((await project.stores.annotation.marksOfVideo(run.videoId)).filter((m) => m.target === run.target));
  const drafted = new Set((await project.stores.drafting.ofTarget(run.videoId, 'caption', run.target)).filter((d) => d.status !== 'failed').map((d) => d.at));
  const seconds: number[] = [];
  let skipped = 0;
  for (let s = Math.max(0, Math.ceil(run.from)); s < video.seconds(run.to); s++) {
    if (drafted.has(s) || captioned.has(s)) skipped++;
    else seconds.push(s);
  }
  const promptChars = CAPTION_PROMPT.system.length + promptText(task, 0, run.withPrevious ? 'x'.repeat(120) : null).length;
  const requests = seconds.map((s) => ({ frames: framesFor(run.policy, s, run.k).length, promptChars, outputTokens: CAPTION_OUTPUT_TOKENS }));
  return { task, seconds, skipped, requests };
}

export async function draftCaptions(project: Project, caller: Caller, session: DraftSession, video: RunVideo, run: CaptionRun): Promise<DraftOutcome> {
  const plan = await planCaptions(project, run, video);
  session.outcome.skipped = plan.skipped;
  const frames = await video.frames(run.height);
  let previous: string | null = null;
  // with the previous caption in the prompt the seconds go in order; otherwise several at once
  const concurrency = run.withPrevious ? 1 : session.endpoint.settings.concurrency;
  const estimate = (i: number): number => video.requestCost(plan.requests[i]!, run.height);
  const index = new Map(plan.seconds.map((s, i) => [s, i]));
  return session.each(
    plan.seconds,
    concurrency,
    (done, total) => `Drafted ${done} of ${total} seconds`,
    async (second) => {
      const frameTimes = framesFor(run.policy, second, run.k);
      const text = promptText(plan.task, second, run.withPrevious ? previous : null);
      const answer = await session.ask(CAPTION_PROMPT, { text, images: frameTimes.map((t) => frames.dataUrl(t)) }, captionSchema, 'caption', estimate(index.get(second)!));
      if (!answer) return;
      const caption = answer.ok ? answer.value.caption : null;
      const mark: Mark | null =
        caption !== null ? { id: randomUUID(), videoId: run.videoId, type: 'caption', start: second, end: Math.min(second + 1, video.duration), target: run.target, data: { text: caption } } : null;
      const draft: Draft = {
        id: randomUUID(),
        videoId: run.videoId,
        kind: 'caption',
        target: run.target,
        at: second,
        madeId: mark?.id ?? null,
        status: mark ? 'draft' : 'failed',
        provenance: session.provenance(CAPTION_PROMPT, answer, { policy: run.policy, k: run.k, frameTimes, drafted: caption }),
        createdAt: new Date().toISOString(),
        decidedBy: null,
        decidedAt: null,
      };
      const stored = await project.edit(caller.person, `Draft caption ${second}s`, async (w) => {
        // another run (the CLI on the same project, say) drafted this second meanwhile: its draft stands
        if (await w.drafting.draftedAt(run.videoId, 'caption', run.target, second)) return false;
        if (mark) await w.annotation.addMarks([mark]);
        await w.drafting.add(draft);
        return true;
      });
      if (!stored) session.outcome.skipped++;
      else if (caption !== null) {
        session.outcome.drafted++;
        previous = caption;
      } else session.outcome.failed++;
    },
  );
}
