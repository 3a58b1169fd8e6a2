import { helplinesFor, linesFor, type HelplineUse } from '@medibuddy/contracts/helplines';
import { INTL_LOCALE, t, useT } from '../../lib/i18n';
import { useCountry } from '../../lib/use-country';

/**
 * Who to call, as tappable tel: links, for the user's country: a crisis line or poison centre where the notice
 * calls for one, and always the emergency number.
 */
export function HelplineLinks({ uses }: { uses: readonly HelplineUse[] }) {
  const { language } = useT();
  const [country] = useCountry();
  const helplines = helplinesFor(country);
  const lines = linesFor(helplines, uses);
  const ordered = [
    ...lines.filter((l) => l.use === 'crisis'),
    helplines.emergency,
    ...lines.filter((l) => l.use === 'poison'),
  ];
  return (
    <div className="mt-3" data-testid="helpline-links">
      <p className="font-semibold">
        {helplines.country === 'default'
          ? t('helplines.whoToCall')
          : t('helplines.whoToCallIn', { country: countryName(helplines.country, helplines.name, language) })}
      </p>
      <ul className="mt-1 space-y-1">
        {ordered.map((line) => (
          <li key={`${line.name}-${line.dial}`}>
            {line.name}:{' '}
            <a href={`tel:${line.dial}`} className="font-bold underline underline-offset-2">
              {line.number}
            </a>
          </li>
        ))}
      </ul>
      {uses.includes('poison') ? <p className="mt-1">{helplines.poisonAdvice}</p> : null}
    </div>
  );
}

/** A country's name in the page's language where Intl knows it (India, भारत), else the helplines' own name. */
export function countryName(code: string, name: string, language: keyof typeof INTL_LOCALE): string {
  if (language === 'en' || !/^[A-Z]{2}$/.test(code)) return name;
  try {
    return new Intl.DisplayNames([INTL_LOCALE[language]], { type: 'region' }).of(code) ?? name;
  } catch {
    return name;
  }
}

/**
 * The emergency number of the user's country as a tel: link, for the notices that say "call your local emergency
 * number". The build's HTML names the number for no country in particular (the visitor's is known only in the
 * browser), so the line keeps at least that text's room, as an invisible copy in ::after (not in the text): the
 * page below does not move when the browser then names the visitor's own.
 */
export function EmergencyNumber() {
  const { language } = useT();
  const [country] = useCountry();
  const helplines = helplinesFor(country);
  return (
    <span
      className="grid after:invisible after:content-[attr(data-room)] after:[grid-area:1/1]"
      data-room={`${t('safety.emergencyNoCountry')}${helplinesFor(null).emergency.number}.`}
    >
      <span data-testid="emergency-number" className="[grid-area:1/1]">
        {helplines.country === 'default'
          ? t('safety.emergencyNoCountry')
          : t('safety.emergencyIn', { country: countryName(helplines.country, helplines.name, language) })}
        <a href={`tel:${helplines.emergency.dial}`} className="font-semibold underline underline-offset-2">
          {helplines.emergency.number}
        </a>
        .
      </span>
    </span>
  );
}
