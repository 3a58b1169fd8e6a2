import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_GROUPS, sourceTexts } from '../features/site-info/data-sources';
import { t } from '../lib/i18n';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, json, problem } from '../test/http';

/**
 * The footer's pages in Hindi (decision 032): privacy, terms, data sources and contact show no English of their own;
 * the data sets', licences' and organisations' names they keep in Latin letters are the Hindi catalogue's. The
 * contact page's unsubscribe form is walked through its states: empty, not an address, the server's refusal, done.
 */

describe('the footer pages in Hindi show no English of their own', () => {
  inHindi();

  it.each([
    ['/privacy', 'privacy.title'],
    ['/terms', 'terms.title'],
    ['/data-sources', 'sources.title'],
  ] as const)('%s', async (path, title) => {
    const { given } = await renderInHindi(path);
    expect(screen.getByRole('heading', { level: 1, name: t(title) })).toBeInTheDocument();
    expect(document.title).toBe(`${t(title)} · MediBuddy`);
    expectAllHindi(given);
  });

  it('data sources: every data set with its use, licence, credit and link', async () => {
    await renderInHindi('/data-sources');
    for (const source of DATA_SOURCE_GROUPS.flatMap((g) => g.sources)) {
      const texts = sourceTexts(source);
      const card = screen.getByRole('heading', { level: 3, name: texts.name }).closest('article')!;
      expect(within(card as HTMLElement).getByText(texts.usedFor)).toBeInTheDocument();
      if (texts.link)
        expect(within(card as HTMLElement).getByRole('link', { name: texts.link.label })).toHaveAttribute(
          'href',
          texts.link.href,
        );
    }
    expect(screen.getAllByText(t('sources.uciLicence'))).toHaveLength(4);
  });

  it('contact, signed in: the message goes through the profile', async () => {
    const { given } = await renderInHindi('/contact', {}, { signedIn: true });
    // The account's name, and its initial on the navbar's avatar.
    const data = [...given, ADA.name, 'A'];
    const message = screen.getByRole('region', { name: t('contact.messageHeading') });
    expect(within(message).getByRole('link', { name: t('contact.yourProfile') })).toHaveAttribute(
      'href',
      '/user-profile',
    );
    expectAllHindi(data);
  });

  it("contact: the unsubscribe form's empty, wrong, refused and done states", async () => {
    const refusal = 'email सही ईमेल पता होना चाहिए, जैसे name@example.org।';
    let answer = () =>
      problem(400, 'validation_failed', refusal, [{ field: 'email', rule: 'email', message: refusal }]);
    const { user, given } = await renderInHindi(
      '/contact',
      {},
      {
        handlers: { 'POST /api/newsletter/unsubscribe': () => answer() },
      },
    );
    const visitor = screen.getByRole('region', { name: t('contact.messageHeading') });
    expect(within(visitor).getByRole('link', { name: t('contact.signIn') })).toHaveAttribute('href', '/login');
    expectAllHindi(given);

    const form = within(screen.getByRole('region', { name: t('contact.unsubscribeHeading') }));
    const field = form.getByLabelText(t('contact.unsubscribeLabel'));
    await user.click(form.getByRole('button', { name: t('contact.unsubscribe') }));
    expect(form.getByText(t('field.emailEmpty'))).toBeInTheDocument();
    expectAllHindi(given);

    await user.type(field, 'ada@example');
    await user.click(form.getByRole('button', { name: t('contact.unsubscribe') }));
    expect(form.getByText(t('field.emailInvalid'))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expectAllHindi([...given, 'ada@example']);

    // The server refuses the address: its Hindi message names the field as the API does, the page's label instead.
    await user.clear(field);
    await user.type(field, 'ada@example.org');
    await user.click(form.getByRole('button', { name: t('contact.unsubscribe') }));
    expect(await form.findByText('ईमेल सही ईमेल पता होना चाहिए, जैसे name@example.org।')).toBeInTheDocument();
    // The refusal's toast stays a while: the server's words.
    const data = [...given, refusal];
    expectAllHindi(data);

    answer = () => json(200, { message: 'यह पता अब सूची में नहीं है।' });
    await user.click(form.getByRole('button', { name: t('contact.unsubscribe') }));
    expect(await screen.findByText('यह पता अब सूची में नहीं है।')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expectAllHindi(data);

    // A server that says nothing of its own: the page's sentence.
    answer = () => json(200, { message: '' });
    await user.type(field, 'ada@example.org');
    await user.click(form.getByRole('button', { name: t('contact.unsubscribe') }));
    expect(await screen.findByText(t('contact.unsubscribed'))).toBeInTheDocument();
    expectAllHindi(data);
  });
});
