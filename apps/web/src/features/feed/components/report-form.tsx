import { reportReasons, type ReportReason } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { useSession } from '../../session/hooks/use-session.ts';
import { reportFailureMessage, reportProblem, sendReport } from '../api/report-video.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * viewer.md §5 report: a reason, a description and, from guests, an email. Loaded when the viewer
 * chooses Report: the contract's validation (zod) stays out of the feed's first download.
 */
export function ReportForm({ videoId, onSent }: { videoId: number; onSent: () => void }) {
  const guest = useSession() === null;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const draft = { videoId, reason, message, email: guest ? email : null };
    const problem = reportProblem(draft);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await sendReport(draft);
      onSent();
    } catch (failure) {
      setError(reportFailureMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-muted">{t('Why are you reporting it?')}</legend>
        <div className="flex flex-col gap-1.5">
          {(Object.keys(reportReasons) as ReportReason[]).map((key) => (
            <label key={key} className={`report-reason ${reason === key ? 'border-accent bg-accent/10' : ''}`}>
              <input type="radio" name="reason" value={key} checked={reason === key} onChange={() => setReason(key)} className="accent-[var(--color-accent)]" />
              {t(reportReasons[key])}
            </label>
          ))}
        </div>
      </fieldset>
      {guest && <TextField label={t('Email')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
      <TextAreaField label={t('Description')} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
      {error && <FormAlert>{error}</FormAlert>}
      <SubmitButton busy={sending}>{t('Send report')}</SubmitButton>
    </form>
  );
}
