import { Button } from '../../../components/ui/button';
import type { Share } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { formatDate } from '../../../lib/intl-format';
import { errorMessageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { useRevokeShare, useShares } from '../api/shares';
import { sharedTestName } from '../test-name';

const dateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

function statusOf(share: Share): string {
  if (share.status === 'active') return t('account.shares.active', { date: dateTime(share.expiresAt) });
  return share.status === 'expired' ? t('account.shares.expired') : t('account.shares.revoked');
}

/** The user's share links: what each shows, until when, and a way to revoke it. */
export function SharesList() {
  const shares = useShares();
  const revoke = useRevokeShare();
  if (shares.isPending) return <p className="text-slate-700">{t('account.shares.loading')}</p>;
  if (shares.error) return <p className="text-red-800">{errorMessageOf(shares.error, t('account.error.generic'))}</p>;
  if (shares.data.shares.length === 0) return <p className="text-slate-700">{t('account.shares.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {shares.data.shares.map((s) => (
        <li
          key={s.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200"
        >
          <span>
            <strong>{sharedTestName(s.testName)}</strong> · {statusOf(s)}
          </span>
          {s.status === 'active' ? (
            <Button
              variant="secondary"
              size="sm"
              isLoading={revoke.isPending && revoke.variables === s.id}
              loadingText={t('account.shares.revoking')}
              aria-label={t('account.shares.revokeLabel', {
                test: sharedTestName(s.testName),
                date: dateTime(s.expiresAt),
              })}
              onClick={() =>
                revoke.mutate(s.id, {
                  onSuccess: () => notifySuccess(undefined, t('account.shares.revokedNotice')),
                  onError: (error) => notifyError(error, t('account.error.generic')),
                })
              }
            >
              {t('account.shares.revoke')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
