import { EXPORT_INTERVAL_HOURS, EXPORT_LINK_DAYS, personalDataMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { downloadArchive, useExportState, useRequestExport } from '../api/personal-data.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { personalDataDay, personalDataMoment } from '../personal-data-date.ts';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

const failure = (error: unknown) => (error instanceof ApiError ? error.firstError() : msg('Something went wrong, try again later.'));

/**
 * Download my data (ADR 0031): its state — none, being prepared, ready until a date — and the one action
 * that fits it. The archive is also mailed as a link; it works only while signed in to this account.
 */
export function DataExport({ token }: { token?: string }) {
  const state = useExportState();
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setProblem(null);
    setDownloading(true);
    try {
      await downloadArchive(token);
    } catch (error) {
      if (!endSessionOnError(error)) setProblem(failure(error));
    } finally {
      setDownloading(false);
    }
  }

  function ask() {
    setProblem(null);
    request.mutate(undefined, { onError: (error) => !endSessionOnError(error) && setProblem(failure(error)) });
  }

  if (state.isPending) return <Spinner className="mx-auto mt-10 size-8" />;
  if (state.isError) return <LoadFailed message={t("Could not load your archive's state.")} onRetry={() => void state.refetch()} />;
  const { state: now, expires_at, size_bytes, next_request_at } = state.data;

  return (
    <div className="flex flex-col gap-5">
      <section aria-live="polite" className="panel px-4 py-5 sm:px-5">
        {now === 'none' && (
          <>
            <h2 className="font-bold">{t('Your archive')}</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted">
              {t(
                'A zip file with everything we hold about you as JSON, and the videos and pictures you uploaded. We prepare it and e-mail you a link, which works for {count} days while you are signed in.',
                { count: formatNumber(EXPORT_LINK_DAYS) },
              )}
            </p>
          </>
        )}
        {now === 'preparing' && (
          <div className="flex items-start gap-3">
            <Spinner decorative className="mt-0.5 size-5 flex-none" />
            <div>
              <h2 className="font-bold">{t('Preparing your archive')}</h2>
              <p className="mt-1 text-sm leading-relaxed text-muted">{t(personalDataMessages.exportStarted)}</p>
            </div>
          </div>
        )}
        {now === 'ready' && (
          <>
            <h2 className="font-bold">{t('Ready until {date}', { date: personalDataDay(expires_at!) })}</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted">
              {size_bytes === null
                ? t('A zip file. After that date it is removed; you can ask for a new one.')
                : t('A zip file, {size}. After that date it is removed; you can ask for a new one.', { size: sizeOf(size_bytes) })}
            </p>
          </>
        )}
      </section>
      {problem && <FormAlert>{problem}</FormAlert>}
      {now === 'ready' && (
        <SubmitButton type="button" busy={downloading} onClick={() => void download()} className="w-full sm:w-auto sm:self-end sm:px-10">
          {t('Download')}
        </SubmitButton>
      )}
      {now !== 'preparing' &&
        (next_request_at ? (
          <p className="text-sm text-muted">
            {t('You can ask for a new archive {hours} hours after the last one, from {date}.', {
              hours: formatNumber(EXPORT_INTERVAL_HOURS),
              date: personalDataMoment(next_request_at),
            })}
          </p>
        ) : (
          <SubmitButton
            type="button"
            variant={now === 'ready' ? 'secondary' : 'primary'}
            busy={request.isPending}
            onClick={ask}
            className="w-full sm:w-auto sm:self-end sm:px-10"
          >
            {now === 'ready' ? t('Prepare a new archive') : t('Prepare my archive')}
          </SubmitButton>
        ))}
    </div>
  );
}
