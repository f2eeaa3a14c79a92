import { ageRuleInputSchema, type AgeRuleKind } from '@flick/contract';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ageRuleHints, ageRuleOptions } from '../age-rules.ts';
import { checkValues, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';

/** What a rule's form holds: the start date as the date input gives it ('' for none). */
export interface AgeRuleValues {
  rule: AgeRuleKind | null;
  law: string;
  inForceSince: string;
}

/** The fields of a rule the server names; a country's and a region's come from the add form alone. */
export const ageRuleFields = ['rule', 'law', 'inForceSince'] as const;

/** A place's rule as the contract takes it, or what is wrong with it, before anything is sent. */
export const checkAgeRule = (place: { country: string; region: string }, values: AgeRuleValues) =>
  checkValues(ageRuleInputSchema, { ...place, rule: values.rule ?? '', law: values.law, inForceSince: values.inForceSince || null });

/** The rule as three cards that say what each asks of a viewer, and its law and start date beside them. */
export function AgeRuleFields({ values, problems, onChange }: { values: AgeRuleValues; problems: Problems; onChange: (change: Partial<AgeRuleValues>) => void }) {
  const ruleChoices = ageRuleOptions().map((option) => ({ ...option, description: t(ageRuleHints[option.value]) }));
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <ChoiceCards legend={t('Rule')} columns={1} options={ruleChoices} value={values.rule} error={problems.fields.rule} onChange={(rule) => onChange({ rule })} />
      <div className="flex min-w-0 flex-col gap-4">
        <TextField
          label={t('Law')}
          value={values.law}
          error={problems.fields.law}
          hint={t('The law and its article; the age gate shows it to viewers there.')}
          onChange={(event) => onChange({ law: event.target.value })}
        />
        <TextField
          type="date"
          label={t('In force since')}
          value={values.inForceSince}
          error={problems.fields.inForceSince}
          hint={t('No rule applies there before this day. Empty: in force now.')}
          onChange={(event) => onChange({ inForceSince: event.target.value })}
        />
      </div>
    </div>
  );
}
