import { DISEASE_CONTENT } from '../../content/diseases';
import { STARTER_CATALOGUE } from '../medicines/starter-catalogue';
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
