import type { TriageSession } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../auth/api/get-session';
import { useSaveTriage } from '../api/triage';

/** "Save to my health record": for signed-in users; the server asks for the health-data consent first (409). */
export function SaveTriage({ session }: { session: TriageSession }) {
  const { user, isPending } = useSession();
  const save = useSaveTriage();
  if (isPending) return null;
  if (!user)
    return (
      <p className="text-slate-700">
        <Link to="/login" className="font-semibold text-teal-800 underline underline-offset-2">
          Sign in
        </Link>{' '}
        to keep this check in your health record.
      </p>
    );
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <div className="space-y-2">
      {save.isSuccess ? (
        <p role="status" className="font-semibold text-teal-900">
          Saved to your{' '}
          <Link to="/health-record" className="underline underline-offset-2">
            health record
          </Link>
          .
        </p>
      ) : (
        <Button variant="secondary" onClick={() => save.mutate(session)} disabled={save.isPending}>
          Save to my health record
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}{' '}
          {error.code === 'consent_required' ? (
            <Link to="/health-record" className="font-semibold underline underline-offset-2">
              Go to your health record
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
