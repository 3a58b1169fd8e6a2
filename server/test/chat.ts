import type { TestApp } from './helper';
import { parseSse } from './llm-servers';

/** One chat reply as the client reads it from the event stream. */
export type ChatReply = {
  status: number;
  kind: string;
  text: string;
  sources: { title: string; url: string | null; publisher: string }[];
};

/**
 * Sends a chat message through the API (as a visitor, or signed in with `cookie`; from `country`, as the web page
 * sends it) and reads the whole reply.
 */
export async function askChat(app: TestApp, text: string, cookie?: string, country?: string): Promise<ChatReply> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    payload: country ? { text, country } : { text },
    headers: cookie ? { cookie } : {},
  });
  const events = res.statusCode === 200 ? parseSse(res.body) : [];
  return {
    status: res.statusCode,
    kind: (events.find((e) => e.event === 'done')?.data as { kind: string } | undefined)?.kind ?? '',
    text: events
      .filter((e) => e.event === 'piece')
      .map((e) => (e.data as { text: string }).text)
      .join(''),
    sources:
      (events.find((e) => e.event === 'sources')?.data as { sources: ChatReply['sources'] } | undefined)?.sources ?? [],
  };
}
