import type { User } from '@medibuddy/contracts';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PageLoading } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/**
 * Renders its children for a signed-in user; sends a visitor to /login, remembering where they were going.
 * A user who signs out while here keeps seeing the page until the sign-out has moved on, so the page never
 * bounces to /login on its way out.
 */
export function RequireSession({ children }: { children: (user: User) => ReactNode }) {
  const { user, isPending, error, retry } = useSession();
  const location = useLocation();
  const [lastUser, setLastUser] = useState<User | null>(user);
  if (user && user !== lastUser) setLastUser(user);

  const shown = user ?? lastUser;
  if (shown) return children(shown);
  if (isPending) return <PageLoading label={t('session.checking')} />;
  if (error) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Notice tone="error" title={t('session.checkFailed')} live="alert">
          <p>{error.message}</p>
          <Button className="mt-3" size="sm" variant="secondary" onClick={retry}>
            {t('session.retry')}
          </Button>
        </Notice>
      </div>
    );
  }
  return <Navigate to="/login" replace state={{ from: location }} />;
}
