import type { AgeRule } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSetAgeRule } from '../api/set-age-rule.ts';
import { noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { AgeRuleFields, ageRuleFields, checkAgeRule, type AgeRuleValues } from './age-rule-fields.tsx';
import { t } from '../../../lib/i18n.ts';

interface AgeRuleEditorProps {
  rule: AgeRule;
  /** The place in full: "Texas, United States of America". */
  place: string;
  onDone: () => void;
  /** Asks to remove the row; null for the fallback, which stays. */
  onRemove: (() => void) | null;
}

/** A listed place's rule, law and start date, or its removal; the place itself stays (remove it and add another). */
export function AgeRuleEditor({ rule, place, onDone, onRemove }: AgeRuleEditorProps) {
  const [values, setValues] = useState<AgeRuleValues>({ rule: rule.rule, law: rule.law, inForceSince: rule.inForceSince ?? '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const save = useSetAgeRule();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkAgeRule({ country: rule.country, region: rule.region }, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    save.mutate(checked.data, {
      onSuccess: () => {
        toast(t('Rule for {place} saved.', { place }));
        onDone();
      },
      onError: (error) => setProblems(serverProblems(error, ageRuleFields)),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('Edit the rule for {place}', { place })}>
      <AgeRuleFields values={values} problems={problems} onChange={(change) => setValues((current) => ({ ...current, ...change }))} />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending} className="px-8">
          {t('Save rule')}
        </SubmitButton>
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          {t('Cancel')}
        </button>
        {onRemove && (
          <button type="button" className="btn btn-secondary h-12 text-danger sm:ml-auto" aria-label={t('Remove the rule for {place}', { place })} onClick={onRemove}>
            {t('Remove…')}
          </button>
        )}
      </div>
    </form>
  );
}
