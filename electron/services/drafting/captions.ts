// Dense-caption drafts for a VSAS-style task: one caption per second, each from frames at or before
// that second under a memory policy (SW, U, SW+U with k), the task prompt and, optionally, the
// previous caption. Each second is its own edit (a caption mark and its draft, with provenance),
// persisted as it arrives; a second already captioned or drafted is skipped, so a run resumes.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { estimateCost, type EndpointSettings } from '../../../shared/drafting/endpoint';
import type { Draft } from '../../../shared/drafting/drafts';
import { framesFor, type MemoryPolicy } from '../../../shared/drafting/memory-policy';
import type { Mark } from '../../../shared/marks';
import { listMarks, markToRow } from '../annotation/rows';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { createLlmClient, LlmCancelled, structuredCompletion, type LlmEndpoint } from '../llm/client';
import type { Project } from '../projects/project';
import { requireVideo } from '../videos/service';
import { draftFrames } from './frames';
import { draftsOf, draftToRow } from './rows';

export const CAPTION_PROMPT = {
  template: 'dense-caption',
  version: 1,
  system:
    'You caption a video stream as it plays. You see frames up to the current second only, oldest first, the last one being the current second. Answer the task for the current second in one short caption, from what is visible; do not guess what comes later.',
} as const;

const captionSchema = z.object({ caption: z.string().trim().min(1).max(2_000) }).strict();

export interface CaptionRun {
  videoId: string;
  /** The caption marks' target (the task id). */
  target: string;
  /** The task prompt. */
  task: string;
  from: number;
  to: number;
  policy: MemoryPolicy;
  k: number;
  /** Frame height in pixels sent to the model. */
  height: number;
  withPrevious: boolean;
}

export interface CaptionRunOutcome {
  drafted: number;
  failed: number;
  skipped: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  cancelled: boolean;
}

export interface DraftingEndpoint extends LlmEndpoint {
  settings: EndpointSettings;
}

const covers = (m: Mark, second: number): boolean => m.type === 'caption' && m.start <= second + 1e-9 && (m.end ?? m.start + 1) > second + 1e-9;

export async function draftCaptions(project: Project, caller: Caller, endpoint: DraftingEndpoint, ffmpeg: string, run: CaptionRun, control: JobControl): Promise<CaptionRunOutcome> {
  const video = requireVideo(project, run.videoId);
  if (video.duration === null) throw new ServiceError('unavailable', `${video.name} is missing; relink it before drafting.`);
  const duration = video.duration;
  const frames = await draftFrames(ffmpeg, project.videos.absolutePath(video), video, project.cacheDir, run.height, control);
  const client = createLlmClient(endpoint);
  const host = new URL(endpoint.baseURL).host;
  const outcome: CaptionRunOutcome = { drafted: 0, failed: 0, skipped: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, cancelled: false };
  const seconds: number[] = [];
  const captioned = listMarks(project.store.db, run.videoId).filter((m) => m.target === run.target);
  const drafted = new Set(draftsOf(project.store.db, run.videoId, 'caption', run.target).filter((d) => d.status !== 'failed').map((d) => d.at));
  for (let s = Math.max(0, Math.ceil(run.from)); s < Math.min(Math.ceil(run.to), frames.count); s++) {
    if (drafted.has(s) || captioned.some((m) => covers(m, s))) outcome.skipped++;
    else seconds.push(s);
  }
  let previous: string | null = null;
  // with the previous caption in the prompt the seconds go in order; otherwise several at once
  const concurrency = run.withPrevious ? 1 : endpoint.settings.concurrency;
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < seconds.length && !control.signal.aborted) {
      const second = seconds[next++]!;
      const frameTimes = framesFor(run.policy, second, run.k);
      const text = `Task: ${run.task}\nCurrent second: ${second}.${run.withPrevious && previous ? `\nPrevious caption: ${previous}` : ''}`;
      let result;
      try {
        result = await structuredCompletion(client, endpoint.model, { system: CAPTION_PROMPT.system, text, images: frameTimes.map((t) => frames.dataUrl(t)) }, captionSchema, 'caption', control.signal);
      } catch (error) {
        if (error instanceof LlmCancelled) return;
        throw error;
      }
      const costUsd = estimateCost(endpoint.settings, result.usage.inputTokens, result.usage.outputTokens);
      const now = new Date().toISOString();
      const mark: Mark | null = result.ok ? { id: randomUUID(), videoId: run.videoId, type: 'caption', start: second, end: Math.min(second + 1, duration), target: run.target, data: { text: result.value.caption } } : null;
      const draft: Draft = {
        id: randomUUID(),
        videoId: run.videoId,
        kind: 'caption',
        target: run.target,
        at: second,
        madeId: mark?.id ?? null,
        status: result.ok ? 'draft' : 'failed',
        provenance: {
          model: endpoint.model, host, promptTemplate: CAPTION_PROMPT.template, promptVersion: CAPTION_PROMPT.version, policy: run.policy, k: run.k, frameTimes,
          inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens, costUsd, latencyMs: Math.round(result.latencyMs), raw: result.raw, error: result.ok ? null : result.error,
        },
        createdAt: now,
        decidedBy: null,
        decidedAt: null,
      };
      await project.store.edit(caller.person, `Draft caption ${second}s`, (tx) => {
        if (mark) tx.insert('marks', markToRow(mark));
        tx.insert('drafts', draftToRow(draft));
      });
      if (result.ok) {
        outcome.drafted++;
        previous = result.value.caption;
      } else outcome.failed++;
      outcome.inputTokens += result.usage.inputTokens;
      outcome.outputTokens += result.usage.outputTokens;
      outcome.costUsd += costUsd;
      control.progress(++done / seconds.length, `Drafted ${done} of ${seconds.length} seconds`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, seconds.length) }, worker));
  outcome.cancelled = control.signal.aborted;
  return outcome;
}
