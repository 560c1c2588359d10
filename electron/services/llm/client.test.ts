// The LLM client against a scripted OpenAI-compatible server on 127.0.0.1: the real SDK, real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/fake-openai';
import { createLlmClient, describeLlmError, LlmCancelled, listModels, structuredCompletion, type LlmEndpoint } from './client';

const Caption = z.object({ caption: z.string().min(1) }).strict();
const KEY = 'sk-test-secret-0123456789';
let fake: FakeOpenAi;
const endpoint = (over: Partial<LlmEndpoint> = {}): LlmEndpoint => ({ baseURL: fake.baseURL, apiKey: KEY, model: 'fake-vision-1', timeoutMs: 5_000, maxRetries: 2, ...over });
const prompt = { system: 'Describe the frame.', text: 'Second 3.', images: ['data:image/jpeg;base64,AAAA', 'data:image/jpeg;base64,BBBB'] };

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
});

describe('structured completions over an OpenAI-compatible endpoint', () => {
  it('sends the prompt, the frames and the schema, and parses the output with zod', async () => {
    fake.script({ kind: 'json', content: '{"caption":"a red square enters"}', usage: { prompt_tokens: 812, completion_tokens: 9 } });
    const result = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(result).toMatchObject({ ok: true, value: { caption: 'a red square enters' }, usage: { inputTokens: 812, outputTokens: 9 }, attempts: 1 });
    const [sent] = fake.received;
    expect(sent!.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.images).toEqual(prompt.images);
    expect(sent!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'caption', strict: true, schema: { type: 'object', required: ['caption'], additionalProperties: false } } });
  });

  it('honours Retry-After on 429 and retries a 500', async () => {
    fake.script({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { kind: 'status', status: 500 }, { kind: 'json', content: '{"caption":"ok"}' });
    const result = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(result.ok).toBe(true);
    expect(fake.received).toHaveLength(3);
    // the second request waited the second the server asked for
    expect(fake.received[1]!.at - fake.received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('repairs malformed JSON once, then gives up keeping the raw output', async () => {
    fake.script({ kind: 'json', content: 'caption: oops' }, { kind: 'json', content: '{"caption":"fixed"}' });
    const repaired = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(repaired).toMatchObject({ ok: true, value: { caption: 'fixed' }, attempts: 2 });
    // the repair request carries the bad output and what is wrong with it
    const repair = fake.received[1]!.body.messages!;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'caption: oops' });
    expect(String(repair.at(-1)!.content)).toMatch(/not valid JSON/);

    fake.script({ kind: 'json', content: '{"caption":""}' }, { kind: 'json', content: '{"text":"wrong field"}' });
    const failed = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(failed).toMatchObject({ ok: false, raw: '{"text":"wrong field"}', attempts: 2 });
    expect(failed.ok ? '' : failed.error).toMatch(/after one repair/);
  });

  it('times out a stalled server, and reports errors without the key', async () => {
    fake.script({ kind: 'stall', ms: 2_000 });
    const slow = await structuredCompletion(createLlmClient(endpoint({ timeoutMs: 300, maxRetries: 0 })), 'fake-vision-1', prompt, Caption, 'caption');
    expect(slow).toMatchObject({ ok: false, error: 'The model server did not answer in time.' });
    fake.script({ kind: 'status', status: 401, body: JSON.stringify({ error: { message: `bad key ${KEY}` } }) });
    const refused = await structuredCompletion(createLlmClient(endpoint({ maxRetries: 0 })), 'fake-vision-1', prompt, Caption, 'caption');
    expect(refused).toMatchObject({ ok: false, error: 'The model server refused the key (401).' });
    expect(JSON.stringify(refused)).not.toContain(KEY);
    expect(describeLlmError(new Error(KEY))).not.toContain(KEY);
  });

  it('aborts a request in flight when cancelled', async () => {
    fake.script({ kind: 'stall', ms: 3_000 });
    const control = new AbortController();
    const started = Date.now();
    const pending = structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption', control.signal);
    setTimeout(() => control.abort(), 100);
    await expect(pending).rejects.toBeInstanceOf(LlmCancelled);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fake.received).toHaveLength(1);
  });

  it('lists the server’s models (Test connection)', async () => {
    expect(await listModels(createLlmClient(endpoint()))).toEqual(['fake-vision-1', 'fake-vision-2']);
  });
});
