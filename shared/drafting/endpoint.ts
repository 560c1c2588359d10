// Where drafts come from: any OpenAI-compatible server (OpenAI by default; vLLM, Ollama, LM Studio
// by URL), the model, how many requests at once, how long one may take, and prices for estimates.
// The API key is not here: it stays in the main process (see electron/services/drafting/keys.ts).
import { z } from 'zod';

export const endpointSettingsSchema = z.object({
  baseURL: z.string().trim().url().max(2_000).default('https://api.openai.com/v1'),
  model: z.string().trim().min(1).max(200).default('gpt-5'),
  concurrency: z.number().int().min(1).max(32).default(2),
  timeoutSeconds: z.number().min(1).max(600).default(60),
  maxRetries: z.number().int().min(0).max(10).default(3),
  /** US dollars per million input / output tokens, for cost estimates (0: not known). */
  priceInputPerMillion: z.number().min(0).max(10_000).default(0),
  priceOutputPerMillion: z.number().min(0).max(10_000).default(0),
});
export type EndpointSettings = z.infer<typeof endpointSettingsSchema>;

export type KeySource = 'environment' | 'encrypted' | 'key file';

/** What the renderer may know of the endpoint: everything but the key, and whether one is set. */
export interface EndpointView extends EndpointSettings {
  key: { set: boolean; source: KeySource | null; where: string | null };
}

/** Estimated cost in US dollars of tokens at the endpoint's prices. */
export function estimateCost(settings: Pick<EndpointSettings, 'priceInputPerMillion' | 'priceOutputPerMillion'>, inputTokens: number, outputTokens: number): number {
  return (inputTokens * settings.priceInputPerMillion + outputTokens * settings.priceOutputPerMillion) / 1_000_000;
}
