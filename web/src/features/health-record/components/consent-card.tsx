import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { errorMessageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { useConsent, useGrantConsent, useWithdrawConsent } from '../../../lib/consent';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString([], { dateStyle: 'long' }) : '');

/** The consent to store health data: what it says, its state, and the way to give or withdraw it. */
export function ConsentCard() {
  const consent = useConsent();
  const grant = useGrantConsent();
  const withdraw = useWithdrawConsent();
  const [deleteData, setDeleteData] = useState(false);

  if (consent.isPending) return <p className="text-slate-700">Loading your consent…</p>;
  if (consent.error) {
    return (
      <Notice tone="error" title="We could not load your consent.">
        <p>{errorMessageOf(consent.error)}</p>
      </Notice>
    );
  }
  const status = consent.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="leading-relaxed text-slate-700">{status.text}</p>
      {status.status === 'granted' ? (
        <>
          <p className="font-semibold text-emerald-800">
            You agreed on {when(status.grantedAt)}. New results are stored.
          </p>
          <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-300 p-4">
            <legend className="px-1 font-semibold text-slate-900">Withdraw consent</legend>
            <label className="flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={deleteData}
                onChange={(e) => setDeleteData(e.target.checked)}
              />
              <span>Also delete every result stored so far (and their share links). This cannot be undone.</span>
            </label>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              isLoading={withdraw.isPending}
              loadingText="Withdrawing…"
              onClick={() =>
                withdraw.mutate(deleteData, {
                  onSuccess: (r) =>
                    notifySuccess(
                      undefined,
                      r.deletedAssessments > 0
                        ? `Consent withdrawn; ${r.deletedAssessments} stored results deleted.`
                        : 'Consent withdrawn. Nothing new will be stored.',
                    ),
                  onError: (error) => notifyError(error),
                })
              }
            >
              Withdraw consent
            </Button>
          </fieldset>
        </>
      ) : (
        <>
          <p className="font-semibold text-amber-900">
            {status.status === 'withdrawn'
              ? `You withdrew your consent on ${when(status.withdrawnAt)}: new results are not stored.`
              : 'You have not agreed yet: results cannot be stored until you do.'}
          </p>
          <Button
            size="sm"
            className="self-start"
            isLoading={grant.isPending}
            loadingText="Saving…"
            onClick={() =>
              grant.mutate(undefined, {
                onSuccess: () => notifySuccess(undefined, 'Thank you. Your results will be stored in your account.'),
                onError: (error) => notifyError(error),
              })
            }
          >
            I agree to storing my health data
          </Button>
        </>
      )}
    </div>
  );
}
