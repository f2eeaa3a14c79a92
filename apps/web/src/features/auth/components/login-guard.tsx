import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/hooks/use-session.ts';

/**
 * accounts.md §2: account routes need a token and a user id; without them the visitor goes to
 * /login, which can send them back to `state.from` once they are in.
 */
export function LoginGuard() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
