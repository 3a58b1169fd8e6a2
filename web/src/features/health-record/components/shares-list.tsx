import { Button } from '../../../components/ui/button';
import { errorMessageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { useRevokeShare, useShares } from '../api/shares';

const dateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
const STATUS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** The user's share links: what each shows, until when, and a way to revoke it. */
export function SharesList() {
  const shares = useShares();
  const revoke = useRevokeShare();
  if (shares.isPending) return <p className="text-slate-700">Loading your share links…</p>;
  if (shares.error) return <p className="text-red-800">{errorMessageOf(shares.error)}</p>;
  if (shares.data.shares.length === 0) return <p className="text-slate-700">You have not shared any report.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {shares.data.shares.map((s) => (
        <li
          key={s.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200"
        >
          <span>
            <strong>{s.testName}</strong> · {STATUS[s.status]}
            {s.status === 'active' ? `, until ${dateTime(s.expiresAt)}` : ''}
          </span>
          {s.status === 'active' ? (
            <Button
              variant="secondary"
              size="sm"
              isLoading={revoke.isPending && revoke.variables === s.id}
              loadingText="Revoking…"
              aria-label={`Revoke the share link to ${s.testName}, until ${dateTime(s.expiresAt)}`}
              onClick={() =>
                revoke.mutate(s.id, {
                  onSuccess: () => notifySuccess(undefined, 'Link revoked: it no longer works.'),
                  onError: (error) => notifyError(error),
                })
              }
            >
              Revoke
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
