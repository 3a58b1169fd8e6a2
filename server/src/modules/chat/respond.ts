/**
 * The non-emergency reply, after the safety check (decision 025): the message's reading and its analysis go to the
 * answerers (answerers/index.ts), in priority order, which answer from the source that fits the question's subject
 * and type (a reference value, a medicine fact, the user's own saved result, a passage about that very topic), or
 * say plainly that there is no reliable source and who can answer. Never the nearest unrelated passage.
 */
import { CATALOGUE } from '@medibuddy/contracts';
import { loadReferenceValuesHindi, type ReferenceValues } from '../../content/reference-values';
import { combinationProducts } from '../../content/combination-products';
import { readMessage, type Reading } from '../../reading/read';
import type { KnowledgeService } from '../knowledge';
import { STARTER_CATALOGUE } from '../../content/starter-catalogue';
import { analyseQuestion, type Vocabulary } from './analyse';
import { answer } from './answerers';
import type { MyResults, Plan } from './answerers/types';
import type { MedicineSheets } from './medicine-sheets';
import { medicinesNamedIn } from './same-ingredient';
import { stem, topicAlternatives } from './topic-match';

export type { MyResults, Plan, Route } from './answerers/types';
export { DECLINE_ANSWER } from './answerers/decline';
export { GREETING_ANSWER } from './answerers/greeting';
export { ASK_PHARMACIST, abstainAnswer } from './answerers/plan';
export { describesSymptoms, SYMPTOMS_ANSWER } from './answerers/symptoms';

const TOPICS_CHECK_MS = 10_000;

/** The vocabulary of the app's tests, for "explain my heart test result". */
export const TEST_VOCABULARY: Vocabulary['tests'] = CATALOGUE.map((t) => ({
  slug: t.slug,
  names: [
    ...new Set([
      t.slug.replace(/-/g, ' '),
      t.name.toLowerCase(),
      // "heart" names the heart test; "test" or "disease" name none in particular.
      ...t.name
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length > 3 && !['disease', 'test', 'tests', 'scan', 'image'].includes(w)),
    ]),
  ],
}));

/** "Paracetamol (acetaminophen)" is named "paracetamol" or "acetaminophen". */
function namesOf(name: string): string[] {
  return [name, ...name.split(/[()/,]/)]
    .map((n) =>
      n
        .toLowerCase()
        .replace(/[^a-z0-9 ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((n) => n.length > 2);
}

export function createResponder({
  knowledge,
  referenceValues,
  medicineFacts,
  myResults,
}: {
  knowledge: KnowledgeService;
  referenceValues: ReferenceValues;
  medicineFacts: MedicineSheets;
  myResults?: MyResults;
}) {
  const vocabulary: Vocabulary = {
    measures: referenceValues.measures.map((m) => ({ id: m.id, aliases: m.aliases })),
    medicines: [
      ...medicineFacts.sheets.map((s) => ({ id: s.id, names: s.names })),
      // The starter catalogue's medicines have passages (uses, side effects) even without facts.
      ...STARTER_CATALOGUE.map((m) => ({ id: m.slug, names: namesOf(m.name) })).filter(
        (m) => !medicineFacts.sheets.some((s) => s.names.some((n) => m.names.includes(n))),
      ),
      // Products of several ingredients (co-codamol): a question about one is a medicine question (productAnswer).
      ...combinationProducts().map((p) => ({ id: `product:${p.names[0]}`, names: p.names })),
    ],
    tests: TEST_VOCABULARY,
  };
  const referenceValuesHindi = loadReferenceValuesHindi(referenceValues);
  let topics: { checkedAt: number; version: number; words: Set<string> } | null = null;
  /**
   * The words of every topic, with their stems: typos are corrected against them, and a word among them needs
   * no check. Read again when passages have been added (an import while the app runs), checked every few seconds.
   */
  async function topicVocabulary(): Promise<Set<string>> {
    if (topics && Date.now() - topics.checkedAt < TOPICS_CHECK_MS) return topics.words;
    const version = await knowledge.topicsVersion();
    if (!topics || topics.version !== version) {
      const all = (await knowledge.listTopics()).flatMap((t) => topicAlternatives(t).flat());
      topics = { checkedAt: Date.now(), version, words: new Set([...all, ...all.map(stem)]) };
    }
    topics.checkedAt = Date.now();
    return topics.words;
  }
  // Read at start, so the first question does not wait for it.
  topicVocabulary().catch(() => undefined);

  return {
    vocabulary,

    /**
     * The plan for a message: `text` as the English answers read it (a Hindi or Hinglish message's reading gives its
     * English), `reading` the message's own reading when the caller has it.
     */
    async plan(
      text: string,
      { userId, lastPrompt, reading }: { userId: string | null; lastPrompt?: string; reading?: Reading },
    ): Promise<Plan> {
      const known = await topicVocabulary().catch(() => new Set<string>());
      const withKnown = { ...vocabulary, knownWords: known };
      let analysis = analyseQuestion(text, withKnown);
      // A follow-up ("how is it treated?") names no subject: take the subject of the conversation's last question.
      if (
        lastPrompt &&
        analysis.subjectWords.length === 0 &&
        analysis.medicines.length === 0 &&
        !analysis.measure &&
        analysis.type !== 'greeting'
      ) {
        const earlier = analyseQuestion(lastPrompt, withKnown);
        analysis = {
          ...analysis,
          subjectWords: earlier.subjectWords,
          medicines: earlier.medicines,
          measure: earlier.measure ? { ...earlier.measure, numbers: [] } : null,
        };
        if (analysis.type === 'out_of_scope') analysis = { ...analysis, type: 'general' };
      }
      const { answerer: _, ...chosen } = await answer({
        text,
        reading: reading ?? readMessage(text),
        analysis,
        // Two medicines named that share an ingredient (co-codamol and paracetamol): taking both doubles it.
        named: medicinesNamedIn(text, medicineFacts, combinationProducts()),
        userId,
        referenceValues,
        referenceValuesHindi,
        medicineFacts,
        knowledge,
        myResults,
        topicVocabulary,
      });
      return chosen;
    },
  };
}
export type Responder = ReturnType<typeof createResponder>;
