import {
  helplinesFor,
  helplineUsesOf,
  helplineLine,
  listeningAnswer,
  linesFor,
  RED_FLAGS,
  telLink,
  type ChatSource,
  type EmergencyNotice,
} from '@medibuddy/contracts';

/**
 * The reply to a message that raised a red flag: the notice's message, who to call in the user's country
 * (the emergency number always; a crisis line for self-harm; a poison centre for poisoning), then the advice
 * for each sign. Its sources are the pages that give those numbers and that advice.
 */
export function emergencyAnswer(
  notice: EmergencyNotice,
  country?: string | null,
): { text: string; sources: ChatSource[] } {
  const helplines = helplinesFor(country);
  const uses = helplineUsesOf(notice.flags);
  const lines = linesFor(helplines, uses);
  const where = helplines.country === 'default' ? '' : ` (${helplines.name})`;
  const callList = [
    ...lines.filter((l) => l.use === 'crisis').map((l) => `- **${l.name}:** ${telLink(l.number, l.dial)}`),
    `- **${helplines.emergency.name}:** ${telLink(helplines.emergency.number, helplines.emergency.dial)}`,
    ...lines.filter((l) => l.use === 'poison').map((l) => `- **${l.name}:** ${telLink(l.number, l.dial)}`),
  ];
  // The crisis flag's advice is the crisis message itself; it is not repeated below it.
  const advice = notice.flags
    .filter((f) => !notice.message.includes(f.advice))
    .map((f) => `- **${f.label}:** ${f.advice}`);
  const text = [
    `**${notice.message}**`,
    '',
    `**Who to call now${where}:**`,
    ...callList,
    ...(uses.includes('poison') ? ['', helplines.poisonAdvice] : []),
    ...(advice.length > 0 ? ['', ...advice] : []),
  ].join('\n');

  const cited = [
    ...lines.map((l) => l.source),
    helplines.emergency.source,
    ...notice.flags.flatMap((f) => RED_FLAGS.find((r) => r.id === f.id)?.sources ?? []),
  ];
  const sources = [...new Map(cited.map((s) => [s.url, s])).values()].map((s) => ({
    title: s.title,
    url: s.url,
    publisher: s.publisher,
    credit: null,
  }));
  return { text, sources };
}

/**
 * The line that goes before the ordinary answer to a message that sounds like distress but raised no red flag:
 * the crisis lines of the user's country (its emergency number where it has none), as tel: links, and their sources.
 */
export function helplineFirstLine(country?: string | null): { text: string; sources: ChatSource[] } {
  const { text, sources } = helplineLine(helplinesFor(country));
  return {
    text: `**${text}**\n\n`,
    sources: sources.map((s) => ({ title: s.title, url: s.url, publisher: s.publisher, credit: null })),
  };
}

/**
 * What follows the helpline line when the message asks nothing a source answers (no question, a greeting, or one
 * the chat would abstain from): words that listen, with the emergency number, instead of "no reliable source".
 */
export function listeningReply(country?: string | null): { text: string; sources: ChatSource[] } {
  const { text, sources } = listeningAnswer(helplinesFor(country));
  return {
    text,
    sources: [...new Map(sources.map((s) => [s.url, s])).values()].map((s) => ({
      title: s.title,
      url: s.url,
      publisher: s.publisher,
      credit: null,
    })),
  };
}

/**
 * The line that goes before the ordinary answer to a general question that named an emergency sign ("what are the
 * signs of a stroke"): if it is happening now, the user's emergency number, as a tel: link, with its source.
 */
export function emergencyFirstLine(country?: string | null): { text: string; sources: ChatSource[] } {
  const { emergency } = helplinesFor(country);
  const { source } = emergency;
  return {
    text: `**If this is happening to you or someone with you now, call ${telLink(emergency.number, emergency.dial)} now.**\n\n`,
    sources: [{ title: source.title, url: source.url, publisher: source.publisher, credit: null }],
  };
}
