import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { sendMessage, type ReplyHandlers } from './send-message';

/** A streamed response whose body arrives in the given chunks (split anywhere, as a network may). */
function streamed(
  chunks: string[],
  init: ResponseInit = { status: 200, headers: { 'content-type': 'text/event-stream' } },
) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, init);
}

function recorder() {
  const log: string[] = [];
  const handlers: ReplyHandlers = {
    onPiece: (t) => log.push(`piece:${t}`),
    onNotice: (t) => log.push(`notice:${t}`),
    onReset: () => log.push('reset'),
    onSources: (s) => log.push(`sources:${s.length}`),
    onDone: (d) => log.push(`done:${d.kind}:${d.provider}`),
  };
  return { log, handlers };
}

const DONE = 'event: done\ndata: {"conversationId":null,"messageId":null,"kind":"answer","provider":"offline"}\n\n';

afterEach(() => vi.unstubAllGlobals());

describe('sendMessage', () => {
  it('hands each event to its handler, however the bytes are split', async () => {
    const text =
      'event: piece\ndata: {"text":"Hello **wor"}\n\nevent: piece\ndata: {"text":"ld** – ünïcode"}\n\n' +
      'event: notice\ndata: {"text":"n"}\n\nevent: reset\ndata: {}\n\n' +
      'event: sources\ndata: {"sources":[{"title":"T","url":null,"publisher":"P","credit":null}]}\n\n' +
      DONE;
    const bytes = [...text];
    const chunks = [
      bytes.slice(0, 7).join(''),
      bytes.slice(7, 50).join(''),
      bytes.slice(50, 51).join(''),
      bytes.slice(51).join(''),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed(chunks)),
    );
    const { log, handlers } = recorder();
    await sendMessage({ text: 'hi' }, handlers);
    expect(log).toEqual([
      'piece:Hello **wor',
      'piece:ld** – ünïcode',
      'notice:n',
      'reset',
      'sources:1',
      'done:answer:offline',
    ]);
  });

  it('turns a problem answer into an ApiError with its detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Not Found',
              status: 404,
              code: 'not_found',
              detail: 'This conversation was not found.',
            }),
            {
              status: 404,
              headers: { 'content-type': 'application/problem+json' },
            },
          ),
      ),
    );
    await expect(
      sendMessage({ text: 'hi', conversationId: '00000000-0000-4000-8000-000000000000' }, recorder().handlers),
    ).rejects.toMatchObject({
      status: 404,
      message: 'This conversation was not found.',
    });
  });

  it('says the reply was interrupted when the stream ends without done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed(['event: piece\ndata: {"text":"Hel"}\n\n'])),
    );
    const error = await sendMessage({ text: 'hi' }, recorder().handlers).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The reply was interrupted. Check your connection and ask again.');
  });

  it('passes on the server’s error event as a sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed(['event: error\ndata: {"text":"MediBuddy could not answer just now."}\n\n'])),
    );
    await expect(sendMessage({ text: 'hi' }, recorder().handlers)).rejects.toThrow(
      'MediBuddy could not answer just now.',
    );
  });
});
