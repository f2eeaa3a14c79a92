import { feedMessages, reportMessages, type Video } from '@flick/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FlagIcon, LinkIcon } from '../../../components/ui/feed-icons.tsx';
import { StarIcon } from '../../../components/ui/icons.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n.ts';

const ReportForm = lazy(() => import('./report-form.tsx').then((m) => ({ default: m.ReportForm })));

type Step = 'select' | 'report' | 'sent';

export interface MoreActionsModalProps {
  video: Video;
  onShare: () => void;
  /** Opens the rate-video modal for this video (viewer.md §2). */
  onRate: () => void;
  onClose: () => void;
}

/** viewer.md §4 "Report modal": select share or report, then send, then a sent confirmation. */
export function MoreActionsModal({ video, onShare, onRate, onClose }: MoreActionsModalProps) {
  const [step, setStep] = useState<Step>('select');
  const title = step === 'select' ? t('More actions') : step === 'report' ? t('Report video') : t('Report sent');
  // The sheet changes its content in place: the focus goes with it (to the step's own first control, or
  // its content), not to the page where the pressed button was.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step === 'select') return;
    const box = content.current;
    (box?.querySelector<HTMLElement>('[data-autofocus]') ?? box)?.focus();
  }, [step]);

  return (
    <Modal open onClose={onClose} title={title}>
      <div ref={content} tabIndex={-1} className="outline-none">
        {step === 'select' && (
          <div className="mt-5 flex flex-col gap-2">
            <button type="button" className="more-item" onClick={onShare} data-autofocus>
              <LinkIcon width="20" height="20" />
              {t('Share')}
            </button>
            <button type="button" className="more-item" onClick={onRate}>
              <StarIcon width="20" height="20" />
              {t(feedMessages.rateVideo)}
            </button>
            <button type="button" className="more-item text-danger" onClick={() => setStep('report')}>
              <FlagIcon width="20" height="20" />
              {t('Report')}
            </button>
          </div>
        )}
        {step === 'report' && (
          <Suspense fallback={<Spinner className="mx-auto mt-8 mb-4 size-8" />}>
            <ReportForm videoId={video.id} onSent={() => setStep('sent')} />
          </Suspense>
        )}
        {step === 'sent' && (
          <div className="mt-4 flex flex-col gap-5">
            <FormAlert tone="success">{t(reportMessages.sent)}</FormAlert>
            <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
              {t('Done')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
