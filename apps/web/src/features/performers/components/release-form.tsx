import { CONSENT_TEXT, countryCodes, identificationTypes, type VideoPerformers } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useRef, useState, type FormEvent } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { addRelease } from '../api/video-performers.ts';
import {
  dayOf,
  releaseErrorsFrom,
  releaseFieldOrder,
  releaseFormData,
  releaseProblems,
  type ReleaseErrors,
  type ReleaseField,
  type ReleaseValues,
} from '../release-values.ts';
import { ReleaseImagePicker } from './release-image-picker.tsx';
import { formatDate, regionName } from '../../../lib/format.ts';
import { currentLocale, t } from '../../../lib/i18n.ts';

/** The contract's identificationLabels, marked for the catalogue. */
const identificationNames: Record<(typeof identificationTypes)[number], string> = {
  driver: msg("Driver's license"),
  passport: msg('Passport'),
  idcard: msg('ID card'),
};

let countries: { value: string; label: string }[] | null = null;
/** Every country by its name in the reader's language, built when the form first opens (a language picked later reloads the page). */
function countryOptions() {
  if (!countries) {
    const locale = currentLocale();
    countries = countryCodes.map((code) => ({ value: code, label: regionName(code) })).sort((a, b) => a.label.localeCompare(b.label, locale));
  }
  return countries;
}

const pictures = [
  { name: 'front_picture_id', label: msg('Front of the ID'), hint: msg('Required. PNG or JPEG, up to 16 MB') },
  { name: 'back_picture_id', label: msg('Back of the ID'), hint: msg('This one, or the photo below, or both') },
  { name: 'face_picture_id', label: msg('Face holding the ID'), hint: msg('Their face and the document, both readable') },
] as const;

export interface ReleaseFormProps {
  videoId: number;
  /** Kept by the caller: closing the form and opening it again loses nothing. */
  values: ReleaseValues;
  onChange: (values: ReleaseValues) => void;
  onAdded: (answer: VideoPerformers) => void;
}

/**
 * ADR 0029: a co-performer without a Flick account. Their legal details, ID images, consent to filming
 * and to publication, and their signature (the legal name typed again), filled in with them; an admin
 * reviews it like an identity verification before the video can be published.
 */
export function ReleaseForm({ videoId, values, onChange, onAdded }: ReleaseFormProps) {
  const [errors, setErrors] = useState<ReleaseErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [today] = useState(() => new Date());
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends ReleaseField>(field: K, value: ReleaseValues[K]) => {
    onChange({ ...values, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'face_picture_id' ? { back_picture_id: undefined } : {}) }));
  };

  const focusFirst = (found: ReleaseErrors) => {
    const field = releaseFieldOrder.find((name) => found[name]);
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  async function send() {
    setBusy(true);
    setFailure(null);
    try {
      onAdded(await addRelease(videoId, releaseFormData(values, today)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const { fields, other } = releaseErrorsFrom(error.errors);
        setErrors(fields);
        setFailure(other ?? (Object.keys(fields).length === 0 ? error.message : null));
        focusFirst(fields);
      } else {
        setFailure(error instanceof ApiError && error.status > 0 ? error.message : NETWORK_ERROR_MESSAGE);
      }
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = releaseProblems(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    void send();
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 pb-1">
      <p className="text-sm leading-relaxed text-muted">
        {t("Fill this in together with the person. Only Flick's review team sees these details and images; the video is published once they are approved.")}
      </p>
      <TextField
        label={t('Legal name')}
        name="legal_name"
        autoComplete="off"
        value={values.legal_name}
        onChange={(e) => set('legal_name', e.target.value)}
        error={errors.legal_name}
        hint={t('As on their ID.')}
      />
      <TextField
        label={t('Stage names (optional)')}
        name="stage_names"
        autoComplete="off"
        value={values.stage_names}
        onChange={(e) => set('stage_names', e.target.value)}
        error={errors.stage_names}
        hint={t('Separate several with commas.')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('Date of birth')}
          name="date_of_birth"
          type="date"
          max={dayOf(today)}
          value={values.date_of_birth}
          onChange={(e) => set('date_of_birth', e.target.value)}
          error={errors.date_of_birth}
        />
        <TextField
          label={t('Filmed on')}
          name="filmed_on"
          type="date"
          max={dayOf(today)}
          value={values.filmed_on}
          onChange={(e) => set('filmed_on', e.target.value)}
          error={errors.filmed_on}
        />
      </div>
      <SelectField
        label={t('Country')}
        name="country"
        placeholder={t('Select')}
        options={countryOptions()}
        value={values.country}
        onChange={(e) => set('country', e.target.value)}
        error={errors.country}
      />
      <SelectField
        label={t('Identification type')}
        name="identification"
        placeholder={t('Select')}
        options={identificationTypes.map((value) => ({ value, label: t(identificationNames[value]) }))}
        value={values.identification}
        onChange={(e) => set('identification', e.target.value as ReleaseValues['identification'])}
        error={errors.identification}
      />
      <TextField
        label={t('Identification ID')}
        name="identification_id"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.identification_id}
        onChange={(e) => set('identification_id', e.target.value)}
        error={errors.identification_id}
        hint={t('The document number.')}
      />
      {pictures.map((picture) => (
        <ReleaseImagePicker
          key={picture.name}
          label={t(picture.label)}
          name={picture.name}
          hint={t(picture.hint)}
          file={values[picture.name]}
          onChange={(file) => set(picture.name, file)}
          error={errors[picture.name]}
        />
      ))}

      <fieldset className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-2/60 p-4">
        <legend className="sr-only">{t('Consent')}</legend>
        <p className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('Their consent')}</p>
        <p className="text-sm leading-relaxed">{CONSENT_TEXT}</p>
        <div className="mt-1 flex flex-col">
          <Checkbox
            name="consent_filming"
            checked={values.consent_filming}
            invalid={Boolean(errors.consent_filming)}
            onChange={(checked) => set('consent_filming', checked)}
          >
            {t('I consent to being filmed in this video.')}
          </Checkbox>
          <Checkbox
            name="consent_publication"
            checked={values.consent_publication}
            invalid={Boolean(errors.consent_publication)}
            onChange={(checked) => set('consent_publication', checked)}
          >
            {t('I consent to its publication on Flick.')}
          </Checkbox>
        </div>
        {(errors.consent_filming ?? errors.consent_publication) && (
          <p role="alert" className="text-sm text-danger">
            {t((errors.consent_filming ?? errors.consent_publication)!)}
          </p>
        )}
      </fieldset>

      <TextField
        label={t('Signature')}
        name="signature_name"
        autoComplete="off"
        placeholder={t('Their full legal name')}
        value={values.signature_name}
        onChange={(e) => set('signature_name', e.target.value)}
        error={errors.signature_name}
        hint={t('Typed by them, exactly as their legal name. Signed {date}.', { date: formatDate(today, { dateStyle: 'medium' }) })}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <SubmitButton busy={busy} className="w-full">
        {t('Add release')}
      </SubmitButton>
    </form>
  );
}
