import type { RegistrationType } from '@flick/contract';
import type { FormEvent } from 'react';
import { VideoIcon } from '../../../../components/ui/account-icons.tsx';
import { ChoiceCards, type ChoiceOption } from '../../../../components/ui/choice-cards.tsx';
import { PlayIcon } from '../../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { t } from '../../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const bubble = 'grid size-11 place-items-center rounded-2xl';

/** accounts.md §2: the registration types offered, user (Watch videos) and model (Post videos). */
const typeOptions: readonly ChoiceOption<RegistrationType>[] = [
  {
    value: 'user',
    label: msg('Watch videos'),
    description: msg('A viewer account: follow creators, like and rate clips.'),
    visual: (
      <span className={`${bubble} bg-surface-3 text-fg`}>
        <PlayIcon width="20" height="20" className="ml-0.5" />
      </span>
    ),
  },
  {
    value: 'model',
    label: msg('Post videos'),
    description: msg('A creator account: upload clips and promote your live shows.'),
    visual: (
      <span className={`${bubble} bg-brand text-white shadow-glow`}>
        <VideoIcon width="22" height="22" />
      </span>
    ),
  },
];

export interface TypeStepProps {
  type: RegistrationType | null;
  onTypeChange: (type: RegistrationType) => void;
  onContinue: () => void;
}

export function TypeStep({ type, onTypeChange, onContinue }: TypeStepProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (type) onContinue();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-7">
      <ChoiceCards
        legend={t('Account type')}
        hideLegend
        columns={1}
        options={typeOptions.map((option) => ({ ...option, label: t(option.label), description: option.description && t(option.description) }))}
        value={type}
        onChange={onTypeChange}
      />
      <SubmitButton disabled={!type} className="w-full">
        {t('Continue')}
      </SubmitButton>
    </form>
  );
}
