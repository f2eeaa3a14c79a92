import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { RegisterWizard } from '../../features/auth/components/register/register-wizard.tsx';
import { useArrivedSignedIn } from '../../features/auth/hooks/use-arrived-signed-in.ts';
import { isRegistrationType } from '../../features/auth/registration.ts';
import { NotFoundRoute } from './not-found.tsx';

/** accounts.md §2 "/register" and "/register/{type}" (model or user; any other type is not a page). */
export function RegisterRoute() {
  const { type } = useParams();
  const navigate = useNavigate();
  const arrivedSignedIn = useArrivedSignedIn();

  if (arrivedSignedIn) return <Navigate to={paths.account} replace />;
  if (type !== undefined && !isRegistrationType(type)) return <NotFoundRoute />;
  return (
    <RegisterWizard
      type={type ?? null}
      onTypeChange={(next) => void navigate(`${paths.register}/${next}`, { replace: true })}
      onLeave={() => void navigate(paths.home)}
    />
  );
}
