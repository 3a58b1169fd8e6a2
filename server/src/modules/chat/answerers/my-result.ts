import { CATALOGUE, type ChatSource } from '@medibuddy/contracts';
import { factorLines, resultLines } from '../../health-record';
import { plan } from './plan';
import type { Answerer } from './types';

/**
 * "Explain my heart test result", "what does my last blood test mean, is it bad": the user's latest saved assessment
 * of that test, for them only, with consent; never a general text about blood.
 */
export const myResult: Answerer = {
  name: 'my-result',
  canAnswer: ({ analysis, reading }) =>
    analysis.type === 'my_result' ||
    (reading.tags.has('own-result') && reading.tags.has('explain') && analysis.tests.length > 0),
  async answer({ analysis, userId, myResults }) {
    if (!myResults) return plan('my_result', analysis, ['I cannot read saved results here.']);
    if (!userId) {
      return plan('my_result', analysis, [
        'To talk about your own results, please sign in first. I can only read results saved in your account, and only after you have agreed to MediBuddy storing your health data.',
      ]);
    }
    if (!(await myResults.consent.isGranted(userId))) {
      return plan('my_result', analysis, [
        'I can only read your saved results after you consent to MediBuddy storing your health data. You can give (and later withdraw) that consent on your **Health record** page, or on a test page when you save a result. Until then, no results are stored, so there is nothing for me to explain.',
      ]);
    }
    const wanted = analysis.tests;
    const all = await myResults.listAll(userId);
    const latest = all.find((a) => wanted.length === 0 || wanted.includes(a.assessment.test));
    if (!latest) {
      const name = wanted.length > 0 ? `${CATALOGUE.find((t) => t.slug === wanted[0])?.name ?? wanted[0]} ` : '';
      return plan('my_result', analysis, [
        `You have no saved ${name}result yet. Take the test from the Diagnosis page while signed in, and I can explain the result afterwards.`,
      ]);
    }
    const a = latest.assessment;
    const date = a.createdAt.slice(0, 10);
    const r = a.result as { nextStep?: { heading: string; text: string } };
    const factors = factorLines(latest).slice(0, 5);
    const pieces = [
      `**Your latest ${a.testName} result (saved ${date}):**\n\n`,
      ...resultLines(latest).map((l) => `${l}\n`),
      '\n',
      ...(factors.length > 0 ? ['**What weighed most:**\n', ...factors.map((f) => `- ${f}\n`), '\n'] : []),
      `**What it does not mean:** ${latest.notices.whatThisDoesNotMean}\n\n`,
      r.nextStep ? `**Next step — ${r.nextStep.heading}:** ${r.nextStep.text}\n\n` : '',
      `${latest.notices.notADiagnosis}`,
    ].filter((p) => p !== '');
    // The health record page lists the user's results, each linked to its result page.
    const sources: ChatSource[] = [
      {
        title: `Your ${a.testName} result of ${date} (Health record)`,
        url: '/health-record',
        publisher: 'MediBuddy',
        credit: null,
      },
    ];
    return plan('my_result', analysis, pieces, sources);
  },
};
