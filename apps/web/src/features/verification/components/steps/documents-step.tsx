import { identificationTypes } from '@flick/contract';
import { msg } from '@flick/i18n';
import { TextField } from '../../../../components/ui/text-field.tsx';
import type { IdentificationType, VerificationValues } from '../../verification-form-values.ts';
import { ImagePicker } from '../image-picker.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { StepTitle, type StepFieldsProps } from './step-parts.tsx';
import { t } from '../../../../lib/i18n.ts';

/** The contract's identificationLabels, marked for the catalogue. */
const identificationNames: Record<IdentificationType, string> = { driver: msg("Driver's license"), passport: msg('Passport'), idcard: msg('ID card') };

/** accounts.md §2: the three ID images, in this order. */
const pictures = [
  { name: 'front_picture_id', label: msg('Front ID picture'), hint: msg('PNG or JPEG, up to 16 MB') },
  { name: 'back_picture_id', label: msg('Back ID picture'), hint: msg('PNG or JPEG, up to 16 MB') },
  { name: 'face_picture_id', label: msg('Face photo holding ID'), hint: msg('Your face and the document, both readable') },
] as const;

/** accounts.md §2 verification, step 2: the document, its number and the three pictures. */
export function DocumentsStep({ values, errors, set }: StepFieldsProps) {
  return (
    <>
      <StepTitle text={t('A government-issued document that is valid today. Make sure every corner and the text are sharp.')}>{t('Identity documents')}</StepTitle>
      <SelectField
        label={t('Identification type')}
        name="identification"
        placeholder={t('Select')}
        options={identificationTypes.map((value) => ({ value, label: t(identificationNames[value]) }))}
        value={values.identification}
        onChange={(event) => set('identification', event.target.value as VerificationValues['identification'])}
        error={errors.identification}
      />
      <TextField
        label={t('Identification ID')}
        name="identification_id"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.identification_id}
        onChange={(event) => set('identification_id', event.target.value)}
        error={errors.identification_id}
        hint={t('The document number.')}
      />
      {pictures.map((picture) => (
        <ImagePicker
          key={picture.name}
          label={t(picture.label)}
          name={picture.name}
          hint={t(picture.hint)}
          file={values[picture.name]}
          onChange={(file) => set(picture.name, file)}
          error={errors[picture.name]}
        />
      ))}
    </>
  );
}
