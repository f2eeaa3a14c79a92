import { REGION_COUNTRIES, type GeoPlacesResponse } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isSessionError } from '../../session/session-errors.ts';
import { useAddGeoBlock } from '../api/add-geo-block.ts';
import type { GeoBlockEntry } from '../api/get-geo-blocks.ts';
import { addFailureMessage, countryName, decideAdd, type GeoBlockChoice } from '../geo-block-rules.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { currentLocale, t } from '../../../lib/i18n.ts';

export type AddGeoBlockKind = 'country' | 'region';

export interface AddGeoBlockSheetProps {
  /** Which sheet is open, if any. */
  kind: AddGeoBlockKind | null;
  listed: readonly GeoBlockEntry[];
  places: GeoPlacesResponse;
  onClose: () => void;
}

/** accounts.md §2: Add Country and Add Region, each a bottom sheet with its selects and an Add button. */
export function AddGeoBlockSheet({ kind, listed, places, onClose }: AddGeoBlockSheetProps) {
  return (
    <BottomSheet open={kind !== null} onClose={onClose} title={kind === 'region' ? t('Add Region') : t('Add Country')}>
      {kind && <AddGeoBlockForm key={kind} kind={kind} listed={listed} places={places} onDone={onClose} />}
    </BottomSheet>
  );
}

function AddGeoBlockForm({ kind, listed, places, onDone }: { kind: AddGeoBlockKind; listed: readonly GeoBlockEntry[]; places: GeoPlacesResponse; onDone: () => void }) {
  const [country, setCountry] = useState('');
  const [region, setRegion] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddGeoBlock();

  const regionCountries = places.countries.filter((place) => (REGION_COUNTRIES as readonly string[]).includes(place.code));
  const choices = kind === 'country' ? places.countries : regionCountries;
  const regionsOfCountry = places.regions.filter((place) => place.countryCode === country);
  // In the reader's language, in its alphabetical order (the server's list is in English's).
  const countryOptions = choices.map((place) => ({ value: place.code, label: countryName(place.code, place.name) }));
  if (currentLocale() !== 'en') countryOptions.sort((a, b) => a.label.localeCompare(b.label, currentLocale()));
  const choice: GeoBlockChoice = kind === 'country' ? { country_code: country } : { country_code: country, region_code: region };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const decision = decideAdd(listed, choice, places.regions);
    if (decision.action === 'error') return setFailure(decision.message);
    // Already listed: nothing to send, and the list behind the sheet shows it.
    if (decision.action === 'ignore') return decision.why === 'listed' ? onDone() : undefined;
    setFailure(null);
    add.mutate(decision.block, {
      onSuccess: onDone,
      onError: (error) => {
        if (!isSessionError(error)) setFailure(addFailureMessage(error));
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-sm leading-relaxed text-muted">
        {kind === 'country'
          ? t('Your videos and profile will not be shown anywhere in this country.')
          : t('Your videos and profile will not be shown in this region only.')}
      </p>
      <SelectField
        label={t('Country')}
        placeholder={t('Select')}
        value={country}
        options={countryOptions}
        onChange={(event) => {
          setCountry(event.target.value);
          setRegion('');
          setFailure(null);
        }}
      />
      {kind === 'region' && (
        <SelectField
          label={t('Region')}
          placeholder={t('Select')}
          value={region}
          disabled={country === ''}
          options={regionsOfCountry.map((place) => ({ value: place.regionCode, label: place.name }))}
          onChange={(event) => {
            setRegion(event.target.value);
            setFailure(null);
          }}
        />
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <SubmitButton busy={add.isPending} disabled={country === '' || (kind === 'region' && region === '')} className="w-full">
        {t('Add')}
      </SubmitButton>
    </form>
  );
}
