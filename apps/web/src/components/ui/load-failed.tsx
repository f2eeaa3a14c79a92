import { AlertIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

/** A list or screen whose data did not arrive: what failed, and a Try again that asks once more. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="panel flex flex-col items-center px-6 py-8 text-center">
      <AlertIcon width="26" height="26" className="text-danger" />
      <p className="mt-3 font-semibold">{message}</p>
      <button type="button" className="btn btn-secondary mt-5 min-w-40" onClick={onRetry}>
        {t('Try again')}
      </button>
    </div>
  );
}
