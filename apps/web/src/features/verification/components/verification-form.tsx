import {
  ADULT_AGE,
  ageOn,
  categories,
  identificationLabels,
  identificationTypes,
  latestBirthday,
  verificationMessages,
  type Category,
  type ProfileUser,
} from '@flick/contract';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Screen } from '../../../components/layout/screen.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { StepProgress } from '../../../components/ui/step-progress.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { endSessionOnError } from '../../session/session-errors.ts';
import { submitVerification } from '../api/submit-verification.ts';
import { countryOptions } from '../countries.ts';
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
import { ImagePicker } from './image-picker.tsx';
import { SelectField } from './select-field.tsx';
import { SignaturePad, type SignaturePadHandle } from './signature-pad.tsx';
import { useFocusOnStep } from '../../../hooks/use-focus-on-step.ts';

type Step = 'details' | 'documents' | 'signature' | 'sent';
const steps: readonly Step[] = ['details', 'documents', 'signature', 'sent'];
const stepNames: Record<Step, string> = {
  details: 'Details',
  documents: 'Identity documents',
  signature: 'Signature',
  sent: 'Sent',
};

/** As written on identity documents. */
const legalGenderLabels: Record<Category, string> = { f: 'Female', c: 'Couple', m: 'Male', t: 'Trans' };
const genderOptions = categories.map((value) => ({ value, label: legalGenderLabels[value] }));
const identificationOptions = identificationTypes.map((value) => ({ value, label: identificationLabels[value] }));

function StepTitle({ children, text }: { children: ReactNode; text: ReactNode }) {
  return (
    <div className="mb-6">
      <h2 className="text-xl font-bold tracking-tight">{children}</h2>
      <p className="mt-1.5 text-[0.9375rem] leading-relaxed text-muted">{text}</p>
    </div>
  );
}

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
  const focus = (field: VerificationField) =>
    (formRef.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

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
        toast(`${verificationMessages.validationErrorToast}: ${detail}`, { tone: 'error', duration: 3000 });
        const found: VerificationErrors = {};
        for (const [field, fieldMessages] of Object.entries(error.errors)) found[field as VerificationField] = fieldMessages[0];
        setErrors(found);
        if (detailsFields.some((field) => found[field])) setStep('details');
        else if (documentFields.some((field) => found[field])) setStep('documents');
      } else {
        toast(`${error.status}: ${error.message}`, { tone: 'error' });
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

  const back = () => (index > 0 && step !== 'sent' ? setStep(steps[index - 1]!) : undefined);

  return (
    <Screen
      title="Account validation"
      backTo={step === 'sent' ? paths.account : paths.accountSettings}
      onBack={index > 0 && step !== 'sent' ? back : undefined}
      headingRef={headingRef}
      eyebrow={<StepProgress current={index + 1} total={steps.length} label="Verification progress" stepName={stepNames[step]} />}
      description={
        step === 'details' && user.isVerified === 'rejected' ? (
          <p className="rounded-2xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm text-fg">
            Your last verification was not accepted. Please check your details and send clear photos of a valid document.
          </p>
        ) : undefined
      }
    >
      {step === 'sent' ? (
        <div className="flex animate-rise-in flex-col items-center rounded-3xl border border-line bg-surface-1/70 px-6 py-10 text-center">
          <span className="grid size-16 place-items-center rounded-3xl bg-brand text-white shadow-glow">
            <CheckIcon width="32" height="32" strokeWidth="2.5" />
          </span>
          <h2 className="mt-5 text-xl font-bold tracking-tight">Verification sent</h2>
          <p role="status" className="mt-2 max-w-sm leading-relaxed text-balance text-muted">
            {verificationMessages.submitted}
          </p>
          <Link to={paths.account} className="btn btn-primary mt-7 h-12 min-w-52">
            Back to account
          </Link>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} key={step} className="flex animate-rise-in flex-col gap-5">
          {step === 'details' && (
            <>
              <StepTitle text="As they appear on your identity document. Only our review team sees them.">Your details</StepTitle>
              <TextField
                label="Full Name"
                name="legal_name"
                autoComplete="name"
                value={values.legal_name}
                onChange={(event) => set('legal_name', event.target.value)}
                error={errors.legal_name}
              />
              <SelectField
                label="Gender"
                name="gender"
                placeholder="Select"
                options={genderOptions}
                value={values.gender}
                onChange={(event) => set('gender', event.target.value as Category | '')}
                error={errors.gender}
              />
              <TextAreaField
                label="Address"
                name="address"
                autoComplete="street-address"
                rows={2}
                value={values.address}
                onChange={(event) => set('address', event.target.value)}
                error={errors.address}
              />
              <SelectField
                label="Country"
                name="country"
                autoComplete="country"
                placeholder="Select"
                options={countryOptions().map((country) => ({ value: country.code, label: country.name }))}
                value={values.country}
                onChange={(event) => set('country', event.target.value)}
                error={errors.country}
              />
              <div className="grid grid-cols-[1fr_7rem] gap-3">
                <TextField
                  label="Birthday"
                  name="date_of_birth"
                  type="date"
                  autoComplete="bday"
                  max={maxBirthday}
                  value={values.date_of_birth}
                  onChange={(event) => {
                    const birthday = event.target.value;
                    set('date_of_birth', birthday);
                    if (/^\d{4}-\d{2}-\d{2}$/.test(birthday)) set('age', String(ageOn(birthday, new Date())));
                  }}
                  error={errors.date_of_birth}
                />
                <TextField
                  label="Age"
                  name="age"
                  type="number"
                  inputMode="numeric"
                  min={ADULT_AGE}
                  max={120}
                  value={values.age}
                  onChange={(event) => set('age', event.target.value)}
                  error={errors.age}
                />
              </div>
              <TextField
                label="Stage name"
                name="stage_name"
                autoComplete="nickname"
                value={values.stage_name}
                onChange={(event) => set('stage_name', event.target.value)}
                error={errors.stage_name}
                hint="The name you perform under."
              />
            </>
          )}

          {step === 'documents' && (
            <>
              <StepTitle text="A government-issued document that is valid today. Make sure every corner and the text are sharp.">
                Identity documents
              </StepTitle>
              <SelectField
                label="Identification type"
                name="identification"
                placeholder="Select"
                options={identificationOptions}
                value={values.identification}
                onChange={(event) => set('identification', event.target.value as VerificationValues['identification'])}
                error={errors.identification}
              />
              <TextField
                label="Identification ID"
                name="identification_id"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={values.identification_id}
                onChange={(event) => set('identification_id', event.target.value)}
                error={errors.identification_id}
                hint="The document number."
              />
              <ImagePicker
                label="Front ID picture"
                name="front_picture_id"
                hint="PNG or JPEG, up to 16 MB"
                file={values.front_picture_id}
                onChange={(file) => set('front_picture_id', file)}
                error={errors.front_picture_id}
              />
              <ImagePicker
                label="Back ID picture"
                name="back_picture_id"
                hint="PNG or JPEG, up to 16 MB"
                file={values.back_picture_id}
                onChange={(file) => set('back_picture_id', file)}
                error={errors.back_picture_id}
              />
              <ImagePicker
                label="Face photo holding ID"
                name="face_picture_id"
                hint="Your face and the document, both readable"
                file={values.face_picture_id}
                onChange={(file) => set('face_picture_id', file)}
                error={errors.face_picture_id}
              />
            </>
          )}

          {step === 'signature' && (
            <>
              <StepTitle text="Read the declaration, then sign it.">Declaration</StepTitle>
              <div className="rounded-2xl border border-line bg-surface-1 p-4 text-[0.9375rem] leading-relaxed text-muted sm:p-5">
                <p className="font-semibold text-fg">By signing below, I, {values.legal_name.trim()}, declare that:</p>
                <ul className="mt-2.5 list-disc space-y-1.5 pl-5 marker:text-accent-soft">
                  <li>I am at least 18 years old.</li>
                  <li>The identity document and photos I send are mine, genuine and valid.</li>
                  <li>
                    I consent to Flick reviewing them to verify my identity and age, and keeping them as record-keeping law
                    for adult content requires.
                  </li>
                </ul>
              </div>
              <SignaturePad
                ref={pad}
                error={errors.signature}
                onInkChange={(ink) => {
                  setHasInk(ink);
                  if (ink) setErrors((current) => ({ ...current, signature: undefined }));
                }}
              />
            </>
          )}

          <SubmitButton busy={sending} className="mt-2 w-full">
            {step === 'signature' ? 'Submit' : 'Continue'}
          </SubmitButton>
        </form>
      )}
    </Screen>
  );
}
