import { CONTACT_MESSAGE_MAX_LENGTH, contactMessages, contactRequestSchema } from '@flick/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

type Field = 'email' | 'message';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * viewer.md §4 contact form: idle, sending (button disabled with a spinner), fields cleared on
 * success, and on any failure the spec's single message (§8).
 */
export function ContactForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendContactMessage();
  const toast = useToast();
  const sending = send.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = contactRequestSchema.safeParse({ email, message });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'message') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      (next.email ? emailRef : messageRef).current?.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        setMessage('');
        toast(contactMessages.sent, { duration: 3000 });
      },
    });
  }

  const emailErrorId = `${id}-email-error`;
  const messageErrorId = `${id}-message-error`;
  const counterId = `${id}-counter`;
  const nearLimit = message.length > CONTACT_MESSAGE_MAX_LENGTH * 0.9;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div>
        <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-semibold">
          {t('Email')}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('you@example.com')}
          className="field"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? emailErrorId : undefined}
        />
        {errors.email && (
          <p id={emailErrorId} className="mt-2 text-sm text-danger">
            {t(errors.email)}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={`${id}-message`} className="mb-2 block text-sm font-semibold">
          {t('Message')}
        </label>
        <textarea
          ref={messageRef}
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          placeholder={t('How can we help?')}
          className="field min-h-36 resize-y leading-relaxed"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageErrorId} ${counterId}` : counterId}
        />
        <div className="mt-2 flex items-start justify-between gap-4 text-sm">
          <p id={messageErrorId} className="text-danger">
            {errors.message && t(errors.message)}
          </p>
          <p id={counterId} className={`flex-none tabular-nums ${nearLimit ? 'text-accent-soft' : 'text-subtle'}`}>
            {formatNumber(message.length)} / {formatNumber(CONTACT_MESSAGE_MAX_LENGTH)}
          </p>
        </div>
      </div>

      {send.isError && (
        <p role="alert" className="flex items-start gap-3 rounded-2xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm font-medium text-fg">
          <AlertIcon width="20" height="20" className="mt-px flex-none text-danger" />
          {t(contactMessages.sendFailed)}
        </p>
      )}

      <button type="submit" className="btn btn-primary h-12 w-full sm:w-auto sm:self-end sm:px-10" disabled={sending} aria-busy={sending}>
        {sending && <Spinner decorative className="size-5" />}
        {t('Send')}
      </button>
    </form>
  );
}
