import { helplinesFor, linesFor } from '@medibuddy/contracts/helplines';
import { Fragment } from 'react';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';
import { useCountry } from '../../lib/use-country';

/**
 * The country's crisis lines as tel: links, always shown under the chat box. The chat's crisis and distress checks
 * are word patterns and miss wording they have never seen; this line reaches a person in crisis whatever they typed.
 */
export function CrisisLineNote() {
  const [country] = useCountry();
  const helplines = helplinesFor(country);
  const crisis = linesFor(helplines, ['crisis']);
  const calls = crisis.length > 0 ? crisis : [{ ...helplines.emergency, name: t('chat.localEmergencyNumber') }];
  const lines = calls.map((line, i) => (
    <Fragment key={line.dial}>
      {i > 0 ? (i === calls.length - 1 ? ` ${t('chat.or')} ` : ', ') : null}
      {crisis.length > 0 ? `${line.name.replace(/\s*\(.*\)$/, '')} ` : `${line.name} `}
      <a href={`tel:${line.dial}`} className="font-semibold text-teal-800 underline underline-offset-2">
        {line.number}
      </a>
    </Fragment>
  ));
  return (
    <p data-testid="crisis-line-note" className="mt-1 text-center text-xs text-slate-700">
      {richText('chat.crisisNote', { lines })}
    </p>
  );
}
