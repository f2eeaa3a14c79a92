import type { RefObject } from 'react';
import { SignaturePad, type SignaturePadHandle } from '../signature-pad.tsx';
import { StepTitle } from './step-parts.tsx';
import { t } from '../../../../lib/i18n.ts';

export interface SignatureStepProps {
  legalName: string;
  pad: RefObject<SignaturePadHandle | null>;
  error: string | undefined;
  onInkChange: (ink: boolean) => void;
}

/** accounts.md §2 verification, step 3: the declaration, signed on the pad. */
export function SignatureStep({ legalName, pad, error, onInkChange }: SignatureStepProps) {
  return (
    <>
      <StepTitle text={t('Read the declaration, then sign it.')}>{t('Declaration')}</StepTitle>
      <div className="rounded-2xl border border-line bg-surface-1 p-4 text-[0.9375rem] leading-relaxed text-muted sm:p-5">
        <p className="font-semibold text-fg">{t('By signing below, I, {name}, declare that:', { name: legalName.trim() })}</p>
        <ul className="mt-2.5 list-disc space-y-1.5 pl-5 marker:text-accent-soft">
          <li>{t('I am at least 18 years old.')}</li>
          <li>{t('The identity document and photos I send are mine, genuine and valid.')}</li>
          <li>{t('I consent to Flick reviewing them to verify my identity and age, and keeping them as record-keeping law for adult content requires.')}</li>
        </ul>
      </div>
      <SignaturePad ref={pad} error={error} onInkChange={onInkChange} />
    </>
  );
}
