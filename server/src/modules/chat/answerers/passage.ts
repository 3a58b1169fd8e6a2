import { loadFirstAidHindi } from '../../../content/first-aid';
import type { PassageHit } from '../../knowledge';
import { QTYPE_WORDS, QTYPES_FOR, type Analysis, type QuestionType } from '../analyse';
import { excerptOf, sourceOf } from '../compose';
import { correctTypo, mentions, stem, stemsOf, topicMatch } from '../topic-match';
import { NOT_A_DIAGNOSIS, plan } from './plan';
import type { Answerer, AnswerContext } from './types';

const PASSAGES_FOR_MODEL = 3;
/** Genetics references, written for rare conditions: a patient-facing page on the same topic comes first. */
const GENETIC_SOURCES = /Genetics Home Reference|Genetic and Rare Diseases/;
const CANDIDATES = 40;
/** Candidates whose text is read to check that it mentions the rest of the subject. */
const BODIES_CHECKED = 8;
const EXCERPT_CHARS = 700;

/** Headings of our own disease notes that answer a question type. */
const SECTION_HEADINGS: Partial<Record<QuestionType, RegExp>> = {
  symptoms: /^\*\*[^*]*(symptom|sign)/im,
  prevention: /^\*\*[^*]*(precaution|prevent)/im,
};

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

/** The part of a passage that answers the question: from the matching heading of our own notes, else all of it. */
function sectionOf(passage: PassageHit, type: QuestionType): string {
  const heading = SECTION_HEADINGS[type];
  if (passage.sourceKind !== 'disease' || !heading) return passage.body;
  const at = passage.body.search(heading);
  return at === -1 ? passage.body : passage.body.slice(at);
}

/**
 * The analysis whose subject the passages are searched for: a medicine named as its facts name it ("calpol" is
 * paracetamol), so that a topic that names more of the question wins ("insulin resistance" over "insulin").
 */
export function subjectAnalysis({ analysis, medicineFacts }: AnswerContext): Analysis {
  const sheet = analysis.medicines.length > 0 ? medicineFacts.find(analysis.medicines[0] as string) : undefined;
  if (!sheet) return analysis;
  const typed = new Set(analysis.medicineWords);
  const canonical = sheet.id.split(' ');
  const words = analysis.subjectWords.flatMap((w) => (typed.has(w) ? canonical : [w]));
  return { ...analysis, subjectWords: [...new Set(words.length > 0 ? words : canonical)] };
}

/** Passages about the subject, of the asked type where there is one; [] when none is about it. */
async function passagesFor(
  ctx: AnswerContext,
  analysis: Analysis,
): Promise<{ passages: PassageHit[]; isTypeMatched: boolean }> {
  const { knowledge } = ctx;
  let words = analysis.subjectWords;
  if (words.length === 0) return { passages: [], isTypeMatched: false };
  // A word that names no topic and that (almost) no passage contains is a typo, or something we have nothing
  // on: corrected to a topic word when one is a letter or two away ("migrane").
  const vocab = await ctx.topicVocabulary();
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

const FIRST_AID_HINDI = loadFirstAidHindi();
const list = (items: readonly string[]) => items.map((s) => `- ${s}`).join('\n');
const EMERGENCY_HINDI = '**अभी इमरजेंसी नंबर (भारत में 112 या 108) पर कॉल करें या अस्पताल की इमरजेंसी में जाएँ, अगर:**';
const URGENT_HINDI = '**डॉक्टर को दिखाएँ, अगर:**';

/**
 * A first-aid passage in Hindi (first-aid.hi.json), for a question in Hindi or Hinglish: the same part of the same
 * topic as the English passage (its key is first-aid:<topic>:<part>:<name>); null when the passage is not first aid.
 */
function firstAidInHindi(best: PassageHit): string[] | null {
  if (best.sourceKind !== 'first_aid') return null;
  const [, key, part] = best.key.split(':');
  const hi = key ? FIRST_AID_HINDI.topics[key] : undefined;
  if (!hi) return null;
  const help = (withUrgent: boolean) => [
    `${EMERGENCY_HINDI}\n${list(hi.emergency)}`,
    ...(withUrgent && hi.urgent.length > 0 ? [`${URGENT_HINDI}\n${list(hi.urgent)}`] : []),
  ];
  const body =
    part === 'symptoms'
      ? [`**लक्षण:**\n${list(hi.symptoms)}`, ...help(false)]
      : part === 'what-to-do'
        ? [`**क्या करें:**\n${list(hi.whatToDo)}`, ...help(false)]
        : [hi.whatItIs, ...help(true)];
  return [
    `MediBuddy के प्राथमिक उपचार (फ़र्स्ट एड) नोट्स से, **${hi.title}** पर:\n\n`,
    `${body.join('\n\n')}\n\n`,
    'स्रोत नीचे दिया गया है। यह सामान्य जानकारी है, निदान नहीं: डॉक्टर बता सकते हैं कि आपके लिए इसका क्या मतलब है।',
  ];
}

/** A passage about that very topic (and of the asked type where one is), quoted with its source; never a near one. */
export const passage: Answerer = {
  name: 'passage',
  canAnswer: () => true,
  async answer(ctx) {
    const analysis = subjectAnalysis(ctx);
    const { passages, isTypeMatched } = await passagesFor(ctx, analysis);
    if (passages.length === 0) return null;
    const best = passages[0] as PassageHit;
    const hindi = ctx.reading.language !== 'en' ? firstAidInHindi(best) : null;
    if (hindi) return { ...plan('passage', analysis, hindi, [sourceOf(best)], passages), language: 'hi' };
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
  },
};
