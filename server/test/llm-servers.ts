import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Real HTTP servers that speak the wire protocols of the chat's model providers, so the tests drive the real
 * SDKs (@google/genai, openai) over real sockets: Gemini's REST `:streamGenerateContent?alt=sse` and the
 * OpenAI chat-completions stream (`POST /chat/completions` with `stream: true`). Every request is recorded.
 */
export type Behaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  | { kind: 'error'; status: number }
  /** Sends the first pieces, then keeps the connection open without finishing. */
  | { kind: 'hang'; pieces?: string[] }
  /** Gemini: the prompt is blocked (promptFeedback) or the reply stops for SAFETY; OpenAI: content_filter. */
  | { kind: 'blocked'; pieces?: string[] };

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** True once the caller hung up before this server finished its answer (the app aborted its request). */
  closedEarly: boolean;
};

export type FakeLlmServer = {
  url: string;
  requests: RecordedRequest[];
  behave(b: Behaviour): void;
  close(): Promise<void>;
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function start(
  handle: (req: IncomingMessage, res: ServerResponse, behaviour: Behaviour, body: unknown) => Promise<void>,
): Promise<FakeLlmServer> {
  let behaviour: Behaviour = { kind: 'stream', pieces: ['Hello'] };
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
      closedEarly: false,
    };
    requests.push(record);
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      if (!res.writableEnded) record.closedEarly = true;
    });
    await handle(req, res, behaviour, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (b) => {
      behaviour = b;
    },
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Gemini's REST API: POST /v1/models/{model} (or /v1beta/…):streamGenerateContent?alt=sse, answered as SSE (CRLF CRLF). */
export function startFakeGemini(): Promise<FakeLlmServer> {
  return start(async (req, res, b) => {
    const match = /^\/v1(?:beta)?\/models\/([^/:]+):streamGenerateContent\?alt=sse$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 404, message: `no route ${req.url}`, status: 'NOT_FOUND' } }));
      return;
    }
    if (b.kind === 'error') {
      res.writeHead(b.status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(
        JSON.stringify({
          error: { code: b.status, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const modelVersion = match[1];
    const chunk = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
    const textChunk = (text: string, finishReason?: string) =>
      chunk({
        candidates: [
          { content: { parts: [{ text }], role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) },
        ],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
        modelVersion,
      });
    const pieces = b.kind === 'stream' ? b.pieces : (b.pieces ?? []);
    for (const piece of pieces) {
      textChunk(piece);
      if (b.kind === 'stream' && b.delayMs) await wait(b.delayMs);
    }
    if (b.kind === 'hang') return;
    if (b.kind === 'blocked') {
      if (pieces.length === 0) {
        chunk({
          promptFeedback: {
            blockReason: 'SAFETY',
            safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'MEDIUM' }],
          },
          modelVersion,
        });
      } else {
        chunk({
          candidates: [
            {
              content: { parts: [], role: 'model' },
              finishReason: 'SAFETY',
              index: 0,
              safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'MEDIUM', blocked: true }],
            },
          ],
          modelVersion,
        });
      }
      res.end();
      return;
    }
    textChunk('', 'STOP');
    res.end();
  });
}

/** The OpenAI chat-completions stream: POST {base}/chat/completions, `data: {chunk}` events, then `data: [DONE]`. */
export function startFakeOpenAi(): Promise<FakeLlmServer> {
  return start(async (req, res, b, body) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.url}`, type: 'invalid_request_error' } }));
      return;
    }
    if (b.kind === 'error') {
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: 'The server had an error while processing your request.',
            type: 'server_error',
            code: null,
          },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const model = (body as { model?: string }).model ?? 'fake';
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    const pieces = b.kind === 'stream' ? b.pieces : (b.pieces ?? []);
    for (const piece of pieces) {
      chunk({ content: piece }, null);
      if (b.kind === 'stream' && b.delayMs) await wait(b.delayMs);
    }
    if (b.kind === 'hang') return;
    chunk({}, b.kind === 'blocked' ? 'content_filter' : 'stop');
    res.write('data: [DONE]\n\n');
    res.end();
  });
}

/** The events of a text/event-stream body, in order. */
export function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}
