import { useLocation, useNavigate } from 'react-router';
import { ChevronLeftIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

/**
 * Goes back when this visit has in-app history; on a page opened directly (a shared link) it goes
 * to `fallback` (home unless the screen has a natural parent) instead of leaving the app. React
 * Router keys the first location of a visit "default".
 */
export function BackButton({ className = '', fallback = '/' }: { className?: string; fallback?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';

  return (
    <button
      type="button"
      aria-label={t('Back')}
      className={`icon-btn -ml-2 ${className}`}
      onClick={() => {
        if (hasHistory) void navigate(-1);
        else void navigate(fallback, { replace: true });
      }}
    >
      <ChevronLeftIcon />
    </button>
  );
}
