import { DISEASE_CONTENT } from '../../content/diseases';
import { FIRST_AID, type FirstAidFile, type FirstAidTopic } from '../../content/first-aid';
import { STARTER_CATALOGUE } from '../../content/starter-catalogue';
import type { PassageRow } from './knowledge.types';

/**
 * The product's own content as passages the assistant can answer from: each disease entry of the result pages
 * (server/src/content/diseases.ts) and each medicine of the starter catalogue. Both were written for MediBuddy
 * from public sources; a passage links to the first source its entry was written from.
 */
export function diseasePassages(): PassageRow[] {
  return Object.values(DISEASE_CONTENT)
    .filter((d) => d.category !== 'normal')
    .map((d) => {
      const source = d.sources.find((s) => s.url) ?? d.sources[0];
      const symptomsLabel = d.labels?.symptoms ?? 'Symptoms';
      const precautionsLabel = d.labels?.precautions ?? 'Precautions';
      const body = [
        d.description,
        `**${symptomsLabel}:**\n${d.symptoms.map((s) => `- ${s}`).join('\n')}`,
        `**${precautionsLabel}:**\n${d.precautions.map((s) => `- ${s}`).join('\n')}`,
        `**When to get care:**\n${d.whenToSeekCare.map((s) => `- ${s}`).join('\n')}`,
      ].join('\n\n');
      return {
        key: `disease:${d.key}`,
        sourceKind: 'disease',
        topic: d.title,
        question: `What is ${d.title}? Symptoms and precautions`,
        qtype: 'information',
        body,
        sourceTitle: `${d.title} — MediBuddy health notes, from ${source?.publisher ?? 'public health sources'}`,
        sourceUrl: source?.url ?? null,
        publisher: 'MediBuddy',
        // Written in our own words from the facts of its sources: no text of theirs is reproduced.
        credit: null,
      };
    });
}

export function medicinePassages(): PassageRow[] {
  return STARTER_CATALOGUE.map((m) => ({
    key: `medicine:${m.slug}`,
    sourceKind: 'medicine',
    topic: m.name,
    question: `What is ${m.name} used for? Side effects`,
    qtype: 'information',
    body: [
      `${m.name} is used for: ${m.uses.map((u) => u.charAt(0).toLowerCase() + u.slice(1)).join('; ')}.`,
      `**Forms:** ${m.composition}.`,
      `**Side effects:** ${m.sideEffects}`,
      m.prescription === 'otc'
        ? 'Sold without a prescription in many countries; a pharmacist can advise you.'
        : 'Needs a prescription in many countries — ask a doctor.',
    ].join('\n\n'),
    sourceTitle: m.source,
    sourceUrl: m.sourceUrl,
    publisher: 'MediBuddy',
    credit: null,
  }));
}

const EMERGENCY_HEADING = '**Call 999 (or your local emergency number) or go to A&E now if:**';
const URGENT_HEADING = '**See a GP, or call NHS 111 in the UK, if:**';
const list = (items: readonly string[]) => items.map((s) => `- ${s}`).join('\n');

/** When to get help, the emergency signs first; the urgent ones only where `withUrgent`. */
function whenToGetHelp(topic: FirstAidTopic, withUrgent: boolean): string[] {
  const { emergency, urgent } = topic.whenToGetHelp;
  return [
    `${EMERGENCY_HEADING}\n${list(emergency)}`,
    ...(withUrgent && urgent.length > 0 ? [`${URGENT_HEADING}\n${list(urgent)}`] : []),
  ];
}

/** A topic's three passages: what it is (with when to get help), its symptoms, and what to do. */
function firstAidSections(topic: FirstAidTopic) {
  return [
    {
      part: 'about',
      qtype: 'information',
      asks: 'what is it, when to get help',
      source: topic.whatItIs.source,
      body: [topic.whatItIs.text, ...whenToGetHelp(topic, true)],
    },
    {
      part: 'symptoms',
      qtype: 'symptoms',
      asks: 'symptoms and signs',
      source: topic.symptoms.source,
      body: [`**Symptoms:**\n${list(topic.symptoms.items)}`, ...whenToGetHelp(topic, false)],
    },
    {
      part: 'what-to-do',
      qtype: 'treatment',
      asks: 'what to do, first aid and treatment at home',
      source: topic.whatToDo.source,
      body: [`**What to do:**\n${list(topic.whatToDo.items)}`, ...whenToGetHelp(topic, false)],
    },
  ] as const;
}

/**
 * First-aid and self-care topics (server/src/content/first-aid.json) as passages: each of a topic's three parts once
 * for every name people use, since the chat matches a passage only when every word of its topic is in the question.
 * The topic reads "Burns and scalds (scald)"; a topic written for children carries "in children" in each name, so
 * that it answers only a question about a child.
 */
export function firstAidPassages(data: FirstAidFile = FIRST_AID): PassageRow[] {
  return data.topics.flatMap((topic) =>
    firstAidSections(topic).flatMap((section) => {
      const source = data.sources[section.source];
      return topic.aliases.map((alias) => {
        const name = topic.forChildren ? `${alias} in children` : alias;
        const isTitle = name === topic.title.toLowerCase();
        return {
          key: `first-aid:${topic.key}:${section.part}:${alias.replace(/[^a-z0-9]+/g, '-')}`,
          sourceKind: 'first_aid' as const,
          topic: isTitle ? topic.title : `${topic.title} (${name})`,
          question: `${topic.title}: ${section.asks}${topic.contextWords.length > 0 ? ` (${topic.contextWords.join(', ')})` : ''}`,
          qtype: section.qtype,
          body: section.body.join('\n\n'),
          sourceTitle:
            `${topic.title} — MediBuddy first-aid notes, from ${source?.publisher ?? 'public health sources'}: ${source?.title ?? ''}`.trim(),
          sourceUrl: source?.url ?? null,
          publisher: 'MediBuddy',
          credit: null,
        };
      });
    }),
  );
}
