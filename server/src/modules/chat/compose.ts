import type { ChatSource } from '@medibuddy/contracts';
import type { PassageHit } from '../knowledge';

/** Characters of the best passage the offline assistant quotes (cut at a sentence or line). */
const EXCERPT_CHARS = 900;

export const FALLBACK_NOTICE =
  'The AI model could not answer just now, so this answer comes from MediBuddy’s own sources.';
export const BLOCKED_NOTICE =
  'The AI model declined to answer this, so this answer comes from MediBuddy’s own sources.';

export function sourceOf(p: PassageHit): ChatSource {
  return { title: p.sourceTitle, url: p.sourceUrl, publisher: p.publisher, credit: p.credit };
}

/** Markdown-like text reduced to lines we render: paragraphs, "- " list items; nothing else is markup. */
function cleanLines(body: string): string[] {
  return body
    .replace(/\r/g, '')
    .split('\n')
    .map((l) =>
      l
        .trim()
        .replace(/^[•*]\s+/, '- ')
        .replace(/[<>]/g, ''),
    )
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
      i > 0 && ((line.startsWith('- ') && !(out[i - 1] as string).startsWith('- ')) || /^\*\*[^*]+\*\*/.test(line))
        ? `\n${line}`
        : line,
    )
    .join('\n');
}

/** What a model provider is told: health information only, from the numbered passages, cited, or "I don't know". */
export function systemPrompt(passages: readonly PassageHit[]): string {
  const context = passages
    .map((p, i) => `[${i + 1}] ${p.topic} — ${p.sourceTitle}\n${excerptOf(p.body, 2500)}`)
    .join('\n\n');
  return [
    'You are MediBuddy, a health-information assistant. You are not a doctor and you do not diagnose or prescribe.',
    'Answer only questions about health, the body, illnesses, medicines and healthy living; politely decline anything else.',
    'Answer only from the numbered sources below and cite them like [1]. They were chosen for the topic of the question; if they do not answer what was asked, say plainly that you have no reliable source for that and suggest asking a doctor (or a pharmacist, for medicines), rather than guess or use other knowledge.',
    'Use plain words, short paragraphs, **bold** and "- " lists only (no HTML, no tables, no links). Keep it under 250 words.',
    'End by suggesting a doctor or pharmacist where that helps. If anything sounds like an emergency, tell the user to call their local emergency number.',
    '',
    'Sources:',
    context,
  ].join('\n');
}
