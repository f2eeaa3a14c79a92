import { accountMessages, categories, type Category, type ProfileUser } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { sexLabels } from '../../../config/sex-labels.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearSession } from '../../session/stores/session-changes.ts';
import { useUpdateProfile } from '../../session/api/update-profile.ts';
import { t } from '../../../lib/i18n.ts';

/** accounts.md §8: "Sex changed"; any other answer from the server sends the person to sign in again. */
export function GenderForm({ user }: { user: ProfileUser }) {
  const [gender, setGender] = useState<Category>(user.gender);
  const [offline, setOffline] = useState(false);
  const update = useUpdateProfile();
  const toast = useToast();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setOffline(false);
    update.mutate(
      { gender },
      {
        onSuccess: () => toast(accountMessages.sexChanged),
        onError: (error) => {
          if (error instanceof ApiError && error.status > 0) clearSession();
          else setOffline(true);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <ChoiceCards legend={t('Gender')} hideLegend options={categories.map((value) => ({ value, label: t(sexLabels[value]) }))} value={gender} onChange={setGender} />
      {offline && <FormAlert>{accountMessages.somethingWrong}</FormAlert>}
      <SubmitButton busy={update.isPending} className="w-full sm:w-auto sm:self-end sm:px-10">
        {t('Save')}
      </SubmitButton>
    </form>
  );
}
