import {
  DoneEventSchema,
  NoticeEventSchema,
  PieceEventSchema,
  SourcesEventSchema,
  ErrorEventSchema,
  type ChatMessageRequest,
  type ChatSource,
} from '@medibuddy/contracts';
import type { z } from 'zod';
import { ApiError, toApiError, networkErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

export type ReplyHandlers = {
  onPiece(text: string): void;
  onNotice(text: string): void;
  onReset(): void;
  onSources(sources: ChatSource[]): void;
  onDone(done: z.infer<typeof DoneEventSchema>): void;
};

/** A reply cut off or unreadable part-way, in the page's language. */
const interruptedMessage = () => t('chat.interrupted');

/** The events of a text/event-stream as they arrive: `event:` and one `data:` line each (what our server sends). */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '';
      yield { event, data };
      end = buffer.indexOf('\n\n');
    }
  }
}

function parse<T>(schema: z.ZodType<T>, data: string): T {
  const parsed = schema.safeParse(JSON.parse(data));
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', detail: interruptedMessage() });
  return parsed.data;
}

/**
 * Sends a message and hands the reply's events to `handlers` as they stream in. A problem before the stream
 * (bad input, a conversation that is gone) is an ApiError like any other call's.
 */
export async function sendMessage(
  body: ChatMessageRequest,
  handlers: ReplyHandlers,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/chat/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/problem+json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', detail: networkErrorMessage() });
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body)
    throw new ApiError({ status: response.status, code: 'invalid_response', detail: interruptedMessage() });

  let isDone = false;
  try {
    for await (const { event, data } of readEvents(response.body)) {
      if (event === 'piece') handlers.onPiece(parse(PieceEventSchema, data).text);
      else if (event === 'notice') handlers.onNotice(parse(NoticeEventSchema, data).text);
      else if (event === 'reset') handlers.onReset();
      else if (event === 'sources') handlers.onSources(parse(SourcesEventSchema, data).sources);
      else if (event === 'error')
        throw new ApiError({ status: 200, code: 'chat_failed', detail: parse(ErrorEventSchema, data).text });
      else if (event === 'done') {
        isDone = true;
        handlers.onDone(parse(DoneEventSchema, data));
      }
    }
  } catch (error) {
    if (signal?.aborted || error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, code: 'network_error', detail: interruptedMessage() });
  }
  if (!isDone) throw new ApiError({ status: 0, code: 'network_error', detail: interruptedMessage() });
}
