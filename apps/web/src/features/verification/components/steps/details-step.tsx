import { ADULT_AGE, ageOn, categories, type Category } from '@flick/contract';
import { msg } from '@flick/i18n';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.tsx';
import { countryOptions } from '../../countries.ts';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { StepTitle, type StepFieldsProps } from './step-parts.tsx';
import { t } from '../../../../lib/i18n.ts';

/** As written on identity documents. */
const legalGenderLabels: Record<Category, string> = { f: msg('Female'), c: msg('Couple'), m: msg('Male'), t: msg('Trans') };

/** accounts.md §2 verification, step 1: the legal details; the age follows the birthday. */
export function DetailsStep({ values, errors, set, maxBirthday }: StepFieldsProps & { maxBirthday: string }) {
  return (
    <>
      <StepTitle text={t('As they appear on your identity document. Only our review team sees them.')}>{t('Your details')}</StepTitle>
      <TextField
        label={t('Full Name')}
        name="legal_name"
        autoComplete="name"
        value={values.legal_name}
        onChange={(event) => set('legal_name', event.target.value)}
        error={errors.legal_name}
      />
      <SelectField
        label={t('Gender')}
        name="gender"
        placeholder={t('Select')}
        options={categories.map((value) => ({ value, label: t(legalGenderLabels[value]) }))}
        value={values.gender}
        onChange={(event) => set('gender', event.target.value as Category | '')}
        error={errors.gender}
      />
      <TextAreaField
        label={t('Address')}
        name="address"
        autoComplete="street-address"
        rows={2}
        value={values.address}
        onChange={(event) => set('address', event.target.value)}
        error={errors.address}
      />
      <SelectField
        label={t('Country')}
        name="country"
        autoComplete="country"
        placeholder={t('Select')}
        options={countryOptions().map((country) => ({ value: country.code, label: country.name }))}
        value={values.country}
        onChange={(event) => set('country', event.target.value)}
        error={errors.country}
      />
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <TextField
          label={t('Birthday')}
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
          label={t('Age')}
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
        label={t('Stage name')}
        name="stage_name"
        autoComplete="nickname"
        value={values.stage_name}
        onChange={(event) => set('stage_name', event.target.value)}
        error={errors.stage_name}
        hint={t('The name you perform under.')}
      />
    </>
  );
}
