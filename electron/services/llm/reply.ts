// What an OpenAI-compatible server sent back for a chat completion, read with zod: the output text
// and the tokens, or why the reply is no chat completion — a web page (a proxy's sign-in, a web UI
// when the base URL is not the API's), an error inside a 200, JSON without choices, a choice without
// content, an empty or cut-short body. Each is a failed request with its reason, never a crash.
// Servers add fields of their own, so only what Tidemark reads is required.
import { z } from 'zod';

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ChatReply =
  | { ok: true; content: string; usage: LlmUsage }
  /** `raw`: the start of the body as it came (null when there was none), for the failed draft. */
  | { ok: false; problem: string; raw: string | null; usage: LlmUsage };

/** Characters of a reply kept with a failed draft: enough to recognise a page, not a whole one per second drafted. */
const RAW_KEPT = 2_000;

const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
});
const usageSchema = z.object({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) });
const errorReplySchema = z.object({ error: z.union([z.string().trim().min(1), z.object({ message: z.string().trim().min(1) })]) });

const NO_USAGE: LlmUsage = { inputTokens: 0, outputTokens: 0 };

const clip = (text: string): string => (text.length > RAW_KEPT ? `${text.slice(0, RAW_KEPT)}…` : text);
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
/** The start of a body on one line, to quote in a reason. */
const quoted = (text: string): string => JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 80));

/** Whether JSON.parse stopped at the end of the text: the JSON was cut short rather than wrong. */
function endsEarly(error: unknown, text: string): boolean {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input/i.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= text.length;
}

/** The tokens a reply reports; a reply without usable usage counts none (its cost is then unknown, not a failure). */
function usageOf(json: unknown): LlmUsage {
  const usage = usageSchema.safeParse((json as { usage?: unknown } | null)?.usage);
  return usage.success ? { inputTokens: usage.data.prompt_tokens, outputTokens: usage.data.completion_tokens } : NO_USAGE;
}

export function readChatReply(body: string, contentType: string | null): ChatReply {
  const text = body.trim();
  const fail = (problem: string, usage = NO_USAGE): ChatReply => ({ ok: false, problem, raw: text === '' ? null : clip(text), usage });
  if (text === '') return fail("The model server's reply was empty (a 200 with no body), not a chat completion.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (/html/i.test(contentType ?? '') || text.startsWith('<')) {
      return fail("The model server answered with a web page (HTML), not a chat completion: is the base URL the API's (it usually ends in /v1)?");
    }
    if (endsEarly(error, text)) return fail(`The model server's reply was cut short: its JSON ends after ${text.length} characters.`);
    return fail(`The model server's reply is not JSON: ${quoted(text)}.`);
  }
  const usage = usageOf(json);
  const completion = chatCompletionSchema.safeParse(json);
  if (!completion.success) {
    const error = errorReplySchema.safeParse(json);
    if (error.success) return fail(`The model server answered with an error: ${sentence(typeof error.data.error === 'string' ? error.data.error : error.data.error.message)}`, usage);
    const issue = completion.error.issues[0]!;
    return fail(`The model server's reply is not a chat completion (${issue.path.join('.') || 'reply'}: ${issue.message}).`, usage);
  }
  const [choice] = completion.data.choices;
  const content = choice!.message.content;
  if (content === null || content === undefined) {
    if (choice!.message.refusal) return fail(`The model refused: ${sentence(choice!.message.refusal.trim())}`, usage);
    const finish = choice!.finish_reason ? ` (finish_reason: ${choice!.finish_reason})` : '';
    return fail(`The model server's reply has no output: choices.0.message.content is ${content === null ? 'null' : 'missing'}${finish}.`, usage);
  }
  return { ok: true, content, usage };
}
