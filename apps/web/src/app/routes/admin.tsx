import { useParams } from 'react-router';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { AdminConsole } from '../../features/admin/components/admin-console.tsx';
import { ForAdminsOnly } from '../../features/admin/components/for-admins-only.tsx';

/**
 * /admin and everything under it (ADR 0015): the console for an account with the admin role; anyone else
 * signed in reads that it is for admins (a guest never gets here: the login guard sends them to /login).
 */
export function AdminRoute() {
  const splat = useParams()['*'] ?? '';
  return <ProfileGate>{(user) => (user.isAdmin ? <AdminConsole splat={splat} /> : <ForAdminsOnly />)}</ProfileGate>;
}
