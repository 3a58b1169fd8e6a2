import { helplinesFor } from '@medibuddy/contracts/helplines';
import { NOT_A_DOCTOR } from '@medibuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../lib/i18n';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, problem } from '../test/http';

/**
 * The chat page in Hindi (decision 032): its greeting and suggestion cards, help, activity and settings, a reply
 * streamed in with its notice and sources, a reply that fails or is cut off, and a signed-in person's conversations
 * (opened, deleted one by one, deleted all). The assistant's words, a conversation's title and the helplines' names
 * are the server's and the data's, and stay as sent.
 */

const CONVERSATION_ID = '00000000-0000-4000-8000-000000000001';
const SOURCE = {
  title: 'NHS: Gout',
  url: 'https://www.nhs.uk/conditions/gout/',
  publisher: 'NHS',
  credit: 'MedQuAD (CC BY 4.0)',
};
const REPLY = 'गाउट एक तरह का **गठिया** है।\n- जोड़ों में तेज़ दर्द\n- सूजन';
const NOTICE = 'बाहरी सेवा नहीं चली, इसलिए ऑफ़लाइन सहायक जवाब दे रहा है।';

/** The events of POST /api/chat/messages, as the server streams them. */
function events(...list: [string, unknown][]): Response {
  const body = list.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
const done = (kind = 'answer', conversationId: string | null = null) =>
  ['done', { conversationId, messageId: null, kind, provider: 'offline' }] as [string, unknown];

const SETTINGS = {
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  knowledge: { disease: 120, medicine: 45, medquad: 16358 },
};
const LIST = {
  conversations: [
    {
      id: CONVERSATION_ID,
      title: 'गाउट क्या है',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:30:00.000Z',
    },
  ],
};
const OPENED = {
  ...LIST.conversations[0],
  messages: [
    {
      id: '00000000-0000-4000-8000-000000000011',
      role: 'user',
      text: 'गाउट क्या है',
      kind: 'prompt',
      sources: [],
      notice: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000012',
      role: 'assistant',
      text: REPLY,
      kind: 'answer',
      sources: [SOURCE],
      notice: null,
      createdAt: '2026-11-20T10:00:01.000Z',
    },
  ],
};

/** The crisis lines under the chat box are the helplines' data (India's, the country this test chooses). */
const HELPLINE_NAMES = helplinesFor('IN').lines.map((line) => line.name);

describe('the chat page in Hindi shows no English of its own', () => {
  inHindi();
  beforeEach(() => window.localStorage.setItem('medibuddy.country', 'IN'));
  afterEach(() => window.localStorage.clear());

  it("keeps the contracts' not-a-doctor sentence as its English", () => {
    activateLanguage('en');
    try {
      expect(t('chat.notADoctor')).toBe(NOT_A_DOCTOR);
    } finally {
      activateLanguage('hi');
    }
  });

  it('a visitor: greeting, help, activity, settings, a suggestion answered, a failed and a cut-off reply', async () => {
    let answer = () =>
      events(['notice', { text: NOTICE }], ['piece', { text: REPLY }], ['sources', { sources: [SOURCE] }], done());
    const { user, given, location } = await renderInHindi(
      '/medibuddy',
      { 'GET /api/chat/settings': SETTINGS },
      { handlers: { 'POST /api/chat/messages': () => answer() } },
    );
    const data = [...given, ...HELPLINE_NAMES];
    expect(screen.getByRole('heading', { name: t('chat.hello') })).toBeInTheDocument();
    expect(screen.getByTestId('not-a-doctor')).toHaveTextContent(t('chat.notADoctor'));
    expect(document.title).toBe(`${t('chat.pageTitle')} · MediBuddy`);
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.menuExpand') }));
    expect(screen.getByText(t('chat.recentEmpty'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('chat.help') }));
    expect(screen.getByRole('heading', { name: t('chat.helpHeading') })).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.activity') }));
    expect(screen.getByRole('link', { name: t('chat.signIn') })).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.settings') }));
    expect(await screen.findByTestId('chat-provider')).toHaveTextContent(t('chat.provider.gemini'));
    expect(screen.getByLabelText(t('chat.country'))).toHaveValue('IN');
    expect(screen.getByRole('option', { name: t('chat.otherCountry') })).toBeInTheDocument();
    expectAllHindi(data);

    // A suggestion card sends its Hindi question; the reply streams in with the server's notice and sources.
    await user.click(screen.getByRole('button', { name: t('chat.menuCollapse') }));
    await user.click(screen.getByRole('button', { name: t('chat.newChat') }));
    await user.click(screen.getByRole('button', { name: new RegExp(t('chat.card.symptoms')) }));
    const log = await screen.findByRole('log', { name: t('chat.conversation') });
    expect(within(log).getByText(t('chat.card.symptomsPrompt'))).toBeInTheDocument();
    expect(await within(log).findByText(t('chat.sources'), {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(log).getByText(NOTICE)).toBeInTheDocument();
    expect(within(log).getByText(t('chat.credit', { credit: SOURCE.credit }))).toBeInTheDocument();
    const replied = [...data, NOTICE, REPLY, SOURCE.title, SOURCE.credit];
    expectAllHindi(replied);

    // The server refuses (its Hindi detail is shown as sent), then a reply is cut off part-way (the page's words).
    answer = () => problem(503, 'unavailable', 'MediBuddy अभी व्यस्त है। एक मिनट बाद फिर कोशिश करें।');
    await user.type(screen.getByLabelText(t('chat.promptLabel')), 'गाउट क्या है{Enter}');
    expect(await within(log).findByText('MediBuddy अभी व्यस्त है। एक मिनट बाद फिर कोशिश करें।')).toBeInTheDocument();
    expectAllHindi([...replied, 'MediBuddy अभी व्यस्त है। एक मिनट बाद फिर कोशिश करें।']);

    answer = () => events(['piece', { text: 'गाउट' }]);
    await user.click(
      within(log)
        .getAllByRole('button', { name: t('chat.askAgain') })
        .at(-1)!,
    );
    expect(await within(log).findByText(t('chat.interrupted'))).toBeInTheDocument();
    expectAllHindi([...replied, 'MediBuddy अभी व्यस्त है। एक मिनट बाद फिर कोशिश करें।']);
    expect(location()?.pathname).toBe('/medibuddy');
  });

  it('a visitor: the reply still being looked for, then an emergency answer', async () => {
    let answerNow = () => {};
    const emergency = '**अभी 112 पर फ़ोन करें।** [112](tel:112)';
    const { user, given } = await renderInHindi(
      '/medibuddy',
      {},
      {
        handlers: {
          'POST /api/chat/messages': () =>
            new Promise<Response>((resolve) => {
              answerNow = () => resolve(events(['piece', { text: emergency }], done('emergency')));
            }),
        },
      },
    );
    const data = [...given, ...HELPLINE_NAMES];
    await user.type(screen.getByLabelText(t('chat.promptLabel')), 'सीने में तेज़ दर्द है{Enter}');
    expect(await screen.findByText(t('chat.looking'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('chat.send') })).toBeDisabled();
    expectAllHindi(data);

    answerNow();
    expect(await screen.findByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t('chat.replied', { reply: emergency })));
    expectAllHindi([...data, emergency]);
  });

  it('signed in: the conversation list, one opened, one deleted, and all deleted after a confirmation', async () => {
    const { user, given } = await renderInHindi(
      '/medibuddy',
      {
        'GET /api/chat/conversations': LIST,
        [`GET /api/chat/conversations/${CONVERSATION_ID}`]: OPENED,
        'GET /api/chat/settings': SETTINGS,
        [`DELETE /api/chat/conversations/${CONVERSATION_ID}`]: {},
        'DELETE /api/chat/conversations': { deleted: 3 },
      },
      { signedIn: true },
    );
    // The account's name, in the greeting.
    const data = [...given, ...HELPLINE_NAMES, ADA.name];
    expect(await screen.findByRole('heading', { name: t('chat.helloName', { name: 'ada' }) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('chat.menuExpand') }));
    const recent = screen.getByRole('region', { name: t('chat.recent') });
    expect(await within(recent).findByRole('button', { name: /गाउट क्या है/ })).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.activity') }));
    const remove = await screen.findByRole('button', { name: t('chat.deleteConversation', { title: 'गाउट क्या है' }) });
    expectAllHindi(data);

    const activity = screen.getByRole('region', { name: t('chat.activity') });
    await user.click(within(activity).getByRole('button', { name: /^गाउट क्या है/ }));
    const log = await screen.findByRole('log', { name: t('chat.conversation') });
    expect(within(log).getByText(t('chat.sources'))).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.activity') }));
    await user.click(await screen.findByRole('button', { name: remove.getAttribute('aria-label')! }));
    expect(await screen.findByText(t('chat.deleted'))).toBeInTheDocument();
    expectAllHindi(data);

    await user.click(screen.getByRole('button', { name: t('chat.settings') }));
    await user.click(screen.getByRole('button', { name: t('chat.deleteAll') }));
    expect(screen.getByRole('alertdialog', { name: t('chat.deleteAllConfirm') })).toBeInTheDocument();
    expectAllHindi(data);
    await user.click(screen.getByRole('button', { name: t('chat.cancel') }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('chat.deleteAll') }));
    await user.click(screen.getByRole('button', { name: t('chat.deleteAllYes') }));
    expect(await screen.findByText(t('chat.deletedAll', { count: 3 }))).toBeInTheDocument();
    expectAllHindi(data);
  });

  it('signed in: the conversation list could not be loaded', async () => {
    const failure = 'आपकी बातचीत अभी लोड नहीं हो पाई।';
    const { user, given } = await renderInHindi(
      '/medibuddy',
      {},
      {
        signedIn: true,
        handlers: { 'GET /api/chat/conversations': () => problem(500, 'internal', failure) },
      },
    );
    await user.click(screen.getByRole('button', { name: t('chat.menuExpand') }));
    await user.click(screen.getByRole('button', { name: t('chat.activity') }));
    expect(await screen.findByRole('button', { name: t('chat.tryAgain') })).toBeInTheDocument();
    expectAllHindi([...given, ...HELPLINE_NAMES, ADA.name, failure]);
  });
});
