import type { TriageStepResponse } from '@medibuddy/contracts';
import { HELPLINE_COUNTRIES, helplinesFor } from '@medibuddy/contracts/helplines';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../lib/i18n';
import { expectAllHindi, inHindi, KEPT, renderInHindi } from '../test/hindi';
import { ADA, problem } from '../test/http';
import { findUntranslated } from '../test/untranslated-text';
import { pageFiles, TRANSLATED_PAGES } from './route-table';

/**
 * Every page of TRANSLATED_PAGES, rendered in Hindi with the server stubbed, shows no English of its own (decision
 * 032): a text, title, label or placeholder in Latin letters must be on the allow-list (untranslated-text.ts) or come
 * from the server's answer or what the visitor typed.
 */

const SESSION = { profile: { age: 30, sex: 'female' as const, pregnant: false }, complaint: 'गले में ख़राश', answers: [] };
const QUESTION: TriageStepResponse = {
  session: SESSION,
  understood: ['Sore throat'],
  question: { id: 'fever', text: 'Do you have a fever?', isRedFlag: true, number: 1, maxQuestions: 15 },
  result: null,
};
const RESULT: TriageStepResponse = {
  session: { ...SESSION, answers: [{ questionId: 'fever', answer: 'dont_know' }] },
  understood: ['Sore throat'],
  question: null,
  result: {
    triage: {
      level: 'self_care',
      headline: 'You can probably look after this yourself',
      advice: 'Rest and drink fluids.',
      reasons: ['No warning signs.'],
      isCrisis: false,
    },
    conditions: [
      {
        id: 'sore_throat_viral',
        name: 'Sore throat (viral pharyngitis)',
        probability: 0.7,
        level: 'self_care',
        supportingAnswers: ['Sore throat'],
        opposingAnswers: ['Fever'],
        summary: 'A sore throat, usually from a virus.',
        source: { title: 'NHS: Sore throat', url: 'https://www.nhs.uk/conditions/sore-throat/' },
        links: [{ label: 'Medicine guidance', href: '/medicines' }],
      },
    ],
    understood: ['Sore throat'],
    notice: 'This is not a diagnosis.',
    knowledgeBaseVersion: 'abc',
  },
};

/**
 * Helplines' names are data (decision 037), shown as the data writes them; a page names those of the visitor's country
 * (the test browser's language says which).
 */
const HELPLINE_NAMES = HELPLINE_COUNTRIES.flatMap(([country]) => helplinesFor(country).lines.map((line) => line.name));

/** The page's English path, a sample id for a result (the 404 page: an address nothing serves). */
function pathOf(file: string): string {
  if (file === 'not-found') return '/no/such/page';
  const row = pageFiles().find((r) => r.file === file && !r.path.startsWith('/hi'));
  if (!row) throw new Error(`no path serves ${file}`);
  return row.path.replace(':id', '3f0b2a7e-8c1d-4e5f-9a6b-7c8d9e0f1a2b');
}

describe('a translated page in Hindi shows no English of its own', () => {
  inHindi();

  it.each(TRANSLATED_PAGES.map((file) => [file, pathOf(file)]))('%s (%s), as a visitor sees it', async (_, path) => {
    const { given } = await renderInHindi(path);
    expectAllHindi([...given, ...HELPLINE_NAMES]);
  });

  it('symptom-check: its errors, a question and the result', async () => {
    const answers = {
      'POST /api/triage/sessions': QUESTION,
      'POST /api/triage/sessions/answers': RESULT,
    };
    const { user, given } = await renderInHindi('/symptom-check', answers);
    await user.click(screen.getByRole('button', { name: t('triage.start') }));
    expect(screen.getByText(t('triage.ageError'))).toBeInTheDocument();
    expectAllHindi(given);

    await user.type(screen.getByLabelText(t('triage.age')), '30');
    await user.click(screen.getByRole('radio', { name: t('triage.female') }));
    await user.type(screen.getByLabelText(t('triage.complaint')), SESSION.complaint);
    expectAllHindi(given);
    await user.click(screen.getByRole('button', { name: t('triage.start') }));
    expect(await screen.findByRole('heading', { name: 'Do you have a fever?' })).toBeInTheDocument();
    expectAllHindi(given);

    await user.click(screen.getByRole('button', { name: t('triage.dontKnow') }));
    expect(await screen.findByText(t('triage.conditionsHeading'))).toBeInTheDocument();
    expectAllHindi(given);
  });

  it('symptom-check, signed in: the kept checks, and saving a result without the health-data consent', async () => {
    const saved = {
      items: [
        {
          id: 's1',
          createdAt: '2026-11-20T10:00:00.000Z',
          complaint: 'sore throat',
          level: 'soon',
          result: RESULT.result,
        },
      ],
    };
    const answers = { 'GET /api/triage/saved': saved, 'POST /api/triage/sessions': RESULT };
    const { user, given } = await renderInHindi('/symptom-check', answers, {
      signedIn: true,
      handlers: { 'POST /api/triage/saved': () => problem(409, 'consent_required', 'Consent is required.') },
    });
    expect(await screen.findByText(t('triage.keptHeading'))).toBeInTheDocument();
    const data = [...given, ADA.name];
    expectAllHindi(data);

    await user.type(screen.getByLabelText(t('triage.age')), '30');
    await user.click(screen.getByRole('radio', { name: t('triage.male') }));
    await user.type(screen.getByLabelText(t('triage.complaint')), SESSION.complaint);
    await user.click(screen.getByRole('button', { name: t('triage.start') }));
    await user.click(await screen.findByRole('button', { name: t('triage.save') }));
    expect(await screen.findByText(t('triage.consentText'))).toBeInTheDocument();
    expectAllHindi([...data, 'Consent is required.']);
    await user.click(screen.getByRole('button', { name: t('triage.notNow') }));
    expect(screen.getByText(t('triage.notSaved'))).toBeInTheDocument();
    expectAllHindi(data);
  });
});

describe('the untranslated-text check', () => {
  inHindi();

  it('fails on English written into a component, in its text and its labels', () => {
    function Careless() {
      return (
        <form aria-label={t('triage.form')}>
          <button type="submit">{t('triage.start')}</button>
          <button type="button" aria-label="Close">
            ×
          </button>
          <input aria-label={t('triage.age')} placeholder="e.g. 30" />
          <p>Please try again. 500 mg, MediBuddy, ada@example.org</p>
        </form>
      );
    }
    const { container } = render(<Careless />);
    expect(findUntranslated(container, { kept: KEPT }).map((f) => f.text)).toEqual([
      'Please try again',
      'Close',
      'e.g',
    ]);
  });

  it('lets the server’s words and what the visitor typed through', () => {
    const { container } = render(<p>{t('triage.source', { title: 'NHS: Sore throat' })}</p>);
    expect(findUntranslated(container, { given: ['NHS: Sore throat'], kept: KEPT })).toEqual([]);
    expect(findUntranslated(container, { kept: KEPT }).map((f) => f.text)).toEqual(['NHS', 'Sore throat']);
  });
});
