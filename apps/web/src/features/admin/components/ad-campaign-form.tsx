import { adminAdCampaignCreateSchema, adminAdCampaignUpdateSchema, adPlacementKeys, categories, categoryLabels, type AdminAdCampaign } from '@flick/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateAdCampaign } from '../api/create-ad-campaign.ts';
import { useUpdateAdCampaign } from '../api/update-ad-campaign.ts';
import { placementLabels, slotSize } from '../ad-format.ts';
import { campaignFields, campaignValues, checkCampaign, type CampaignValues } from '../ad-campaign-values.ts';
import { noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** Checkboxes under one legend, with what none checked means, or the group's error. */
function CheckGroup({ legend, hint, error, grid, children }: { legend: string; hint: string; error?: string; grid: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-message`} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className={`grid gap-x-4 ${grid}`}>{children}</div>
      {error ? (
        <p id={`${id}-message`} role="alert" className="mt-1 text-sm text-danger">
          {t(error)}
        </p>
      ) : (
        <p id={`${id}-message`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

const toggled = <T extends string>(all: readonly T[], chosen: readonly T[], value: T, on: boolean) => all.filter((item) => (item === value ? on : chosen.includes(item)));

/**
 * A campaign's advertiser, name, dates, caps, targeting and weight: a new campaign (`campaign` absent), or
 * an existing one's, edited in place.
 */
export function AdCampaignForm({ campaign, onDone }: { campaign?: AdminAdCampaign; onDone?: () => void }) {
  const [values, setValues] = useState<CampaignValues>(() => campaignValues(campaign));
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateAdCampaign();
  const update = useUpdateAdCampaign();
  const titleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const onError = (error: unknown) => setProblems(serverProblems(error, campaignFields));
    if (campaign) {
      const checked = checkCampaign(adminAdCampaignUpdateSchema, values, campaign);
      if (checked.problems) {
        setProblems(checked.problems);
        return;
      }
      setProblems(noProblems);
      update.mutate(
        { id: campaign.id, change: checked.data },
        {
          onSuccess: () => {
            toast(msg('Campaign saved.'));
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    const checked = checkCampaign(adminAdCampaignCreateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (created) => {
        toast(t('{name} created: it shows once it has a creative.', { name: created.name }));
        setValues(campaignValues());
      },
      onError,
    });
  }

  const text = (field: Exclude<keyof CampaignValues, 'categories' | 'placements'>) => ({
    value: values[field],
    error: problems.fields[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className={campaign ? 'flex flex-col gap-5 border-t border-line pt-4' : 'panel flex flex-col gap-5 p-5'}
      aria-label={campaign ? t('Edit {name}', { name: campaign.name }) : undefined}
      aria-labelledby={campaign ? undefined : titleId}
    >
      {!campaign && (
        <h2 id={titleId} className="text-lg font-bold">
          {t('Create a campaign')}
        </h2>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t('Advertiser')} {...text('advertiser')} />
        <TextField label={t('Campaign name')} {...text('name')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('Starts')} type="datetime-local" hint={campaign ? t('Your local time.') : t('Your local time; empty: now.')} {...text('startsAt')} />
        <TextField label={t('Ends')} type="datetime-local" hint={t('Empty: it runs until a cap ends it.')} {...text('endsAt')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <TextField label={t('Impressions a day')} inputMode="numeric" hint={t('Empty: no cap.')} {...text('dailyCap')} />
        <TextField label={t('Impressions in all')} inputMode="numeric" hint={t('Empty: no cap.')} {...text('totalCap')} />
        <TextField label={t('Per viewer a day')} inputMode="numeric" hint={t('Empty: no cap.')} {...text('frequencyCap')} />
        <TextField label={t('Weight')} inputMode="numeric" hint={t('1 to 1000: its share among the campaigns that fit a slot.')} {...text('weight')} />
      </div>
      <TextField
        label={t('Countries')}
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('Two-letter codes separated by commas or spaces, e.g. US, DE. Empty: everywhere.')}
        {...text('countries')}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <CheckGroup legend={t('Categories')} hint={t('None checked: every category.')} error={problems.fields.categories} grid="grid-cols-2">
          {categories.map((category) => (
            <Checkbox
              key={category}
              checked={values.categories.includes(category)}
              onChange={(on) => setValues((current) => ({ ...current, categories: toggled(categories, current.categories, category, on) }))}
            >
              {t(categoryLabels[category])}
            </Checkbox>
          ))}
        </CheckGroup>
        <CheckGroup
          legend={t('Placements')}
          hint={t('None checked: every slot a creative fits.')}
          error={problems.fields.placements}
          grid="sm:grid-cols-2 xl:grid-cols-3"
        >
          {adPlacementKeys.map((placement) => (
            <Checkbox
              key={placement}
              checked={values.placements.includes(placement)}
              onChange={(on) => setValues((current) => ({ ...current, placements: toggled(adPlacementKeys, current.placements, placement, on) }))}
              description={slotSize(placement)}
            >
              {t(placementLabels[placement])}
            </Checkbox>
          ))}
        </CheckGroup>
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={campaign ? update.isPending : create.isPending} className="px-8">
          {campaign ? t('Save campaign') : t('Create campaign')}
        </SubmitButton>
        {onDone && (
          <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
            {t('Cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
