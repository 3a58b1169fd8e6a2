/**
 * Finds English left on a page rendered in Hindi (decision 032): every visible text node, the page's title and the
 * texts people get from attributes (aria-label, placeholder, title, alt), read for runs of Latin letters. A run passes
 * when it is on the allow-list below, is one the Hindi catalogues themselves write in Latin letters (a name the
 * translation keeps: WHO, CT Scan, a data set's name), or comes word for word from what the stubbed server sent or
 * the test typed (server data is shown as the server sends it: medicine names, conditions, notices).
 */

/** Words that stay in Latin letters in Hindi too. */
const ALLOWED: readonly RegExp[] = [
  /^MediBuddy$/,
  // The language switcher names English in English.
  /^English$/,
  // Units and the like, as Hindi writes them.
  /^(mg|mcg|g|ml|mL|L|kg|cm|mm|mmHg|mmol\/L|mg\/dL|g\/dL|IU|U\/L|°C|°F|BMI|OTP|PDF|SMS)$/,
  // The units of lab reports, as the test forms print them (mm Hg, kg/m², IU/L, fL, pg, µIU/mL, mmol/mol, g/L).
  /^(Hg|kg\/m|IU\/L|fL|pg|U\/mL|IU\/mL|mU\/L|mol\/L|mmol\/mol|pmol\/L|g\/L|%)$/,
  // The time of day as Intl writes it for hi-IN (3:30 pm).
  /^(am|pm)$/,
  // An e-mail address (the account's, the contact page's).
  /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
];

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;

/** A run of Latin words: letters, with the digits, spaces and punctuation between them. */
const LATIN_RUN = /[A-Za-z°][\w°@.+/'’-]*(?:[ ,:;()&'’/-]+[A-Za-z°][\w°@.+/'’-]*)*/g;

export type Untranslated = { text: string; where: string };

function placeOf(element: Element | null, attribute?: string): string {
  if (!element) return 'document';
  const tag = element.tagName.toLowerCase();
  const id = element.id ? `#${element.id}` : '';
  return attribute ? `${tag}${id}[${attribute}]` : `${tag}${id}`;
}

/**
 * The runs of Latin words in a text, cut at commas, colons, semicolons and brackets (a name and its ingredients in
 * brackets are two runs), without the punctuation that ends them.
 */
export function latinRuns(text: string): string[] {
  return (text.match(LATIN_RUN) ?? [])
    .flatMap((run) => run.split(/\s*[(),;:]\s*/))
    .map((run) => run.replace(/[\s&'’/-]+$/, '').replace(/\.$/, ''))
    .filter((run) => run !== '');
}

/**
 * The runs of Latin words that Hindi messages keep inside their Hindi, their {placeholders} left out. A message with no
 * Devanagari at all is an untranslated one, and lends no words.
 */
export function keptInCatalogues(messages: readonly string[]): Set<string> {
  return new Set(
    messages
      .filter((message) => /[\u0900-\u097F]/.test(message))
      .flatMap((message) => latinRuns(message.replace(/\{[^{}]*\}/g, ' '))),
  );
}

type Allowed = { given: string; kept: ReadonlySet<string> };

/** The runs of a text that are neither allowed nor the server's or the visitor's own words. */
function untranslatedRuns(text: string, { given, kept }: Allowed): string[] {
  return latinRuns(text)
    .filter((run) => !kept.has(run))
    .filter((run) => !ALLOWED.some((pattern) => pattern.test(run)))
    .filter((run) => !run.split(/\s+/).every((word) => ALLOWED.some((pattern) => pattern.test(word))))
    .filter((run) => !given.includes(run));
}

/**
 * Every run of untranslated text in `root` and the document's title. `given` is the text the page was handed: the
 * stubbed server's answers and what the test typed; `kept`, the runs of Latin words the catalogues write
 * (keptInCatalogues).
 */
export function findUntranslated(
  root: Element,
  { given = [], kept = new Set() }: { given?: readonly string[]; kept?: ReadonlySet<string> } = {},
): Untranslated[] {
  const data: Allowed = { given: given.join('\n'), kept };
  const found: Untranslated[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style, template')) continue;
    for (const text of untranslatedRuns(node.textContent ?? '', data)) found.push({ text, where: placeOf(parent) });
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (!value) continue;
      for (const text of untranslatedRuns(value, data)) found.push({ text, where: placeOf(element, attribute) });
    }
  }
  for (const text of untranslatedRuns(root.ownerDocument.title, data)) found.push({ text, where: 'title' });
  return found;
}

/** Every string in a JSON value (a stubbed server answer), for `given`. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}
