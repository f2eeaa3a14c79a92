import { categories, type Category } from '@flick/contract';
import type { FormEvent } from 'react';
import { ChoiceCards } from '../../../../components/ui/choice-cards.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { sexLabels } from '../../../../config/sex-labels.ts';
import { t } from '../../../../lib/i18n.ts';

export interface SexStepProps {
  gender: Category;
  onGenderChange: (gender: Category) => void;
  onContinue: () => void;
}

/** A model's sex, one of the four categories (accounts.md §3, default f). */
export function SexStep({ gender, onGenderChange, onContinue }: SexStepProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onContinue();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-7">
      <ChoiceCards legend={t('Sex')} hideLegend options={categories.map((value) => ({ value, label: t(sexLabels[value]) }))} value={gender} onChange={onGenderChange} />
      <SubmitButton className="w-full">{t('Continue')}</SubmitButton>
    </form>
  );
}
