// A run of requests to the model (drafting, the probe, the judge): through the one LLM client, a pool
// of them at once, a budget that stops the run before a request that would pass it, cancellation,
// and the tally of what was made and what it cost. Each kind of run only says what to ask and what
// to store.
import type OpenAI from 'openai';
import type { z } from 'zod';
import { estimateCost, type EndpointSettings } from '../../../shared/drafting/endpoint';
import type { DraftProvenance } from '../../../shared/drafting/drafts';
import type { MemoryPolicy } from '../../../shared/drafting/memory-policy';
import type { DraftOutcome } from '../../../shared/drafting/runs';
import type { JobControl } from '../jobs/registry';
import { createLlmClient, LlmCancelled, structuredCompletion, type LlmEndpoint, type LlmPrompt, type LlmResult } from './client';

export interface DraftingEndpoint extends LlmEndpoint {
  settings: EndpointSettings;
}

/** A prompt template: its name and version go into every draft's provenance. */
interface PromptTemplate {
  template: string;
  version: number;
  system: string;
}

export type Answer<T> = LlmResult<T> & { costUsd: number };

export class DraftSession {
  readonly outcome: DraftOutcome = { drafted: 0, failed: 0, skipped: 0, requests: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, cancelled: false, stoppedAtBudget: false, flagged: 0 };
  readonly host: string;
  private readonly client: OpenAI;
  /** Estimated cost of requests in flight, held against the budget until their real cost is known. */
  private reserved = 0;

  constructor(
    readonly endpoint: DraftingEndpoint,
    readonly control: JobControl,
    private readonly budgetUsd: number | null,
  ) {
    this.client = createLlmClient(endpoint);
    this.host = new URL(endpoint.baseURL).host;
  }

  /** Whether the run should stop: cancelled, or the budget reached. */
  get stopped(): boolean {
    return this.control.signal.aborted || this.outcome.stoppedAtBudget;
  }

  /**
   * One request, unless the run is stopped or the request (at its estimated cost) would take the
   * run past its budget: null then. A request cancelled in flight is null too.
   */
  async ask<T>(template: PromptTemplate, prompt: Omit<LlmPrompt, 'system'>, schema: z.ZodType<T>, name: string, estimatedUsd: number): Promise<Answer<T> | null> {
    if (this.stopped) return null;
    if (this.budgetUsd !== null && this.outcome.costUsd + this.reserved + estimatedUsd > this.budgetUsd + 1e-12) {
      this.outcome.stoppedAtBudget = true;
      return null;
    }
    this.reserved += estimatedUsd;
    try {
      const result = await structuredCompletion(this.client, this.endpoint.model, { system: template.system, ...prompt }, schema, name, this.control.signal);
      const costUsd = estimateCost(this.endpoint.settings, result.usage.inputTokens, result.usage.outputTokens);
      this.outcome.requests++;
      this.outcome.inputTokens += result.usage.inputTokens;
      this.outcome.outputTokens += result.usage.outputTokens;
      this.outcome.costUsd += costUsd;
      return { ...result, costUsd };
    } catch (error) {
      if (error instanceof LlmCancelled) return null;
      throw error;
    } finally {
      this.reserved -= estimatedUsd;
    }
  }

  /** The provenance of a draft made by one answer (its share of the request when one request made several). */
  provenance(template: PromptTemplate, answer: Answer<unknown>, how: { policy: MemoryPolicy; k: number; frameTimes: number[]; drafted: string | null }, share = 1): DraftProvenance {
    return {
      model: this.endpoint.model,
      host: this.host,
      promptTemplate: template.template,
      promptVersion: template.version,
      policy: how.policy,
      k: how.k,
      frameTimes: how.frameTimes,
      inputTokens: Math.round(answer.usage.inputTokens * share),
      outputTokens: Math.round(answer.usage.outputTokens * share),
      costUsd: answer.costUsd * share,
      latencyMs: Math.round(answer.latencyMs),
      raw: answer.raw,
      error: answer.ok ? null : answer.error,
      drafted: how.drafted,
      history: [],
      check: null,
    };
  }

  /** Runs `work` over the items, `concurrency` at a time, until done or stopped; progress as it goes. */
  async each<T>(items: readonly T[], concurrency: number, label: (done: number, total: number) => string, work: (item: T) => Promise<void>): Promise<DraftOutcome> {
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < items.length && !this.stopped) {
        await work(items[next++]!);
        this.control.progress(++done / items.length, label(done, items.length));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
    this.outcome.cancelled = this.control.signal.aborted;
    return this.outcome;
  }
}
