import { RED_FLAGS, type ChatSource } from '@medibuddy/contracts';
import type { PassageHit } from '../../knowledge';
import type { Analysis } from '../analyse';
import type { CitedFact, MedicineSheet } from '../medicine-sheets';
import type { Plan, Route } from './types';

/** The shared words and builders of the answerers' plans. */

export const ASK_PHARMACIST = 'Ask a pharmacist or doctor, who can check the exact product and your other medicines.';
export const NOT_A_DIAGNOSIS =
  'This is general information, not a diagnosis: a doctor can tell you what it means for you.';

export function abstainAnswer(analysis: Pick<Analysis, 'medicines' | 'type'>, medicineName?: string): string {
  const isMedicine =
    analysis.medicines.length > 0 || ['dose', 'interaction', 'alcohol', 'side_effects'].includes(analysis.type);
  if (isMedicine) {
    return `I have no reliable source that answers this question${medicineName ? ` about ${medicineName}` : ''}, so I would rather not guess. A pharmacist can answer it: they can check the exact product, the dose and your other medicines. Your doctor can too.`;
  }
  return 'I have no reliable source that answers this question, so I would rather not guess. A doctor can answer it (or a pharmacist, for a question about medicines). If you meant a particular condition, try naming it, for example "what are the symptoms of gout".';
}

const poisoning = RED_FLAGS.find((f) => f.id === 'poisoning');
if (!poisoning) throw new Error('red-flags.json has no "poisoning" flag');
/** What to do after too much of a medicine: the poisoning red flag's advice and its first source. */
export const POISONING: CitedFact = {
  text: poisoning.advice,
  source: { ...(poisoning.sources[0] as { title: string; publisher: string; url: string }), credit: null },
};

export function plan(
  route: Route,
  analysis: Pick<Analysis, 'type'>,
  pieces: string[],
  sources: ChatSource[] = [],
  passages: PassageHit[] = [],
): Plan {
  return {
    route,
    type: analysis.type,
    kind:
      route === 'abstain' ||
      route === 'decline' ||
      route === 'greeting' ||
      (route === 'my_result' && sources.length === 0)
        ? 'no_source'
        : 'answer',
    pieces,
    sources,
    passages,
  };
}

export const ASK_PHARMACIST_HINDI = 'फ़ार्मासिस्ट या डॉक्टर से पूछें, जो सही प्रोडक्ट और आपकी बाकी दवाइयाँ देखकर बता सकते हैं।';

/**
 * Cited facts of a medicine as a list under a lead line, with who to ask; "no reliable source" when there are none.
 * With `hindi` (a question in Hindi or Hinglish) and the Hindi of every fact, the same answer in Hindi; when one fact
 * lacks it, the English answer (the chat puts a Hindi note before it).
 */
export function factAnswer(
  analysis: Analysis,
  sheet: Pick<MedicineSheet, 'name'>,
  facts: readonly CitedFact[],
  lead: string,
  after = '',
  hindi?: { lead: string; after?: string },
): Plan {
  if (facts.length === 0) return plan('abstain', analysis, [abstainAnswer(analysis, sheet.name)]);
  const inHindi = hindi !== undefined && facts.every((f) => f.hi !== undefined);
  const words = inHindi
    ? {
        lead: hindi.lead,
        source: 'स्रोत',
        after: hindi.after && after ? `${hindi.after} ` : '',
        ask: ASK_PHARMACIST_HINDI,
      }
    : { lead, source: 'source', after, ask: ASK_PHARMACIST };
  const pieces = [
    `${words.lead}\n\n`,
    ...facts.map((f) => `- ${inHindi ? f.hi : f.text} (${words.source}: ${f.source.publisher || f.source.title})\n`),
    '\n',
    words.after,
    words.ask,
  ].filter((p) => p !== '');
  const sources = [...new Map(facts.map((f) => [f.source.url ?? f.source.title, f.source])).values()];
  const answer = plan('medicine_fact', analysis, pieces, sources);
  return inHindi ? { ...answer, language: 'hi' } : answer;
}
