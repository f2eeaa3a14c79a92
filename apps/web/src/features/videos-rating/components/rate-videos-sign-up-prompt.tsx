import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §2 "Modals": a guest who wants to rate videos is asked to sign up or log in first. */
export function RateVideosSignUpPrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('Sign up to rate videos')}
      description={t('Rating videos needs a free account. Your ratings shape what you see next and help creators know what you like.')}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Link to={paths.register} onClick={onClose} className="btn btn-primary">
          {t('Create account')}
        </Link>
        <Link to={paths.login} onClick={onClose} className="btn btn-secondary">
          {t('Login')}
        </Link>
      </div>
    </Modal>
  );
}
