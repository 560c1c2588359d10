// The LLM client against a scripted OpenAI-compatible server on 127.0.0.1: the real SDK, real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAi, type FakeOpenAi, type Scripted } from '../test-support/fake-openai';
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
    expect(sent!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'caption', strict: true, schema: { type: 'object', required: ['caption'], additionalProperties: false } },
    });
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

describe('replies that are no chat completion: a failed result with its reason, never a crash', () => {
  const page = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Log in to continue</body></html>';
  const completion = (choice: unknown) => JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [choice], usage: { prompt_tokens: 70, completion_tokens: 3 } });
  const cases: Array<[string, Scripted, RegExp]> = [
    ['an HTML page', { kind: 'raw', body: page, contentType: 'text/html; charset=utf-8' }, /^The model server answered with a web page \(HTML\), not a chat completion: is the base URL the API's/],
    ['an HTML page labelled JSON', { kind: 'raw', body: `\n  ${page}` }, /^The model server answered with a web page \(HTML\)/],
    ['an empty body', { kind: 'raw', body: '' }, /^The model server's reply was empty/],
    ['an empty body labelled text', { kind: 'raw', body: '', contentType: 'text/plain' }, /^The model server's reply was empty/],
    ['plain text', { kind: 'raw', body: 'upstream connect error', contentType: 'text/plain' }, /^The model server's reply is not JSON: "upstream connect error"\.$/],
    ['JSON cut short', { kind: 'raw', body: '{"id":"c1","choices":[{"message":{"content":"{\\"capt' }, /^The model server's reply was cut short: its JSON ends after 52 characters\.$/],
    [
      'JSON without choices',
      { kind: 'raw', body: '{"id":"c1","object":"chat.completion"}' },
      /^The model server's reply is not a chat completion \(choices: .*expected array, received undefined\)\.$/,
    ],
    ['an empty list of choices', { kind: 'raw', body: '{"choices":[]}' }, /^The model server's reply is not a chat completion \(choices: Too small/],
    ['an error in a 200', { kind: 'raw', body: '{"error":{"message":"model fake-vision-1 is not loaded"}}' }, /^The model server answered with an error: model fake-vision-1 is not loaded\.$/],
    [
      'a choice without a message',
      { kind: 'raw', body: completion({ index: 0, finish_reason: 'stop' }) },
      /^The model server's reply is not a chat completion \(choices\.0\.message: .*expected object, received undefined\)\.$/,
    ],
    [
      'a message without content',
      { kind: 'raw', body: completion({ index: 0, finish_reason: 'length', message: { role: 'assistant', content: null } }) },
      /^The model server's reply has no output: choices\.0\.message\.content is null \(finish_reason: length\)\.$/,
    ],
    [
      'a refusal',
      { kind: 'raw', body: completion({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal: 'I cannot describe this.' } }) },
      /^The model refused: I cannot describe this\.$/,
    ],
    [
      'content that is not a string',
      { kind: 'raw', body: completion({ index: 0, message: { role: 'assistant', content: { caption: 'x' } } }) },
      /^The model server's reply is not a chat completion \(choices\.0\.message\.content: /,
    ],
    ['a connection dropped mid-reply', { kind: 'raw', body: '{"id":"c1","choices":[{"mess', then: 'close' }, /^The connection closed before the model server's reply was complete\.$/],
    ['a reply that stops coming', { kind: 'raw', body: '{"id":"c1","choices":[{"mess', then: 'hang' }, /^The model server's reply did not finish in time\.$/],
  ];
  for (const [name, reply, reason] of cases) {
    it(`${name}`, async () => {
      fake.script(reply);
      const result = await structuredCompletion(createLlmClient(endpoint({ timeoutMs: 1_000 })), 'fake-vision-1', prompt, Caption, 'caption');
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.error).toMatch(reason);
      // no repair: the reply, not the model's output, is what is wrong
      expect(result.attempts).toBe(1);
      expect(fake.received).toHaveLength(1);
    });
  }

  it('keeps the start of the reply as its raw output, without the key, and counts the tokens a reply reports', async () => {
    fake.script({ kind: 'raw', body: `<html><body>${'x'.repeat(5_000)} key=${KEY}</body></html>`, contentType: 'text/html' });
    const html = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(html.raw?.startsWith('<html><body>xxx')).toBe(true);
    expect(html.raw!.length).toBeLessThanOrEqual(2_001);
    fake.script({ kind: 'raw', body: `<html>${KEY}</html>`, contentType: 'text/html' });
    const short = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(short.raw).toBe('<html>[key]</html>');
    fake.script({ kind: 'raw', body: JSON.stringify({ choices: [{ message: { content: null }, finish_reason: 'length' }], usage: { prompt_tokens: 900, completion_tokens: 4096 } }) });
    const cut = await structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption');
    expect(cut).toMatchObject({ ok: false, usage: { inputTokens: 900, outputTokens: 4096 } });
  });

  it('is cancelled, not failed, when the run is cancelled while a reply is coming', async () => {
    fake.script({ kind: 'raw', body: '{"choices":[', then: 'hang' });
    const control = new AbortController();
    const pending = structuredCompletion(createLlmClient(endpoint()), 'fake-vision-1', prompt, Caption, 'caption', control.signal);
    setTimeout(() => control.abort(), 150);
    await expect(pending).rejects.toBeInstanceOf(LlmCancelled);
  });
});
