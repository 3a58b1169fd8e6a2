import { helplinesFor, telLink, type ChatSource } from '@medibuddy/contracts';

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
