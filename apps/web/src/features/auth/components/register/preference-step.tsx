import { accountMessages, categories, categoryLabels, type Category } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { MultiChoiceCards } from '../../../../components/ui/choice-cards.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { t } from '../../../../lib/i18n.ts';

export interface PreferenceStepProps {
  preference: readonly Category[];
  onPreferenceChange: (preference: Category[]) => void;
  onContinue: () => void;
}

/** accounts.md §5: the categories a viewer likes, at least one (default f and c). */
export function PreferenceStep({ preference, onPreferenceChange, onContinue }: PreferenceStepProps) {
  const [tried, setTried] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (preference.length > 0) onContinue();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-7">
      <MultiChoiceCards
        legend={t('Categories')}
        hideLegend
        options={categories.map((value) => ({ value, label: t(categoryLabels[value]) }))}
        value={preference}
        onChange={onPreferenceChange}
        error={tried && preference.length === 0 ? t(accountMessages.preferenceRequired) : null}
      />
      <SubmitButton className="w-full">{t('Continue')}</SubmitButton>
    </form>
  );
}
