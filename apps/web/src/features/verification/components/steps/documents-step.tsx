import { identificationLabels, identificationTypes } from '@flick/contract';
import { TextField } from '../../../../components/ui/text-field.tsx';
import type { VerificationValues } from '../../verification-form-values.ts';
import { ImagePicker } from '../image-picker.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { StepTitle, type StepFieldsProps } from './step-parts.tsx';

const identificationOptions = identificationTypes.map((value) => ({ value, label: identificationLabels[value] }));

/** accounts.md §2: the three ID images, in this order. */
const pictures = [
  { name: 'front_picture_id', label: 'Front ID picture', hint: 'PNG or JPEG, up to 16 MB' },
  { name: 'back_picture_id', label: 'Back ID picture', hint: 'PNG or JPEG, up to 16 MB' },
  { name: 'face_picture_id', label: 'Face photo holding ID', hint: 'Your face and the document, both readable' },
] as const;

/** accounts.md §2 verification, step 2: the document, its number and the three pictures. */
export function DocumentsStep({ values, errors, set }: StepFieldsProps) {
  return (
    <>
      <StepTitle text="A government-issued document that is valid today. Make sure every corner and the text are sharp.">Identity documents</StepTitle>
      <SelectField
        label="Identification type"
        name="identification"
        placeholder="Select"
        options={identificationOptions}
        value={values.identification}
        onChange={(event) => set('identification', event.target.value as VerificationValues['identification'])}
        error={errors.identification}
      />
      <TextField
        label="Identification ID"
        name="identification_id"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.identification_id}
        onChange={(event) => set('identification_id', event.target.value)}
        error={errors.identification_id}
        hint="The document number."
      />
      {pictures.map((picture) => (
        <ImagePicker
          key={picture.name}
          label={picture.label}
          name={picture.name}
          hint={picture.hint}
          file={values[picture.name]}
          onChange={(file) => set(picture.name, file)}
          error={errors[picture.name]}
        />
      ))}
    </>
  );
}
