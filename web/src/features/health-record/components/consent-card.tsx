import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts/forms';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { t } from '../../../lib/i18n';
import { formatDate } from '../../../lib/intl-format';
import { errorMessageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { useConsent, useGrantConsent, useWithdrawConsent } from '../../../lib/consent';

const when = (iso: string | null) => (iso ? formatDate(iso, { dateStyle: 'long' }) : '');
const failed = (error: Error) => notifyError(error, t('account.error.generic'));

/** The consent to store health data: what it says, its state, and the way to give or withdraw it. */
export function ConsentCard() {
  const consent = useConsent();
  const grant = useGrantConsent();
  const withdraw = useWithdrawConsent();
  const [deleteData, setDeleteData] = useState(false);

  if (consent.isPending) return <p className="text-slate-700">{t('account.consent.loading')}</p>;
  if (consent.error) {
    return (
      <Notice tone="error" title={t('account.consent.loadFailed')}>
        <p>{errorMessageOf(consent.error, t('account.error.generic'))}</p>
      </Notice>
    );
  }
  const status = consent.data;
  return (
    <div className="flex flex-col gap-4">
      {/* This version's wording in the page's language; another version's as the server sends it. */}
      <p className="leading-relaxed text-slate-700">
        {status.currentVersion === HEALTH_DATA_CONSENT_VERSION ? t('account.consent.text') : status.text}
      </p>
      {status.status === 'granted' ? (
        <>
          <p className="font-semibold text-emerald-800">
            {t('account.consent.granted', { date: when(status.grantedAt) })}
          </p>
          <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-300 p-4">
            <legend className="px-1 font-semibold text-slate-900">{t('account.consent.withdraw')}</legend>
            <label className="flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={deleteData}
                onChange={(e) => setDeleteData(e.target.checked)}
              />
              <span>{t('account.consent.alsoDelete')}</span>
            </label>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              isLoading={withdraw.isPending}
              loadingText={t('account.consent.withdrawing')}
              onClick={() =>
                withdraw.mutate(deleteData, {
                  onSuccess: (r) =>
                    notifySuccess(
                      undefined,
                      r.deletedAssessments > 0
                        ? t('account.consent.withdrawnDeleted', { count: r.deletedAssessments })
                        : t('account.consent.withdrawnNothing'),
                    ),
                  onError: failed,
                })
              }
            >
              {t('account.consent.withdraw')}
            </Button>
          </fieldset>
        </>
      ) : (
        <>
          <p className="font-semibold text-amber-900">
            {status.status === 'withdrawn'
              ? t('account.consent.withdrawnOn', { date: when(status.withdrawnAt) })
              : t('account.consent.notYet')}
          </p>
          <Button
            size="sm"
            className="self-start"
            isLoading={grant.isPending}
            loadingText={t('account.consent.saving')}
            onClick={() =>
              grant.mutate(undefined, {
                onSuccess: () => notifySuccess(undefined, t('account.consent.thanks')),
                onError: failed,
              })
            }
          >
            {t('account.consent.agree')}
          </Button>
        </>
      )}
    </div>
  );
}
