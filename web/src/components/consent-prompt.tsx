import { HEALTH_DATA_CONSENT_TEXT } from '@medibuddy/contracts/forms';
import { useEffect, useRef } from 'react';
import { Button } from './ui/button';
import { ShieldIcon } from './ui/icons';

/**
 * Asked when the server refuses to store a first result (409 consent_required): the consent wording and two
 * answers. Agreeing records the consent and runs the test again; 'Not now' stores nothing.
 */
export function ConsentPrompt({
  isPending,
  onAgree,
  onDecline,
}: {
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
        May we store your health data?
      </h2>
      <p className="mt-2 leading-relaxed">{HEALTH_DATA_CONSENT_TEXT}</p>
      <p className="mt-2 text-sm">Without your consent the result cannot be saved, so the test does not run.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onAgree} isLoading={isPending} loadingText="Saving your consent…">
          I agree, run the test
        </Button>
        <Button variant="secondary" onClick={onDecline} disabled={isPending}>
          Not now
        </Button>
      </div>
    </section>
  );
}
