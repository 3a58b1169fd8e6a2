/**
 * The non-emergency reply: analyse the question, then answer from the source that fits its subject and type
 * (a reference value, a medicine fact, the user's own saved result, a passage about that very topic), or say
 * plainly that there is no reliable source and who can answer. Never the nearest unrelated passage.
 */
import {
  CATALOGUE,
  isDoseForAge,
  RED_FLAGS,
  type AssessmentResponse,
  type ChatSource,
  type ReplyKind,
} from '@medibuddy/contracts';
import type { ReferenceValues } from '../../content/reference-values';
import type { ConsentCheck } from '../assessments/assessments.service';
import { factorLines, resultLines } from '../health-record/describe-assessment';
import type { PassageHit } from '../knowledge/knowledge.types';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import { STARTER_CATALOGUE } from '../medicines/starter-catalogue';
import {
  analyseQuestion,
  tookTooMuch,
  QTYPE_WORDS,
  QTYPES_FOR,
  type Analysis,
  type QuestionType,
  type Vocabulary,
} from './analyse';
import { excerptOf, sourceOf } from './compose';
import { normalValueAnswer, readValue, unreadValueNote, valueAnswer } from './interpret-value';
import type { CitedFact, MedicineFacts, MedicineSheet } from './medicine-facts';
import { correctTypo, mentions, stem, stemsOf, topicAlternatives, topicMatch } from './topic-match';
import { combinationProducts } from '../../content/combination-products';
import { productAnswer } from './product-answer';
import { medicinesNamedIn, sameIngredientAnswer, type Named } from './same-ingredient';

/** How the reply was found: logged (never the text) and used by the judged set. */
export type Route =
  'passage' | 'value' | 'normal_value' | 'medicine_fact' | 'my_result' | 'abstain' | 'decline' | 'greeting';

export type Plan = {
  route: Route;
  type: QuestionType;
  kind: ReplyKind;
  /** The offline answer, a piece per line or paragraph. */
  pieces: string[];
  sources: ChatSource[];
  /** The passages a model provider may answer from (route 'passage' only); empty otherwise. */
  passages: PassageHit[];
};

export type MyResults = {
  consent: ConsentCheck;
  /** The assessments service's listAll: the user's assessments, newest first. */
  listAll(userId: string, test?: string): Promise<AssessmentResponse[]>;
};

const PASSAGES_FOR_MODEL = 3;
/** Genetics references, written for rare conditions: a patient-facing page on the same topic comes first. */
const GENETIC_SOURCES = /Genetics Home Reference|Genetic and Rare Diseases/;
const TOPICS_CHECK_MS = 10_000;
const CANDIDATES = 40;
/** Candidates whose text is read to check that it mentions the rest of the subject. */
const BODIES_CHECKED = 8;
const EXCERPT_CHARS = 700;

export const ASK_PHARMACIST = 'Ask a pharmacist or doctor, who can check the exact product and your other medicines.';
const NOT_A_DIAGNOSIS = 'This is general information, not a diagnosis: a doctor can tell you what it means for you.';

export const DECLINE_ANSWER =
  'I am MediBuddy, a health assistant, so I can only help with questions about health, illnesses, medicines and healthy living. For anything else, a general search engine or assistant will serve you better.';
export const GREETING_ANSWER =
  'Hello! I am MediBuddy. Ask me about a condition, a symptom or a medicine, or give me a reading such as "my blood pressure is 135/85" or "my HbA1c is 6.1".';

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
const POISONING: CitedFact = {
  text: poisoning.advice,
  source: { ...(poisoning.sources[0] as { title: string; publisher: string; url: string }), credit: null },
};

/** A person describing their own (or someone's) symptoms, rather than asking about a condition by name. */
const DESCRIBES_SYMPTOMS =
  /\b(i|i'm|im|i've|ive|my|me|he|she|he's|she's|son|daughter|baby|child|husband|wife|mum|mom|dad)\b.*\b(have|has|had|having|feel|feels|feeling|felt|got|getting|keep|keeps|been|hurts?|hurting|pain|painful|ache|aches|aching|sore|swollen|itchy|itching|dizzy|tired|sick|late|bleeding|lump|rash)\b/;

export const SYMPTOMS_ANSWER =
  'I cannot tell what is causing this from a message, and I would rather not guess. The [symptom check](/symptom-check) asks a few questions about it and says where to get help, and how soon. If it is getting worse, or you are worried, contact a doctor or your local urgent care line; for severe or sudden symptoms, call your local emergency number.';

export function describesSymptoms(text: string): boolean {
  return DESCRIBES_SYMPTOMS.test(text.toLowerCase().replace(/[’‘]/g, "'"));
}

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

/** Headings of our own disease notes that answer a question type. */
const SECTION_HEADINGS: Partial<Record<QuestionType, RegExp>> = {
  symptoms: /^\*\*[^*]*(symptom|sign)/im,
  prevention: /^\*\*[^*]*(precaution|prevent)/im,
};

/** The part of a passage that answers the question: from the matching heading of our own notes, else all of it. */
function sectionOf(passage: PassageHit, type: QuestionType): string {
  const heading = SECTION_HEADINGS[type];
  if (passage.sourceKind !== 'disease' || !heading) return passage.body;
  const at = passage.body.search(heading);
  return at === -1 ? passage.body : passage.body.slice(at);
}

const TYPE_PHRASE: Partial<Record<QuestionType, string>> = {
  symptoms: 'its symptoms',
  causes: 'its causes',
  treatment: 'how it is treated',
  prevention: 'how to prevent it',
  diagnosis: 'how it is diagnosed',
  outlook: 'its outlook',
  inheritance: 'whether it is inherited',
  risk: 'who is at risk',
};

export function createResponder({
  knowledge,
  referenceValues,
  medicineFacts,
  myResults,
}: {
  knowledge: KnowledgeService;
  referenceValues: ReferenceValues;
  medicineFacts: MedicineFacts;
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

  const plan = (
    route: Route,
    analysis: Analysis,
    pieces: string[],
    sources: ChatSource[] = [],
    passages: PassageHit[] = [],
  ): Plan => ({
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
  });

  function factAnswer(
    analysis: Analysis,
    sheet: Pick<MedicineSheet, 'name'>,
    facts: readonly CitedFact[],
    lead: string,
    after = '',
  ): Plan {
    if (facts.length === 0) return plan('abstain', analysis, [abstainAnswer(analysis, sheet.name)]);
    const pieces = [
      `${lead}\n\n`,
      ...facts.map((f) => `- ${f.text} (source: ${f.source.publisher || f.source.title})\n`),
      '\n',
      after,
      ASK_PHARMACIST,
    ].filter((p) => p !== '');
    const sources = [...new Map(facts.map((f) => [f.source.url ?? f.source.title, f.source])).values()];
    return plan('medicine_fact', analysis, pieces, sources);
  }

  /**
   * More than the dose was taken, of one medicine or a product of several ("2 extra co-codamol", "too much calpol"):
   * what the source says for an adult who took one medicine (paracetamol: 1 or 2 extra tablets), then what to do
   * after too much of any medicine (call now, even if well), for everyone and every medicine.
   */
  function tooMuchAnswer(analysis: Analysis, named: readonly Named[]): Plan {
    // The source's words for one medicine of one ingredient only (paracetamol's "1 or 2 extra tablets").
    const one = named.length === 1 ? named[0] : undefined;
    const id = named.length === 0 ? analysis.medicines[0] : one?.ingredients.length === 1 ? one.ingredients[0] : null;
    const sheet = medicineFacts.find(id ?? '');
    const label = one?.label ?? sheet?.name.toLowerCase();
    const facts = [...(sheet?.tooMuch && analysis.person !== 'child' ? [sheet.tooMuch] : []), POISONING];
    const answer = factAnswer(
      analysis,
      { name: label ?? 'these medicines' },
      facts,
      label ? `**If more ${label} than the dose was taken:**` : '**If more than the dose was taken:**',
    );
    // Two medicines with the same ingredient ("paracetamol and then co-codamol by mistake"): why it is too much.
    const same = sameIngredientAnswer(named, medicineFacts);
    if (!same) return answer;
    const sources = [...answer.sources, ...same.sources];
    return {
      ...answer,
      pieces: [...answer.pieces, '\n\n', ...same.pieces],
      sources: [...new Map(sources.map((x) => [x.url ?? x.title, x])).values()],
    };
  }

  /** A child's dose: the band of the age given, else every band; with the youngest age it may be given at. */
  function childAnswer(analysis: Analysis, sheet: MedicineSheet): Plan {
    const age = analysis.ageMonths;
    if (sheet.minAge && age !== null && age < sheet.minAge.months) {
      return factAnswer(
        analysis,
        sheet,
        [sheet.minAge],
        `**${sheet.name} is not for a child of that age without a doctor's advice:**`,
      );
    }
    const bands = age === null ? sheet.childDoses : sheet.childDoses.filter((d) => isDoseForAge(d, age));
    const facts = [...(sheet.minAge ? [sheet.minAge] : []), ...bands.map((b) => b.fact)];
    const after =
      'Check the strength on the pack (for example 120 mg in 5 ml) and use the measuring syringe or spoon that comes with it. ';
    return factAnswer(analysis, sheet, facts, `**${sheet.name} for children:**`, bands.length > 0 ? after : '');
  }

  function medicineAnswer(analysis: Analysis): Plan | null {
    const sheet = medicineFacts.find(analysis.medicines[0] as string);
    if (!sheet) return null;
    switch (analysis.type) {
      case 'dose':
        if (analysis.person === 'child') return childAnswer(analysis, sheet);
        return factAnswer(
          analysis,
          sheet,
          sheet.adultDoses,
          `**${sheet.name} for adults:**`,
          'Do not take more than one product containing it at the same time. ',
        );
      case 'children':
        return childAnswer(analysis, sheet);
      case 'alcohol':
        return factAnswer(analysis, sheet, sheet.alcohol, `**${sheet.name} and alcohol:**`);
      case 'pregnancy':
        return factAnswer(analysis, sheet, sheet.pregnancy, `**${sheet.name} in pregnancy and breastfeeding:**`);
      case 'interaction': {
        const other = medicineFacts.find(analysis.medicines[1] ?? '');
        if (!other) return plan('abstain', analysis, [abstainAnswer(analysis, sheet.name)]);
        const { interactions, fine } = medicineFacts.between(sheet.id, other.id);
        if (interactions.length > 0)
          return factAnswer(analysis, sheet, interactions, `**${sheet.name} with ${other.name}:**`);
        if (fine.length > 0) return factAnswer(analysis, sheet, fine, `**${sheet.name} with ${other.name}:**`);
        return plan('abstain', analysis, [
          `I have no reliable source on taking ${sheet.name} with ${other.name}, so I cannot say whether they are safe together. A pharmacist can check this for you (bring the packets or a list); your doctor can too.`,
        ]);
      }
      default:
        return null;
    }
  }

  /** The user's latest saved assessment of the test they named, for them only, with their consent. */
  async function myResultAnswer(analysis: Analysis, userId: string | null): Promise<Plan> {
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
  }

  /** Passages about the subject, of the asked type where there is one; [] when none is about it. */
  async function passagesFor(analysis: Analysis): Promise<{ passages: PassageHit[]; isTypeMatched: boolean }> {
    let words = analysis.subjectWords;
    if (words.length === 0) return { passages: [], isTypeMatched: false };
    // A word that names no topic and that (almost) no passage contains is a typo, or something we have nothing
    // on: corrected to a topic word when one is a letter or two away ("migrane").
    const vocab = await topicVocabulary();
    const unknown = words.filter((w) => !vocab.has(w) && !vocab.has(stem(w)));
    if (unknown.length > 0) {
      const rare = new Set(await knowledge.rareWords(unknown));
      words = words.map((w) => (rare.has(w) ? (correctTypo(w, vocab) ?? w) : w));
    }
    const typeWord = QTYPE_WORDS[analysis.type];
    // Topics first (no passage text: the embedded database builds long rows slowly), text only for the few kept.
    const heads = await knowledge.searchWords(words, typeWord ? [typeWord] : [], CANDIDATES, { withBody: false });
    const subject = stemsOf(words);
    const wanted = QTYPES_FOR[analysis.type] ?? QTYPES_FOR.general ?? [];
    type Scored = { hit: PassageHit; covered: Set<string>; typeRank: number; firstWord: number; sourceRank: number };
    const stemsInOrder = words.map(stem);
    const matched: Scored[] = [];
    for (const hit of heads) {
      const match = topicMatch(hit.topic, subject, analysis.person);
      if (!match) continue;
      // Our own disease notes cover what it is, its symptoms and precautions in one passage.
      const coversType =
        hit.sourceKind === 'disease' && ['what_is', 'general', 'symptoms', 'prevention'].includes(analysis.type);
      const typeIndex = coversType ? 0 : wanted.indexOf(hit.qtype);
      matched.push({
        hit,
        covered: match.covered,
        typeRank: typeIndex === -1 ? wanted.length + (hit.qtype === 'information' ? 0 : 1) : typeIndex,
        // "migraine headaches" is about migraine: of two topics naming as many words, the one named first.
        firstWord: Math.min(...[...match.covered].map((c) => stemsInOrder.indexOf(c)).filter((i) => i >= 0)),
        sourceRank: GENETIC_SOURCES.test(hit.publisher) ? 1 : 0,
      });
    }
    if (matched.length === 0) return { passages: [], isTypeMatched: false };
    matched.sort(
      (a, b) =>
        b.covered.size - a.covered.size ||
        a.firstWord - b.firstWord ||
        a.typeRank - b.typeRank ||
        a.sourceRank - b.sourceRank ||
        b.hit.rank - a.hit.rank,
    );
    const candidates = matched.slice(0, BODIES_CHECKED);
    const bodies = new Map((await knowledge.findByIds(candidates.map((c) => c.hit.id))).map((h) => [h.id, h]));
    // Every subject word the topic leaves out must be in the passage ("fly" after a heart attack is not in it).
    const kept = candidates
      .map((c) => ({ ...c, hit: { ...(bodies.get(c.hit.id) as PassageHit), rank: c.hit.rank } }))
      .filter(
        (c) =>
          c.hit.body !== undefined &&
          [...subject]
            .filter((s) => !c.covered.has(s))
            .every((s) => mentions(c.hit.body, s) || mentions(c.hit.question, s)),
      );
    if (kept.length === 0) return { passages: [], isTypeMatched: false };
    const top = kept[0] as Scored;
    const sameTopic = kept.filter((k) => k.covered.size === top.covered.size && k.firstWord === top.firstWord);
    return {
      passages: sameTopic.slice(0, PASSAGES_FOR_MODEL).map((k) => k.hit),
      isTypeMatched: top.typeRank < wanted.length,
    };
  }

  function passageAnswer(analysis: Analysis, passages: PassageHit[], isTypeMatched: boolean): Plan {
    const best = passages[0] as PassageHit;
    const asked = TYPE_PHRASE[analysis.type];
    const lead =
      !isTypeMatched && asked
        ? `My sources on **${best.topic}** do not have a part on ${asked}; here is what they say (${best.publisher}):\n\n`
        : `From ${best.publisher}, on **${best.topic}**:\n\n`;
    const pieces = [
      lead,
      `${excerptOf(sectionOf(best, analysis.type), EXCERPT_CHARS)}\n\n`,
      `The source is listed below. ${NOT_A_DIAGNOSIS}`,
    ];
    return plan('passage', analysis, pieces, [sourceOf(best)], passages);
  }

  return {
    vocabulary,

    async plan(text: string, { userId, lastPrompt }: { userId: string | null; lastPrompt?: string }): Promise<Plan> {
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
      switch (analysis.type) {
        case 'greeting':
          return plan('greeting', analysis, [GREETING_ANSWER]);
        case 'out_of_scope':
          return plan('decline', analysis, [DECLINE_ANSWER]);
        case 'my_result':
          return myResultAnswer(analysis, userId);
        case 'interpret_value': {
          const measure = analysis.measure as NonNullable<Analysis['measure']>;
          const reading = readValue(
            referenceValues,
            measure.id,
            measure.numbers,
            analysis.sex,
            measure.unit ?? null,
            analysis.ageMonths,
          );
          if (reading) {
            const { pieces, sources } = valueAnswer(referenceValues, reading);
            return plan('value', analysis, pieces, sources);
          }
          const m = referenceValues.measures.find((x) => x.id === measure.id);
          if (m) {
            const { pieces, sources } = normalValueAnswer(referenceValues, m);
            return plan(
              'normal_value',
              analysis,
              [`${unreadValueNote(referenceValues, measure.id, measure.numbers, measure.unit ?? null)}\n\n`, ...pieces],
              sources,
            );
          }
          break;
        }
        case 'normal_value': {
          const m = referenceValues.measures.find((x) => x.id === analysis.measure?.id);
          if (m) {
            const { pieces, sources } = normalValueAnswer(referenceValues, m);
            return plan('normal_value', analysis, pieces, sources);
          }
          break;
        }
        default:
          break;
      }
      // Two medicines named that share an ingredient (co-codamol and paracetamol): taking both doubles it.
      const named = medicinesNamedIn(text, medicineFacts, combinationProducts());
      // Too much taken comes first: the call to make, whatever else the question asks about the medicines.
      if ((named.length > 0 || analysis.medicines.length > 0) && tookTooMuch(text))
        return tooMuchAnswer(analysis, named);
      const same = sameIngredientAnswer(named, medicineFacts);
      if (same) return plan('medicine_fact', analysis, same.pieces, same.sources);
      const product = productAnswer(named, analysis, medicineFacts);
      if (product) return plan('medicine_fact', analysis, [...product.pieces, ASK_PHARMACIST], product.sources);
      if (analysis.medicines.length > 0) {
        const answer = medicineAnswer(analysis);
        const reading =
          answer && analysis.measure
            ? readValue(
                referenceValues,
                analysis.measure.id,
                analysis.measure.numbers,
                analysis.sex,
                analysis.measure.unit ?? null,
                analysis.ageMonths,
              )
            : null;
        if (answer && reading) {
          const value = valueAnswer(referenceValues, reading);
          return {
            ...answer,
            pieces: [...answer.pieces, '\n\n', ...value.pieces],
            sources: [...answer.sources, ...value.sources],
          };
        }
        if (answer) return answer;
        if (['dose', 'children', 'alcohol', 'pregnancy', 'interaction'].includes(analysis.type)) {
          const name = medicineFacts.find(analysis.medicines[0] as string)?.name;
          return plan('abstain', analysis, [abstainAnswer(analysis, name)]);
        }
        // "Can I take ibuprofen if I have asthma": the medicine's warnings that name the condition.
        const sheet = medicineFacts.find(analysis.medicines[0] as string);
        const typed = new Set(analysis.medicineWords);
        const others = analysis.subjectWords.filter((w) => !typed.has(w));
        const cautions =
          sheet && others.length > 0 ? sheet.cautions.filter((c) => others.some((w) => mentions(c.text, stem(w)))) : [];
        if (sheet && cautions.length > 0)
          return factAnswer(analysis, sheet, cautions, `**${sheet.name}: what the sources say for you**`);
        // Otherwise passages, the medicine named as its facts name it ("calpol" is paracetamol); a topic that
        // names more of the question wins ("insulin resistance" over "insulin").
        if (sheet) {
          const canonical = sheet.id.split(' ');
          const words = analysis.subjectWords.flatMap((w) => (typed.has(w) ? canonical : [w]));
          analysis = { ...analysis, subjectWords: [...new Set(words.length > 0 ? words : canonical)] };
        }
      }
      const { passages, isTypeMatched } = await passagesFor(analysis);
      if (passages.length === 0) {
        // A medicine without a passage of its own, asked about nothing else: what its facts say it is and is for.
        const sheet = medicineFacts.find(analysis.medicines[0] ?? '');
        const asksMore = analysis.subjectWords.some((w) => !(sheet?.id.split(' ') ?? []).includes(w));
        if (sheet && !asksMore && ['what_is', 'general'].includes(analysis.type))
          return factAnswer(analysis, sheet, [sheet.uses], `**${sheet.name}:**`);
        // Someone describing symptoms is pointed to the symptom check, which asks the questions a message cannot.
        if (!sheet && describesSymptoms(text)) return plan('abstain', analysis, [SYMPTOMS_ANSWER]);
        return plan('abstain', analysis, [abstainAnswer(analysis, sheet?.name)]);
      }
      return passageAnswer(analysis, passages, isTypeMatched);
    },
  };
}
export type Responder = ReturnType<typeof createResponder>;
