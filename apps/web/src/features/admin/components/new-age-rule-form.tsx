import type { AgeRule, GeoPlacesResponse } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSetAgeRule } from '../api/set-age-rule.ts';
import { ageRuleLabels, fullPlaceName, type PlaceNames } from '../age-rules.ts';
import { noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { AgeRuleFields, ageRuleFields, checkAgeRule, type AgeRuleValues } from './age-rule-fields.tsx';
import { t } from '../../../lib/i18n.ts';

const empty: AgeRuleValues = { rule: null, law: '', inForceSince: '' };

/**
 * A new place: a country, and one of its regions where it has them (a US state, a Canadian province, a UK
 * nation), with its rule. A place that has a rule already gets this one instead, and the form says so.
 */
export function NewAgeRuleForm({ places, names, rules }: { places: GeoPlacesResponse; names: PlaceNames; rules: readonly AgeRule[] }) {
  const [country, setCountry] = useState('');
  const [region, setRegion] = useState('');
  const [values, setValues] = useState<AgeRuleValues>(empty);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const save = useSetAgeRule();

  const regions = places.regions.filter((place) => place.countryCode === country);
  const existing = country ? rules.find((rule) => rule.country === country && rule.region === region) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkAgeRule({ country, region }, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    const place = fullPlaceName(checked.data, names);
    save.mutate(checked.data, {
      onSuccess: () => {
        toast(t('Rule for {place} saved.', { place }));
        setCountry('');
        setRegion('');
        setValues(empty);
      },
      onError: (error) => setProblems(serverProblems(error, ['country', 'region', ...ageRuleFields])),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="panel flex flex-col gap-5 p-5" aria-labelledby="new-age-rule-title">
      <h2 id="new-age-rule-title" className="text-lg font-bold">
        {t('Add a place')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label={t('Country')}
          placeholder={t('Choose a country')}
          value={country}
          error={problems.fields.country}
          options={places.countries.map((place) => ({ value: place.code, label: place.name }))}
          onChange={(event) => {
            setCountry(event.target.value);
            setRegion('');
          }}
        />
        {regions.length > 0 && (
          <div>
            <SelectField
              label={t('Region')}
              placeholder={t('Whole country')}
              value={region}
              error={problems.fields.region}
              options={regions.map((place) => ({ value: place.regionCode, label: place.name }))}
              onChange={(event) => setRegion(event.target.value)}
            />
            {!problems.fields.region && (
              <p className="mt-2 text-sm text-muted">{t('A region’s rule wins over its country’s; a region without one follows its country.')}</p>
            )}
          </div>
        )}
      </div>
      {existing && (
        <p className="rounded-2xl border border-accent-2/35 bg-accent-2/10 px-4 py-3 text-sm" role="status">
          {t('{place} has a rule already ({rule}): saving replaces it.', { place: fullPlaceName(existing, names), rule: t(ageRuleLabels[existing.rule]) })}
        </p>
      )}
      <AgeRuleFields values={values} problems={problems} onChange={(change) => setValues((current) => ({ ...current, ...change }))} />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={save.isPending} className="self-start px-8">
        {existing ? t('Replace rule') : t('Add rule')}
      </SubmitButton>
    </form>
  );
}
