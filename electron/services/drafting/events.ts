// Event and cycle candidates for a target ("each time a person enters", "each lap") over a window:
// the model looks at the video a stretch at a time, given frames up to the stretch's last second
// only, and names the moments (or the repetitions that end) in that stretch. Each candidate becomes
// a mark with its own draft; a stretch where nothing was found is recorded as an empty draft, so its
// cost is accounted for and a resumed run does not ask again.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { markText, type Draft } from '../../../shared/drafting/drafts';
import type { RequestShape } from '../../../shared/drafting/estimate';
import { framesFor } from '../../../shared/drafting/memory-policy';
import type { DraftOutcome, EventRun } from '../../../shared/drafting/runs';
import type { Mark } from '../../../shared/marks';
import type { Project } from '../projects/project';
import { stretchesToDo, type RunVideo, type Stretch } from './run-video';
import type { DraftSession } from '../llm/session';

const EVENT_PROMPT = {
  template: 'event-candidates',
  version: 1,
  system:
    'You watch a video stream as it plays and mark when something happens. You see frames up to the last second listed only, oldest first, each labelled with its second. Report only what the frames show; do not guess what comes later.',
} as const;

const eventSchema = z.object({ events: z.array(z.object({ second: z.number().min(0), note: z.string().max(500) }).strict()).max(200) }).strict();
const cycleSchema = z.object({ cycles: z.array(z.object({ start: z.number().min(0), end: z.number().min(0), note: z.string().max(500) }).strict()).max(200) }).strict();
const OUTPUT_TOKENS = 80;

function promptText(run: EventRun, stretch: Stretch, frameTimes: readonly number[]): string {
  const ask =
    run.mark === 'event'
      ? `List every moment between second ${stretch.first} and second ${stretch.last} when this happens: ${run.target}. Give each moment's second and a short note; an empty list if it does not happen.`
      : `List every complete repetition of: ${run.target}, that ends between second ${stretch.first} and second ${stretch.last + 1} (it may have started earlier, not before second ${run.from}). Give each one's start and end seconds and a short note; an empty list if none ends there.`;
  return `${ask}\nFrames (seconds): ${frameTimes.join(', ')}.`;
}

interface EventPlan {
  stretches: Stretch[];
  skipped: number;
  requests: RequestShape[];
}

export async function planEvents(project: Project, run: EventRun, video: RunVideo): Promise<EventPlan> {
  // a stretch is looked at once: any draft it left (a candidate, or 'nothing here') marks it done
  const looked = (await project.stores.drafting.ofTarget(run.videoId, 'event', run.target)).filter((d) => d.status !== 'failed').map((d) => d.at);
  const { stretches, skipped } = stretchesToDo(run.from, video.seconds(run.to), run.stepSeconds, looked);
  const requests = stretches.map((s) => {
    const frameTimes = framesFor(run.policy, s.last, run.k);
    return { frames: frameTimes.length, promptChars: EVENT_PROMPT.system.length + promptText(run, s, frameTimes).length, outputTokens: OUTPUT_TOKENS };
  });
  return { stretches, skipped, requests };
}

/** The candidates an answer names inside the stretch (anything outside it, or after it, is dropped). */
function candidates(run: EventRun, stretch: Stretch, value: unknown, duration: number): Array<{ start: number; end: number | null; note: string }> {
  if (run.mark === 'event') {
    return (value as z.infer<typeof eventSchema>).events
      .filter((e) => e.second >= stretch.first && e.second <= stretch.last + 1 - 1e-9 && e.second <= duration)
      .map((e) => ({ start: e.second, end: null, note: e.note }));
  }
  return (value as z.infer<typeof cycleSchema>).cycles
    .filter((c) => c.start >= run.from && c.start < c.end && c.end > stretch.first && c.end <= Math.min(stretch.last + 1, duration) + 1e-9)
    .map((c) => ({ start: c.start, end: c.end, note: c.note }));
}

function markOf(run: EventRun, c: { start: number; end: number | null; note: string }): Mark {
  const base = { id: randomUUID(), videoId: run.videoId, start: c.start, target: run.target };
  return run.mark === 'event' ? { ...base, type: 'event', end: null, data: c.note ? { note: c.note } : {} } : { ...base, type: 'cycle', end: c.end, data: { splits: [] } };
}

export async function draftEvents(project: Project, caller: Caller, session: DraftSession, video: RunVideo, run: EventRun): Promise<DraftOutcome> {
  const plan = await planEvents(project, run, video);
  session.outcome.skipped = plan.skipped;
  const frames = await video.frames(run.height);
  const index = new Map(plan.stretches.map((s, i) => [s, i]));
  const schema: z.ZodType = run.mark === 'event' ? eventSchema : cycleSchema;
  return session.each(
    plan.stretches,
    session.endpoint.settings.concurrency,
    (done, total) => `Looked at ${done} of ${total} stretches`,
    async (stretch) => {
      const frameTimes = framesFor(run.policy, stretch.last, run.k);
      const text = promptText(run, stretch, frameTimes);
      const answer = await session.ask(
        EVENT_PROMPT,
        { text, images: frameTimes.map((t) => frames.dataUrl(t)) },
        schema,
        run.mark === 'event' ? 'events' : 'cycles',
        video.requestCost(plan.requests[index.get(stretch)!]!, run.height),
      );
      if (!answer) return;
      const found = answer.ok ? candidates(run, stretch, answer.value, video.duration) : [];
      const how = { policy: run.policy, k: run.k, frameTimes };
      const draft = (madeId: string | null, status: Draft['status'], drafted: string | null, share: number): Draft => ({
        id: randomUUID(),
        videoId: run.videoId,
        kind: 'event',
        target: run.target,
        at: stretch.last,
        madeId,
        status,
        provenance: session.provenance(EVENT_PROMPT, answer, { ...how, drafted }, share),
        createdAt: new Date().toISOString(),
        decidedBy: null,
        decidedAt: null,
      });
      await project.edit(caller.person, `Draft ${run.target} candidates ${stretch.first}–${stretch.last + 1}s`, async (w) => {
        if (!answer.ok) return w.drafting.add(draft(null, 'failed', null, 1));
        if (found.length === 0) return w.drafting.add(draft(null, 'empty', null, 1));
        // one request made them all: each candidate carries its share of the request's cost
        for (const c of found) {
          const mark = markOf(run, c);
          await w.annotation.addMarks([mark]);
          await w.drafting.add(draft(mark.id, 'draft', markText(mark), 1 / found.length));
        }
      });
      if (answer.ok) session.outcome.drafted += found.length;
      else session.outcome.failed++;
    },
  );
}
