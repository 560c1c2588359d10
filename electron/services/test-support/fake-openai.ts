// A small OpenAI-compatible server for tests, on 127.0.0.1: the real SDK talks real HTTP to it.
// Each test scripts its answers (structured output, 429 with Retry-After, 500, a stall, malformed
// JSON, a reply that is no chat completion at all) and reads back what was sent — prompts, image count, timing — to assert on real requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Scripted =
  | { kind: 'json'; content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'stall'; ms: number }
  /**
   * A 200 with this body as it is (an HTML page, JSON without choices, nothing). `then`: 'close' drops
   * the connection after the body, short of the length announced; 'hang' keeps it open, the body unfinished.
   */
  | { kind: 'raw'; body: string; contentType?: string; then?: 'close' | 'hang' };

export interface Received {
  at: number;
  path: string;
  body: { model?: string; messages?: Array<{ role: string; content: unknown }>; response_format?: unknown };
  authorization: string | undefined;
  /** Image parts of the request's user messages (frames sent). */
  images: string[];
}

export interface FakeOpenAi {
  baseURL: string;
  received: Received[];
  /** Answers to the next chat requests, in order (then: a 500). */
  script(...answers: Scripted[]): void;
  /** Answer every chat request with this, computed from the request. */
  answerWith(respond: (request: Received) => Scripted): void;
  models: string[];
  close(): Promise<void>;
}

/** Every image the request carries (a repair request repeats the first message's frames). */
function userImages(body: Received['body']): string[] {
  return (body.messages ?? [])
    .filter((m) => m.role === 'user' && Array.isArray(m.content))
    .flatMap((m) => (m.content as Array<{ type: string; image_url?: { url: string } }>).filter((p) => p.type === 'image_url').map((p) => p.image_url!.url));
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: Scripted[] = [];
  let responder: ((request: Received) => Scripted) | null = null;
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    baseURL: '',
    received,
    models: ['fake-vision-1', 'fake-vision-2'],
    script: (...answers) => void queue.push(...answers),
    answerWith: (respond) => void (responder = respond),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
  const sendRaw = (res: ServerResponse, answer: Extract<Scripted, { kind: 'raw' }>): void => {
    const body = Buffer.from(answer.body, 'utf8');
    const cut = answer.then !== undefined;
    res.writeHead(200, { 'content-type': answer.contentType ?? 'application/json', 'content-length': String(body.length + (cut ? 100 : 0)) });
    if (!cut) return void res.end(body);
    // the body is sent and then the reply is left unfinished: dropped, or never ended
    res.write(body, () => {
      if (answer.then === 'close') setTimeout(() => res.socket?.destroy(), 20);
    });
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && path.endsWith('/models'))
      return send(res, 200, JSON.stringify({ object: 'list', data: fake.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) return send(res, 404, JSON.stringify({ error: { message: 'not found' } }));
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Received['body'];
    const request: Received = { at: Date.now(), path, body, authorization: req.headers.authorization, images: userImages(body) };
    received.push(request);
    const answer = queue.shift() ?? responder?.(request) ?? { kind: 'status', status: 500, body: JSON.stringify({ error: { message: 'nothing scripted' } }) };
    if (answer.kind === 'stall') {
      await new Promise((resolve) => setTimeout(resolve, answer.ms));
      return send(res, 500, JSON.stringify({ error: { message: 'stalled' } }));
    }
    if (answer.kind === 'raw') return sendRaw(res, answer);
    if (answer.kind === 'status') return send(res, answer.status, answer.body ?? JSON.stringify({ error: { message: `status ${answer.status}` } }), answer.headers);
    const usage = answer.usage ?? { prompt_tokens: 100, completion_tokens: 20 };
    send(
      res,
      200,
      JSON.stringify({
        id: `chatcmpl-${received.length}`,
        object: 'chat.completion',
        created: 0,
        model: body.model ?? 'fake',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.content } }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      }),
    );
  };
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500, '{}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
