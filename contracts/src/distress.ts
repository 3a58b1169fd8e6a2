import { z } from 'zod';
import distressData from './content/distress.json';
import { linesFor, type CountryHelplines } from './helplines';
import { detectRedFlags, normaliseForRedFlags, RedFlagPatternSchema, RedFlagSourceSchema } from './red-flags';

/**
 * The distress signal: a safety net under the crisis red flags. The red flags' crisis patterns are precise, and
 * wording they have never seen slips past them; the distress groups are broad (hopelessness, feeling a burden,
 * wanting to disappear, goodbyes, a means with intent...), so a message that raises them but no red flag still
 * gets the crisis helplines, as one line before its ordinary answer. It errs towards the line: a question about
 * depression may carry it too, while plain physical wording ("my knee is killing me") does not.
 * The groups, rules and their sources are data (content/distress.json), checked by the schema below at load.
 */

const GroupSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  label: z.string().min(1),
  /** True: any pattern raises the line alone. False: the group counts only inside a rule. */
  alone: z.boolean(),
  patterns: z.array(RedFlagPatternSchema).min(1),
  sources: z.array(RedFlagSourceSchema).min(1),
});

export const DistressDataSchema = z
  .object({
    about: z.string(),
    /** The line shown before the answer; {lines} becomes the country's crisis lines as tel: links. */
    line: z.string().includes('{lines}'),
    /**
     * What follows the line when the message asks nothing the chat can answer from a source ("i dont see the point
     * anymore" is no health question): a few words that listen, instead of "no reliable source". {emergency} becomes
     * the country's emergency number as a tel: link.
     */
    listen: z.string().includes('{emergency}'),
    listenSources: z.array(RedFlagSourceSchema).min(1),
    groups: z.array(GroupSchema).min(1),
    rules: z.array(
      z
        .object({
          id: z.string().regex(/^[a-z-]+$/),
          label: z.string().min(1),
          /** Every one of these groups must match. */
          all: z.array(z.string()).min(1),
          /** And at least this many different patterns of one group (word families: two distinct ones, not one word). */
          families: z.object({ group: z.string(), atLeast: z.number().int().min(2) }).optional(),
        })
        .refine((r) => r.all.length >= 2 || r.families, 'must combine two groups or name a number of word families'),
    ),
  })
  .superRefine((d, ctx) => {
    const ids = new Set(d.groups.map((g) => g.id));
    d.rules.forEach((rule, i) => {
      rule.all.forEach((id, j) => {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', path: ['rules', i, 'all', j], message: `names no group: ${id}` });
      });
      if (rule.families && !ids.has(rule.families.group))
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'families', 'group'],
          message: `names no group: ${rule.families.group}`,
        });
    });
  });

const data = DistressDataSchema.parse(distressData);
const groups = data.groups.map((g) => ({ ...g, patterns: g.patterns.map((p) => new RegExp(p)) }));

/**
 * The ids of the groups and rules a text raises (empty when none): a group marked alone, or a rule whose groups all
 * match (and, for a rule counting word families, enough different patterns of its group).
 */
export function detectDistress(text: string): string[] {
  const normalised = normaliseForRedFlags(text);
  const counts = new Map(groups.map((g) => [g.id, g.patterns.filter((p) => p.test(normalised)).length]));
  const isMatched = (id: string) => (counts.get(id) ?? 0) > 0;
  return [
    ...groups.filter((g) => g.alone && isMatched(g.id)).map((g) => g.id),
    ...data.rules
      .filter(
        (r) => r.all.every(isMatched) && (!r.families || (counts.get(r.families.group) ?? 0) >= r.families.atLeast),
      )
      .map((r) => r.id),
  ];
}

/**
 * Whether a message needs the helpline line before its ordinary answer: it raises distress and no crisis red
 * flag (a crisis flag gets the full crisis reply instead). The patterns alone: the chat also raises the line on the
 * learned classifier (crisis-classifier.ts, a subpath of its own so the web bundle never loads its weight table).
 */
export function needsHelplineLine(text: string): boolean {
  if (detectRedFlags(text).some((m) => m.flag.kind === 'crisis')) return false;
  return detectDistress(text).length > 0;
}

/** A number as a markdown link the chat renders as a tappable tel: link. */
export const telLink = (number: string, dial: string) => `[${number}](tel:${dial})`;

/**
 * The line in markdown: the country's crisis lines as tel: links, or its emergency number where it has none.
 * Its sources are the pages that give those numbers.
 */
export function helplineLine(helplines: CountryHelplines): {
  text: string;
  sources: z.infer<typeof RedFlagSourceSchema>[];
} {
  const crisis = linesFor(helplines, ['crisis']);
  const calls =
    crisis.length > 0
      ? crisis.map((l) => `${l.name} on ${telLink(l.number, l.dial)}`)
      : [`your local emergency number ${telLink(helplines.emergency.number, helplines.emergency.dial)}`];
  const joined = calls.length > 1 ? `${calls.slice(0, -1).join(', ')} or ${calls.at(-1)}` : (calls[0] as string);
  const sources = crisis.length > 0 ? crisis.map((l) => l.source) : [helplines.emergency.source];
  return { text: data.line.replace('{lines}', joined), sources: [...new Map(sources.map((s) => [s.url, s])).values()] };
}

/** The answer after the helpline line to a message with no question a source answers (see `listen` above). */
export function listeningAnswer(helplines: CountryHelplines): {
  text: string;
  sources: z.infer<typeof RedFlagSourceSchema>[];
} {
  const { emergency } = helplines;
  return {
    text: data.listen.replace('{emergency}', telLink(emergency.number, emergency.dial)),
    sources: [...data.listenSources, emergency.source],
  };
}
