import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession } from '../../session/stores/session-changes.ts';

/**
 * viewer.md §8 "Profile POST 402 -> Redirect to /login", and 401 (no or expired token) alike. A 403 on
 * POST /profile is a refusal of the change (someone else's link), not of the session.
 */
export const isSignInNeeded = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 402);

/** Ends a refused session and goes to /login, which brings the person back here; true when it did. */
export function useSignInAgain() {
  const navigate = useNavigate();
  const location = useLocation();
  return (error: unknown): boolean => {
    if (!isSignInNeeded(error)) return false;
    clearSession();
    void navigate(paths.login, { state: { from: location } });
    return true;
  };
}
