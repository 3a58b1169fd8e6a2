import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noSession, problem, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

/** A reply streamed as server-sent events, the way POST /api/chat/messages answers. */
function streamedReply(text: string): Response {
  const events =
    `event: piece\ndata: ${JSON.stringify({ text })}\n\n` +
    'event: done\ndata: {"conversationId":null,"messageId":null,"kind":"answer","provider":"offline"}\n\n';
  return new Response(events, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('MediBuddy chat page', () => {
  it("sends a visitor's prompt, shows the streamed reply, and keeps the prompt under Recent", async () => {
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/chat/messages': () => streamedReply('Gout is a kind of arthritis.'),
    });
    const { user } = renderApp('/medibuddy');
    const input = await screen.findByLabelText('Ask MediBuddy a health question');
    await user.type(input, 'what is gout{Enter}');

    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(/Gout is a kind of arthritis\./)).toBeInTheDocument();
    expect(within(log).getByText('what is gout')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(http.calls('POST /api/chat/messages')[0]?.body).toMatchObject({ text: 'what is gout' });
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    const recent = screen.getByRole('region', { name: 'Recent' });
    expect(within(recent).getByRole('button', { name: /what is gout/ })).toBeInTheDocument();
  });

  it('says so when the reply fails, and a new chat starts empty', async () => {
    stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/chat/messages': () => problem(503, 'unavailable', 'MediBuddy is busy. Please try again in a minute.'),
    });
    const { user } = renderApp('/medibuddy');
    await user.type(await screen.findByLabelText('Ask MediBuddy a health question'), 'what is gout{Enter}');

    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('MediBuddy is busy. Please try again in a minute.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /new chat/i }));
    expect(screen.queryByRole('log', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(screen.getByText('How can I help you today?')).toBeInTheDocument();
  });
});
