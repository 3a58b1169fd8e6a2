import type { ChatSource } from '@medibuddy/contracts';
import type { PassageHit } from '../knowledge/knowledge.repository';

/** Distinct sources shown under a reply, at most. */
export const SOURCES_MAX = 3;
/** Characters of the best passage the offline assistant quotes (cut at a sentence or line). */
const EXCERPT_CHARS = 900;

export const NO_SOURCE_ANSWER =
  'I could not find anything about this in my health sources, so I would rather not guess. Try naming the condition, symptom or medicine you mean (for example "What are the symptoms of gout?"), or ask a doctor or pharmacist.';

export const FALLBACK_NOTICE = 'The AI model could not answer just now, so this answer comes from MediBuddy’s own sources.';
export const BLOCKED_NOTICE = 'The AI model declined to answer this, so this answer comes from MediBuddy’s own sources.';

export function sourceOf(p: PassageHit): ChatSource {
  return { title: p.sourceTitle, url: p.sourceUrl, publisher: p.publisher, credit: p.credit };
}

/**
 * The passages a reply is grounded on: the best passage of each of the first few distinct sources (a source is
 * its link, or its title when it has none), best first.
 */
export function pickPassages(hits: readonly PassageHit[], max = SOURCES_MAX): PassageHit[] {
  const seen = new Set<string>();
  const picked: PassageHit[] = [];
  for (const hit of hits) {
    const id = `${hit.topic.toLowerCase()}|${hit.sourceUrl ?? hit.sourceTitle}`;
    if (seen.has(id)) continue;
    seen.add(id);
    picked.push(hit);
    if (picked.length === max) break;
  }
  return picked;
}

/** Markdown-like text reduced to lines we render: paragraphs, "- " list items; nothing else is markup. */
function cleanLines(body: string): string[] {
  return body
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.trim().replace(/^[•*]\s+/, '- ').replace(/[<>]/g, ''))
    .filter((l) => l !== '' && !/^key points$/i.test(l));
}

/** The start of a passage, cut at a line or sentence end near `max` characters. */
export function excerptOf(body: string, max = EXCERPT_CHARS): string {
  const out: string[] = [];
  let length = 0;
  for (const line of cleanLines(body)) {
    if (length + line.length <= max) {
      out.push(line);
      length += line.length;
      continue;
    }
    if (out.length === 0 || length < max / 2) {
      const room = max - length;
      const cut = line.slice(0, room);
      const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
      out.push(end > 40 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`);
    }
    break;
  }
  // A heading whose list did not fit says nothing: leave it out.
  while (out.length > 0 && /^(\*\*[^*]+\*\*|[^.!?]{1,60}:)$/.test(out.at(-1) as string)) out.pop();
  // A list item needs a blank line before it when it follows a paragraph.
  return out
    .map((line, i) =>
      i > 0 && ((line.startsWith('- ') && !(out[i - 1] as string).startsWith('- ')) || /^\*\*[^*]+\*\*/.test(line)) ? `\n${line}` : line,
    )
    .join('\n');
}

/** The first sentence of a passage, for a related topic. */
function firstSentence(body: string): string {
  const text = cleanLines(body).find((l) => !l.startsWith('- ')) ?? '';
  const match = text.match(/^.{20,300}?[.!?](\s|$)/);
  return (match ? match[0] : text.slice(0, 200)).trim();
}

/**
 * The offline assistant's answer: the best passage's opening, a line for each other topic found, and where it
 * comes from. Returned as pieces (a line each), so the first can be sent as soon as it is known.
 */
export function offlineAnswerPieces(passages: readonly PassageHit[]): string[] {
  const [best, ...others] = passages;
  if (!best) return [NO_SOURCE_ANSWER];
  const pieces = [`Here is what my sources say about **${best.topic}**:\n\n`, `${excerptOf(best.body)}\n\n`];
  const related = others.filter((o) => o.topic.toLowerCase() !== best.topic.toLowerCase());
  if (related.length > 0) {
    pieces.push('**Related:**\n');
    for (const r of related) pieces.push(`- **${r.topic}**: ${firstSentence(r.body)}\n`);
    pieces.push('\n');
  }
  pieces.push('The sources are listed below. This is general information, not a diagnosis: a doctor can tell you what it means for you.');
  return pieces;
}

/** What a model provider is told: health information only, from the numbered passages, cited, or "I don't know". */
export function systemPrompt(passages: readonly PassageHit[]): string {
  const context = passages
    .map((p, i) => `[${i + 1}] ${p.topic} — ${p.sourceTitle}\n${excerptOf(p.body, 2500)}`)
    .join('\n\n');
  return [
    'You are MediBuddy, a health-information assistant. You are not a doctor and you do not diagnose or prescribe.',
    'Answer only questions about health, the body, illnesses, medicines and healthy living; politely decline anything else.',
    'Base your answer on the numbered sources below and cite them like [1]. If they do not answer the question, say that you do not know rather than guess.',
    'Use plain words, short paragraphs, **bold** and "- " lists only (no HTML, no tables, no links). Keep it under 250 words.',
    'End by suggesting a doctor or pharmacist where that helps. If anything sounds like an emergency, tell the user to call their local emergency number.',
    '',
    'Sources:',
    context,
  ].join('\n');
}
