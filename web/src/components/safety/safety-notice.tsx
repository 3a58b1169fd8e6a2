import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmergencyNumber } from './helpline-links';
import { ShieldIcon } from '../ui/icons';
import { useT } from '../../lib/i18n';

type SafetyNoticeProps = {
  /** Result pages pass the server's own words; forms and the catalogue use the defaults. */
  notADiagnosis?: string;
  emergency?: string;
  className?: string;
};

/**
 * The 'not a diagnosis' and 'in an emergency call your local emergency number' notice that the catalogue,
 * every test page and every result page carry (decision 011). One component so the wording stays the same.
 */
export function SafetyNotice({ notADiagnosis, emergency, className = '' }: SafetyNoticeProps) {
  const { t } = useT();
  return (
    <aside
      aria-label={t('safety.label')}
      data-testid="safety-notice"
      className={`flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-base leading-relaxed text-amber-950 ${className}`}
    >
      <ShieldIcon className="mt-1 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{notADiagnosis ?? t('safety.notADiagnosis')}</p>
        <p>
          {emergency ?? t('safety.emergency')} <EmergencyNumber />
        </p>
      </div>
    </aside>
  );
}

type PrivacyNoteProps = {
  /** Its words in the page's language: the bold lead, the sentence after it, the policy link's text. */
  texts: { heading: string; note: string; policy: string };
  className?: string;
  children?: ReactNode;
};

/**
 * The short privacy note shown wherever health data is entered (forms, uploads, chat). Pass children to add
 * one sentence specific to the page (e.g. what happens to an uploaded image).
 */
export function PrivacyNote({ texts, className = '', children }: PrivacyNoteProps) {
  return (
    <p data-testid="privacy-note" className={`text-sm leading-relaxed text-slate-700 ${className}`}>
      <span className="font-semibold">{texts.heading}</span> {texts.note} {children}
      <Link to="/privacy" className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950">
        {texts.policy}
      </Link>
    </p>
  );
}
