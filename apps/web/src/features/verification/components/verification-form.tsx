import { latestBirthday, verificationMessages, type ProfileUser } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useRef, useState, type FormEvent } from 'react';
import { Screen } from '../../../components/layout/screen.tsx';
import { StepProgress } from '../../../components/ui/step-progress.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFocusOnStep } from '../../../hooks/use-focus-on-step.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useVerificationState } from '../api/get-verification-state.ts';
import { submitVerification } from '../api/submit-verification.ts';
import {
  detailsFields,
  detailsProblem,
  documentFields,
  documentsProblem,
  emptyVerification,
  verificationFormData,
  type VerificationErrors,
  type VerificationField,
  type VerificationValues,
} from '../verification-form-values.ts';
import type { SignaturePadHandle } from './signature-pad.tsx';
import { DetailsStep } from './steps/details-step.tsx';
import { DocumentsStep } from './steps/documents-step.tsx';
import { SentStep } from './steps/sent-step.tsx';
import { SignatureStep } from './steps/signature-step.tsx';
import { t } from '../../../lib/i18n.ts';

type Step = 'details' | 'documents' | 'signature' | 'sent';
const steps: readonly Step[] = ['details', 'documents', 'signature', 'sent'];
const stepNames: Record<Step, string> = {
  details: msg('Details'),
  documents: msg('Identity documents'),
  signature: msg('Signature'),
  sent: msg('Sent'),
};

export interface VerificationFormProps {
  user: ProfileUser;
  /** The account after a 201: its verification is now pending. */
  onSubmitted: (user: ProfileUser) => void;
}

/**
 * accounts.md §2 "Verification screen": details, identity documents, signature and declaration,
 * then the sent confirmation. Each step checks its fields in the order of §5 before going on.
 */
export function VerificationForm({ user, onSubmitted }: VerificationFormProps) {
  const [step, setStep] = useState<Step>('details');
  const [values, setValues] = useState<VerificationValues>(() => emptyVerification(user.username ?? user.name));
  const [errors, setErrors] = useState<VerificationErrors>({});
  const [hasInk, setHasInk] = useState(false);
  const [sending, setSending] = useState(false);
  const [maxBirthday] = useState(() => latestBirthday(new Date()));
  const pad = useRef<SignaturePadHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const toast = useToast();

  const headingRef = useFocusOnStep(step);

  const index = steps.indexOf(step);
  const set = <K extends keyof VerificationValues>(field: K, value: VerificationValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const focus = (field: VerificationField) => (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  function show(problem: { field: VerificationField; message: string }) {
    setErrors({ [problem.field]: problem.message });
    focus(problem.field);
  }

  async function send() {
    const signature = hasInk ? await pad.current?.toBlob() : null;
    if (!signature) {
      setErrors({ signature: verificationMessages.signatureRequired });
      return;
    }
    setSending(true);
    try {
      const { user: updated } = await submitVerification(verificationFormData(values, signature));
      onSubmitted(updated);
      setStep('sent');
    } catch (error) {
      if (endSessionOnError(error)) return;
      if (!(error instanceof ApiError) || error.status === 0) {
        toast(verificationMessages.submitFailed, { tone: 'error' });
      } else if (error.status === 422) {
        // accounts.md §8: "Validation error" with the joined field errors; each also shows at its field.
        const messages = Object.values(error.errors).flat();
        const detail = messages.length > 0 ? messages.join(' ') : error.message;
        toast(`${t(verificationMessages.validationErrorToast)}: ${detail}`, { tone: 'error', duration: 3000 });
        const found: VerificationErrors = {};
        for (const [field, fieldMessages] of Object.entries(error.errors)) found[field as VerificationField] = fieldMessages[0];
        setErrors(found);
        if (detailsFields.some((field) => found[field])) setStep('details');
        else if (documentFields.some((field) => found[field])) setStep('documents');
      } else {
        // accounts.md §8: '{status}: {message or Server error}'; an answer without a message has only the client's fallback.
        const said = typeof (error.body as { message?: unknown } | undefined)?.message === 'string';
        toast(`${error.status}: ${said ? error.message : t(verificationMessages.serverError)}`, { tone: 'error' });
      }
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (step === 'details') {
      const problem = detailsProblem(values, new Date());
      if (problem) show(problem);
      else setStep('documents');
    } else if (step === 'documents') {
      const problem = documentsProblem(values);
      if (problem) show(problem);
      else setStep('signature');
    } else if (step === 'signature') {
      void send();
    }
  }

  const rejection = useVerificationState(user.isVerified === 'rejected');
  const back = () => (index > 0 && step !== 'sent' ? setStep(steps[index - 1]!) : undefined);

  return (
    <Screen
      title={t('Account validation')}
      onBack={index > 0 && step !== 'sent' ? back : undefined}
      headingRef={headingRef}
      eyebrow={<StepProgress current={index + 1} total={steps.length} label={t('Verification progress')} stepName={t(stepNames[step])} />}
      description={
        step === 'details' && user.isVerified === 'rejected' ? (
          <div className="rounded-2xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm text-fg">
            <p>{t('Your last verification was not accepted. Please check your details and send clear photos of a valid document.')}</p>
            {rejection.data?.rejectionReason && (
              <p className="mt-2">
                <span className="font-bold">{t('The reviewer said:')}</span> {rejection.data.rejectionReason}
              </p>
            )}
          </div>
        ) : undefined
      }
    >
      {step === 'sent' ? (
        <SentStep />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} key={step} className="flex animate-rise-in flex-col gap-5">
          {step === 'details' && <DetailsStep values={values} errors={errors} set={set} maxBirthday={maxBirthday} />}
          {step === 'documents' && <DocumentsStep values={values} errors={errors} set={set} />}
          {step === 'signature' && (
            <SignatureStep
              legalName={values.legal_name}
              pad={pad}
              error={errors.signature}
              onInkChange={(ink) => {
                setHasInk(ink);
                if (ink) setErrors((current) => ({ ...current, signature: undefined }));
              }}
            />
          )}

          <SubmitButton busy={sending} className="mt-2 w-full">
            {step === 'signature' ? t('Submit') : t('Continue')}
          </SubmitButton>
        </form>
      )}
    </Screen>
  );
}
