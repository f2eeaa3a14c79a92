import type { RegistrationType } from '@flick/contract';
import type { FormEvent } from 'react';
import { VideoIcon } from '../../../../components/ui/account-icons.tsx';
import { ChoiceCards, type ChoiceOption } from '../../../../components/ui/choice-cards.tsx';
import { PlayIcon } from '../../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';

const bubble = 'grid size-11 place-items-center rounded-2xl';

/** accounts.md §2: the registration types offered, user (Watch videos) and model (Post videos). */
const typeOptions: readonly ChoiceOption<RegistrationType>[] = [
  {
    value: 'user',
    label: 'Watch videos',
    description: 'A viewer account: follow creators, like and rate clips.',
    visual: (
      <span className={`${bubble} bg-surface-3 text-fg`}>
        <PlayIcon width="20" height="20" className="ml-0.5" />
      </span>
    ),
  },
  {
    value: 'model',
    label: 'Post videos',
    description: 'A creator account: upload clips and promote your live shows.',
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
      <ChoiceCards legend="Account type" hideLegend columns={1} options={typeOptions} value={type} onChange={onTypeChange} />
      <SubmitButton disabled={!type} className="w-full">
        Continue
      </SubmitButton>
    </form>
  );
}
