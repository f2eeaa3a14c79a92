import { accountMessages, defaultCategories, type Category, type RegisterRequest, type RegistrationType } from '@flick/contract';
import { useState } from 'react';
import { Screen } from '../../../../components/layout/screen.tsx';
import { MailIcon } from '../../../../components/ui/icons.tsx';
import { StepProgress } from '../../../../components/ui/step-progress.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useRegister } from '../../api/register.ts';
import { useUsernameAvailability } from '../../hooks/use-username-availability.ts';
import { registerSteps, type FinalStepField, type FinalStepValues, type RegisterStep } from '../../registration.ts';
import { FinalStep } from './final-step.tsx';
import { PreferenceStep } from './preference-step.tsx';
import { SexStep } from './sex-step.tsx';
import { TypeStep } from './type-step.tsx';
import { UsernameStep } from './username-step.tsx';
import { VerifyStep } from './verify-step.tsx';
import { useFocusOnStep } from '../../../../hooks/use-focus-on-step.ts';
import { browserCountry } from '../../browser-country.ts';
import { t } from '../../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const stepCopy: Record<RegisterStep, { title: string; description: string }> = {
  type: { title: msg('Create your account'), description: msg('How will you use Flick?') },
  username: { title: msg('Choose a username'), description: msg('Your public name on Flick and the address of your profile.') },
  sex: { title: msg('Who is on camera?'), description: msg('Viewers find creators by category. You can change it later.') },
  preference: { title: msg('What do you like to watch?'), description: msg('Pick one or more. Your feed starts with these.') },
  final: { title: msg('Your details'), description: msg('Almost there. Your email and phone number stay private.') },
  verify: { title: msg('Check your inbox'), description: msg('One more step: verify your email address.') },
};

const stepNames: Record<RegisterStep, string> = {
  type: msg('Account type'),
  username: msg('Username'),
  sex: msg('Sex'),
  preference: msg('Categories'),
  final: msg('Details'),
  verify: msg('Verify'),
};

/** The form fields of the server's field errors, to mark the one a 422 is about. */
const serverFields: Record<string, FinalStepField> = {
  name: 'name',
  email: 'email',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  phone_number: 'phone',
  terms: 'terms',
};

export interface RegisterWizardProps {
  /** The type from /register/{type}; null on /register until one is chosen. */
  type: RegistrationType | null;
  onTypeChange: (type: RegistrationType) => void;
  /** Back from the first step. */
  onLeave: () => void;
}

/**
 * accounts.md §2 and §4: the registration wizard. The step list follows the chosen type; Continue
 * and Back move through it; the final step registers and a 201 shows the verify step.
 */
export function RegisterWizard({ type, onTypeChange, onLeave }: RegisterWizardProps) {
  const steps = registerSteps(type ?? 'user');
  const [step, setStep] = useState<RegisterStep>('type');
  const [username, setUsername] = useState('');
  const [gender, setGender] = useState<Category>('f');
  const [preference, setPreference] = useState<Category[]>([...defaultCategories]);
  const [details, setDetails] = useState<FinalStepValues>({
    name: '',
    email: '',
    password: '',
    passwordConfirmation: '',
    phone: '',
    terms: false,
  });
  const [registeredEmail, setRegisteredEmail] = useState('');
  const { availability, checkNow } = useUsernameAvailability(username);
  const registerAccount = useRegister();

  const headingRef = useFocusOnStep(step);

  const index = steps.indexOf(step);
  const next = () => setStep(steps[index + 1] ?? step);
  const back = () => (index <= 0 ? onLeave() : setStep(steps[index - 1]!));

  async function submit(): Promise<{ message: string; field?: FinalStepField } | null> {
    const chosen: RegistrationType = type ?? 'user';
    const common = {
      type: chosen,
      name: details.name.trim(),
      email: details.email.trim(),
      password: details.password,
      password_confirmation: details.passwordConfirmation,
      country: browserCountry(),
    };
    const body: RegisterRequest =
      chosen === 'model' ? { ...common, username, gender, phone_number: details.phone.trim(), terms: details.terms } : { ...common, preference };
    try {
      await registerAccount.mutateAsync(body);
      setRegisteredEmail(common.email);
      setStep('verify');
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) return { message: accountMessages.somethingWrong };
      if (error.status === 0) return { message: accountMessages.networkError };
      const firstField = Object.keys(error.errors)[0];
      return { message: error.firstError(), field: firstField ? serverFields[firstField] : undefined };
    }
  }

  const copy = stepCopy[step];
  const total = steps.length - 1;

  return (
    <Screen
      title={t(copy.title)}
      description={step === 'verify' ? undefined : t(copy.description)}
      onBack={step === 'verify' ? undefined : back}
      backTo={false}
      width="narrow"
      headingRef={headingRef}
      eyebrow={
        step === 'verify' ? (
          <span className="grid size-16 place-items-center rounded-3xl bg-brand text-white shadow-glow">
            <MailIcon width="30" height="30" />
          </span>
        ) : (
          <StepProgress current={index + 1} total={total} label={t('Registration progress')} stepName={t(stepNames[step])} />
        )
      }
    >
      <div key={step} className="animate-rise-in">
        {step === 'type' && <TypeStep type={type} onTypeChange={onTypeChange} onContinue={next} />}
        {step === 'username' && <UsernameStep username={username} onUsernameChange={setUsername} availability={availability} checkNow={checkNow} onContinue={next} />}
        {step === 'sex' && <SexStep gender={gender} onGenderChange={setGender} onContinue={next} />}
        {step === 'preference' && <PreferenceStep preference={preference} onPreferenceChange={setPreference} onContinue={next} />}
        {step === 'final' && (
          <FinalStep type={type ?? 'user'} values={details} onChange={(change) => setDetails((current) => ({ ...current, ...change }))} onSubmit={submit} />
        )}
        {step === 'verify' && <VerifyStep email={registeredEmail} />}
      </div>
    </Screen>
  );
}
