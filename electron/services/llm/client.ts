// The one LLM client of the services (drafting now, the judge of model-run scoring later): the
// `openai` SDK against any OpenAI-compatible endpoint. Structured output comes from a zod schema
// (response_format json_schema); the model's output is parsed with the same schema; one repair
// attempt, then a failed result that keeps the raw output. A reply that is no chat completion (an
// HTML page, JSON without choices, an empty or cut-short body) is read with zod too (reply.ts) and is
// a failed result with its reason, without a repair: the server, not the model, is wrong. The SDK retries 429 and 5xx with
// backoff, honouring Retry-After; a timeout bounds each attempt; the caller's signal aborts
// requests in flight. The API key lives here, in the main process, and never in an error message.
import OpenAI from 'openai';
import { z } from 'zod';
import { readChatReply, type ChatReply, type LlmUsage } from './reply';

export interface LlmEndpoint {
  baseURL: string;
  apiKey: string;
  model: string;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  /** Retries of 429 / 5xx / timeouts (the SDK's backoff, honouring Retry-After). */
  maxRetries: number;
}

/** A user message: text and images (data URLs of frames). */
export interface LlmPrompt {
  system: string;
  text: string;
  images?: readonly string[];
}

export type LlmResult<T> =
  { ok: true; value: T; raw: string; usage: LlmUsage; latencyMs: number; attempts: number } | { ok: false; error: string; raw: string | null; usage: LlmUsage; latencyMs: number; attempts: number };

export class LlmCancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

export function createLlmClient(endpoint: LlmEndpoint): OpenAI {
  return new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey || 'none', timeout: endpoint.timeoutMs, maxRetries: endpoint.maxRetries, dangerouslyAllowBrowser: false });
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

function userMessage(prompt: LlmPrompt): Message {
  if (!prompt.images?.length) return { role: 'user', content: prompt.text };
  return { role: 'user', content: [{ type: 'text', text: prompt.text }, ...prompt.images.map((url) => ({ type: 'image_url' as const, image_url: { url } }))] };
}

/** The schema the server is asked to follow: zod's JSON Schema, strict (every field required, nothing else). */
function responseFormat(schema: z.ZodType, name: string): OpenAI.ResponseFormatJSONSchema {
  return { type: 'json_schema', json_schema: { name, strict: true, schema: z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown> } };
}

/** Why an output is not what the schema asks, in a line (for the repair request and the failed draft). */
function outputProblem(raw: string, schema: z.ZodType): { value: unknown } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problem: 'The output is not valid JSON.' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { problem: `${issue.path.join('.') || 'output'}: ${issue.message}` };
}

/** Errors as a person reads them, never with the key or the request body in them. */
export function describeLlmError(error: unknown): string {
  if (error instanceof OpenAI.APIUserAbortError) return 'Cancelled.';
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'The model server did not answer in time.';
  if (error instanceof OpenAI.APIConnectionError) return 'Could not reach the model server.';
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 'an error';
    if (error.status === 401 || error.status === 403) return `The model server refused the key (${status}).`;
    if (error.status === 429) return 'The model server is rate-limiting; retries ran out.';
    return `The model server answered ${status}.`;
  }
  return 'The request to the model server failed.';
}

/** A key never leaves in what is kept or shown, even when a server echoes it back in a page. */
const withoutKey = (text: string, key: string | null): string => (key && key.length >= 8 ? text.replaceAll(key, '[key]') : text);

/**
 * One request and its reply, read to the end and parsed. The SDK's timeout covers the wait for the
 * reply's headers only; the body gets as long again, so a server that stops mid-reply does not hold
 * the run. SDK errors (status, connection, timeout) are thrown for the caller to describe.
 */
async function requestReply(client: OpenAI, params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined): Promise<ChatReply> {
  const late = new AbortController();
  const response = await client.chat.completions.create(params, { signal: signal ? AbortSignal.any([signal, late.signal]) : late.signal }).asResponse();
  const timer = setTimeout(() => late.abort(), client.timeout);
  try {
    return readChatReply(await response.text(), response.headers.get('content-type'));
  } catch {
    if (signal?.aborted) throw new LlmCancelled();
    const problem = late.signal.aborted ? "The model server's reply did not finish in time." : "The connection closed before the model server's reply was complete.";
    return { ok: false, problem, raw: null, usage: { inputTokens: 0, outputTokens: 0 } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One structured completion: a request, and at most one repair request when the output does not
 * parse. Retries of 429 / 5xx happen inside each request (the SDK's).
 */
export async function structuredCompletion<T>(client: OpenAI, model: string, prompt: LlmPrompt, schema: z.ZodType<T>, name: string, signal?: AbortSignal): Promise<LlmResult<T>> {
  const started = performance.now();
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const messages: Message[] = [{ role: 'system', content: prompt.system }, userMessage(prompt)];
  let raw: string | null = null;
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    let reply: ChatReply;
    try {
      reply = await requestReply(client, { model, messages, response_format: responseFormat(schema, name) }, signal);
    } catch (error) {
      if (signal?.aborted) throw new LlmCancelled();
      return { ok: false, error: describeLlmError(error), raw, usage, latencyMs: performance.now() - started, attempts: attempt };
    }
    usage.inputTokens += reply.usage.inputTokens;
    usage.outputTokens += reply.usage.outputTokens;
    if (!reply.ok) {
      const kept = reply.raw === null ? raw : withoutKey(reply.raw, client.apiKey);
      return { ok: false, error: withoutKey(reply.problem, client.apiKey), raw: kept, usage, latencyMs: performance.now() - started, attempts: attempt };
    }
    raw = reply.content;
    const outcome = outputProblem(raw, schema);
    if ('value' in outcome) return { ok: true, value: outcome.value as T, raw, usage, latencyMs: performance.now() - started, attempts: attempt };
    problem = outcome.problem;
    // one repair: the model sees its output and what is wrong with it
    messages.push({ role: 'assistant', content: raw }, { role: 'user', content: `That output does not match the required JSON schema (${problem}). Answer again with only the corrected JSON.` });
  }
  return { ok: false, error: `The output did not match the schema after one repair (${problem}).`, raw, usage, latencyMs: performance.now() - started, attempts: 2 };
}

/** The server's models, for the settings' "Test connection". */
export async function listModels(client: OpenAI, signal?: AbortSignal): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client.models.list({ signal })) ids.push(model.id);
  return ids.sort();
}
