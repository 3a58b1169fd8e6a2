import type { TriageSession } from '@medibuddy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useSession } from '../../../lib/session';
import { useGrantConsent } from '../../../lib/consent';
import { useSaveTriage } from '../api/triage';

/**
 * "Save to my health record": for signed-in users. Without the health-data consent the server refuses (409); the
 * consent wording is then shown here, and agreeing records it and saves.
 */
export function SaveTriage({ session }: { session: TriageSession }) {
  const { user, isPending } = useSession();
  const save = useSaveTriage();
  const grant = useGrantConsent();
  const [isDeclined, setIsDeclined] = useState(false);
  if (isPending) return null;
  if (!user)
    return (
      <p className="text-slate-700">
        {richText('triage.signInToKeep', {
          signIn: (
            <Link to="/login" className="font-semibold text-teal-800 underline underline-offset-2">
              {t('triage.signIn')}
            </Link>
          ),
        })}
      </p>
    );
  const error = save.error instanceof ApiError ? save.error : null;
  const needsConsent = error?.code === 'consent_required' && !isDeclined;
  if (save.isSuccess)
    return (
      <p role="status" className="font-semibold text-teal-900">
        {richText('triage.saved', {
          record: (
            <Link to="/health-record" className="underline underline-offset-2">
              {t('triage.healthRecord')}
            </Link>
          ),
        })}
      </p>
    );
  if (needsConsent)
    return (
      <section
        aria-labelledby="triage-consent"
        className="rounded-2xl border-2 border-teal-300 bg-teal-50 p-5 text-teal-950"
      >
        <h2 id="triage-consent" className="text-lg font-bold">
          {t('triage.consentHeading')}
        </h2>
        <p className="mt-2 leading-relaxed">{t('triage.consentText')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            onClick={() => grant.mutate(undefined, { onSuccess: () => save.mutate(session) })}
            isLoading={grant.isPending || save.isPending}
            loadingText={t('triage.saving')}
          >
            {t('triage.agreeAndSave')}
          </Button>
          <Button variant="secondary" onClick={() => setIsDeclined(true)} disabled={grant.isPending}>
            {t('triage.notNow')}
          </Button>
        </div>
        {grant.error instanceof ApiError ? (
          <p role="alert" className="mt-2 text-red-800">
            {grant.error.message}
          </p>
        ) : null}
      </section>
    );
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => save.mutate(session)} disabled={save.isPending}>
        {t('triage.save')}
      </Button>
      {isDeclined ? <p className="text-slate-700">{t('triage.notSaved')}</p> : null}
      {error && !isDeclined ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
