import type { UploadResponse } from '@flick/contract';
import { useEffect, useRef, useState } from 'react';
import { Screen } from '../../../components/layout/screen.tsx';
import { StepProgress } from '../../../components/ui/step-progress.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFocusOnStep } from '../../../hooks/use-focus-on-step.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession } from '../../session/stores/session-changes.ts';
import { isAbortError, uploadFailureReason, uploadVideo } from '../api/upload-video.ts';
import { videoFileProblem } from '../video-file.ts';
import { DetailsForm, type DetailsSlot } from './details-form.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { VideoPicker } from './video-picker.tsx';
import { t } from '../../../lib/i18n.ts';

type Stage = { step: 'pick'; failure: string | null } | { step: 'uploading'; file: File; percent: number } | { step: 'details'; file: File; upload: UploadResponse };

/** Closing the tab or reloading while a file is being sent loses it: the browser asks first. */
function useConfirmBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

export interface UploadFlowProps {
  /** The details were saved: the screen is back at step 1; the caller moves on. */
  onPublished: () => void;
  /** The server refused the upload for this account (403): the account changed since it was loaded. */
  onForbidden: () => void;
  /** Who is in the video, asked in the details step (ADR 0029). */
  declaration?: DetailsSlot;
}

/**
 * accounts.md §2 "/upload" and §4: step 1 sends the file with its progress (Cancel stops it), step 2
 * is the details form; success returns to step 1.
 */
export function UploadFlow({ onPublished, onForbidden, declaration }: UploadFlowProps) {
  const [stage, setStage] = useState<Stage>({ step: 'pick', failure: null });
  const controller = useRef<AbortController | null>(null);
  const toast = useToast();
  const step = stage.step === 'details' ? 2 : 1;
  const headingRef = useFocusOnStep(step);

  useConfirmBeforeUnload(stage.step === 'uploading');
  // Leaving the screen stops an upload that is still running.
  useEffect(() => () => controller.current?.abort(), []);

  function fail(reason: string) {
    toast(t('Video upload failed: {reason}', { reason: t(reason) }), { tone: 'error', duration: 3000 });
    setStage({ step: 'pick', failure: reason });
  }

  function start(file: File) {
    const problem = videoFileProblem(file);
    if (problem) {
      fail(problem);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setStage({ step: 'uploading', file, percent: 0 });
    uploadVideo(file, {
      signal: abort.signal,
      onProgress: (percent) => setStage((current) => (current.step === 'uploading' && current.file === file ? { ...current, percent } : current)),
    })
      .then((upload) => {
        if (!abort.signal.aborted) setStage({ step: 'details', file, upload });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted || isAbortError(error)) return;
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return;
        }
        fail(uploadFailureReason(error));
        if (error instanceof ApiError && error.status === 403) onForbidden();
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
      });
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setStage({ step: 'pick', failure: null });
  }

  return (
    <Screen
      title={t('Upload video')}
      headingRef={headingRef}
      eyebrow={<StepProgress current={step} total={2} label={t('Upload steps')} stepName={step === 1 ? t('Video') : t('Details')} />}
      description={step === 1 ? t('Share a short vertical clip with your fans.') : t('Give your clip a title and tags so fans can find it.')}
    >
      {stage.step === 'pick' && <VideoPicker onPick={start} failure={stage.failure} />}
      {stage.step === 'uploading' && <UploadProgress file={stage.file} percent={stage.percent} onCancel={cancel} />}
      {stage.step === 'details' && (
        <DetailsForm
          file={stage.file}
          upload={stage.upload}
          declaration={declaration}
          onPublished={() => {
            setStage({ step: 'pick', failure: null });
            onPublished();
          }}
        />
      )}
    </Screen>
  );
}
