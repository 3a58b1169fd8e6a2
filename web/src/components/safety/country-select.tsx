import { HELPLINE_COUNTRIES } from '@medibuddy/contracts/helplines';
import { useId } from 'react';
import { t, useT } from '../../lib/i18n';
import { useCountry } from '../../lib/use-country';
import { countryName } from './helpline-links';

const OTHER = 'other';
/** ISO 3166's code for an unknown country: it gets the local-emergency-number entry, like any country without its own. */
const UNKNOWN_COUNTRY = 'ZZ';

/** Lets the user choose whose helplines MediBuddy shows; the browser's language chooses until they do. */
export function CountrySelect() {
  const { language } = useT();
  const [country, setCountry] = useCountry();
  const id = useId();
  const known = HELPLINE_COUNTRIES.some(([code]) => code === country);
  return (
    <div>
      <label htmlFor={id} className="block text-slate-800">
        {t('chat.country')}
      </label>
      <select
        id={id}
        value={known && country ? country : OTHER}
        onChange={(e) => setCountry(e.target.value === OTHER ? UNKNOWN_COUNTRY : e.target.value)}
        className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
      >
        {HELPLINE_COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {countryName(code, name, language)}
          </option>
        ))}
        <option value={OTHER}>{t('chat.otherCountry')}</option>
      </select>
    </div>
  );
}
