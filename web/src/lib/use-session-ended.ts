import { useLocation, useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { notifyError } from './notify';
import { useSetSessionUser } from './session';

const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

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
    notifyError(SESSION_ENDED_MESSAGE);
    navigate('/login', { replace: true, state: { from: location } });
    setSessionUser(null);
    return true;
  };
}
