import { HEALTH_DATA_CONSENT_TEXT } from '@medibuddy/contracts/forms';
import { useEffect, useRef } from 'react';
import { Button } from './ui/button';
import { ShieldIcon } from './ui/icons';

/** The prompt's words; English unless a translated page gives its own (decision 032). */
type ConsentTexts = {
  heading: string;
  consent: string;
  without: string;
  agree: string;
  saving: string;
  notNow: string;
};

const ENGLISH: ConsentTexts = {
  heading: 'May we store your health data?',
  consent: HEALTH_DATA_CONSENT_TEXT,
  without: 'Without your consent the result cannot be saved, so the test does not run.',
  agree: 'I agree, run the test',
  saving: 'Saving your consent…',
  notNow: 'Not now',
};

/**
 * Asked when the server refuses to store a first result (409 consent_required): the consent wording and two
 * answers. Agreeing records the consent and runs the test again; 'Not now' stores nothing.
 */
export function ConsentPrompt({
  isPending,
  onAgree,
  onDecline,
  texts = ENGLISH,
}: {
  texts?: ConsentTexts;
  isPending: boolean;
  onAgree: () => void;
  onDecline: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      role="region"
      aria-labelledby="consent-prompt-heading"
      className="rounded-2xl border-2 border-teal-300 bg-teal-50 p-5 text-teal-950 sm:p-6"
    >
      <h2
        id="consent-prompt-heading"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-bold outline-none"
      >
        <ShieldIcon className="size-5" />
        {texts.heading}
      </h2>
      <p className="mt-2 leading-relaxed">{texts.consent}</p>
      <p className="mt-2 text-sm">{texts.without}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onAgree} isLoading={isPending} loadingText={texts.saving}>
          {texts.agree}
        </Button>
        <Button variant="secondary" onClick={onDecline} disabled={isPending}>
          {texts.notNow}
        </Button>
      </div>
    </section>
  );
}
