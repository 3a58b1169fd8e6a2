import { useLocation, useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { t } from './i18n';
import { notifyError } from './notify';
import { useSetSessionUser } from './session';

/**
 * For calls that need a signed-in user: a 401 means the session expired or was ended elsewhere. Says so,
 * and sends the user to sign in and back here. Returns whether it handled the error.
 */
export function useHandleSessionEnded() {
  const navigate = useNavigate();
  const location = useLocation();
  const setSessionUser = useSetSessionUser();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 401) return false;
    notifyError(t('session.ended'));
    navigate('/login', { replace: true, state: { from: location } });
    setSessionUser(null);
    return true;
  };
}
