import type { AgeRule } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAgeRules } from '../api/get-age-rules.ts';
import { usePlaces } from '../api/get-places.ts';
import { useRemoveAgeRule } from '../api/remove-age-rule.ts';
import { adminPath, auditQuery } from '../admin-paths.ts';
import { afterRemoval, ageRuleLabels, fullPlaceName, groupAgeRules, placeNames } from '../age-rules.ts';
import { errorMessage, Failed, Loading } from './admin-ui.tsx';
import { ageRuleKey, AgeRulesTable } from './age-rules-table.tsx';
import { NewAgeRuleForm } from './new-age-rule-form.tsx';
import { t } from '../../../lib/i18n.ts';

/** Without a way to tell places, every viewer is an unknown place: the whole table comes down to the fallback. */
function NoGeolocation({ fallback }: { fallback: AgeRule | null }) {
  return (
    <section aria-labelledby="no-geolocation-title" className="flex items-start gap-3 rounded-2xl border border-danger/40 bg-danger/10 px-4 py-4 sm:px-5">
      <AlertIcon width="22" height="22" className="mt-0.5 flex-none text-danger" />
      <div className="min-w-0 text-sm leading-relaxed">
        <h2 id="no-geolocation-title" className="text-base font-bold">
          {t('This server cannot tell where viewers are')}
        </h2>
        <p className="mt-1">
          {fallback
            ? t(
                'It has no geolocation database and no CDN country header, so every viewer counts as an unknown place and gets the fallback rule ({rule}), wherever they are: the places below apply to no one.',
                { rule: t(ageRuleLabels[fallback.rule]) },
              )
            : t(
                'It has no geolocation database and no CDN country header, so every viewer counts as an unknown place and gets the fallback rule, wherever they are: the places below apply to no one.',
              )}
        </p>
        <p className="mt-1 text-muted">{t('Set GEOIP_DATABASE, or GEO_COUNTRY_HEADER and GEO_REGION_HEADER behind a trusted proxy (TRUST_PROXY).')}</p>
      </div>
    </section>
  );
}

/**
 * How the server tells where a viewer is. Without TRUST_PROXY it takes the address that reaches it: right for
 * a server facing the internet, but behind a load balancer or CDN every viewer would be the proxy's place.
 */
function PlacesSource({ placesFrom, trustProxy }: { placesFrom: string; trustProxy: boolean }) {
  return (
    <div className="panel flex flex-col gap-2 px-4 py-3.5 text-sm leading-relaxed sm:px-5">
      <p>
        <span className="font-semibold">{t('Places come from')}</span> <span className="text-muted">{placesFrom}.</span>
      </p>
      {!trustProxy && (
        <p className="flex items-start gap-2 text-accent-2" data-testid="no-trust-proxy">
          <AlertIcon width="18" height="18" className="mt-0.5 flex-none" />
          <span>
            {t(
              'TRUST_PROXY is off: each viewer is placed by the address that reaches this server. Behind a load balancer or CDN, that is the proxy’s, and every viewer gets the rule of the proxy’s place.',
            )}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * Age rules (issue 31, ADR 0030): what each place's law asks of a viewer before any video, the fallback
 * for places the lookup cannot tell first; add, edit and remove places, each change in the audit log.
 */
export function AgeRulesSection() {
  const rules = useAgeRules();
  const places = usePlaces();
  const remove = useRemoveAgeRule();
  const [removing, setRemoving] = useState<AgeRule | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const intro = (
    <p className="max-w-3xl text-sm leading-relaxed text-muted">
      {t(
        'A place’s rule decides what a viewer there must do before any video shows — nothing, confirm they are 18 or older, or pass an age check — and a change takes effect on every instance within 5 seconds.',
      )}
    </p>
  );
  if (rules.isPending || places.isPending)
    return (
      <div className="flex flex-col gap-5">
        {intro}
        <Loading label={t('Loading the age rules')} />
      </div>
    );
  if (rules.isError) return <Failed error={rules.error} what={t('The age rules')} onRetry={() => void rules.refetch()} />;
  if (places.isError) return <Failed error={places.error} what={t('The list of countries')} onRetry={() => void places.refetch()} />;

  const names = placeNames(places.data);
  const grouped = groupAgeRules(rules.data.rules, names);
  const removingPlace = removing ? fullPlaceName(removing, names) : '';

  return (
    <div className="flex flex-col gap-5">
      {intro}
      {rules.data.geolocation ? <PlacesSource placesFrom={rules.data.placesFrom} trustProxy={rules.data.trustProxy} /> : <NoGeolocation fallback={grouped.fallback} />}
      <AgeRulesTable grouped={grouped} names={names} editing={editing} onEdit={setEditing} onRemove={setRemoving} />
      <Link to={`${adminPath('audit')}?${auditQuery({ targetType: 'age-rule' })}`} className="self-start text-sm font-semibold text-accent-soft hover:underline">
        {t('Every change to the rules in the audit log')}
      </Link>
      <NewAgeRuleForm places={places.data} names={names} rules={rules.data.rules} />
      <ConfirmDialog
        open={removing !== null}
        title={t('Remove the rule for {place}?', { place: removingPlace })}
        text={removing ? afterRemoval(removing, rules.data.rules) : ''}
        confirmLabel={t('Remove')}
        destructive
        onConfirm={() => {
          if (removing) {
            // The row goes with its editor: adding the place again later shows it closed.
            if (editing === ageRuleKey(removing)) setEditing(null);
            remove.mutate(
              { country: removing.country, region: removing.region },
              { onSuccess: () => toast(t('Rule for {place} removed.', { place: removingPlace })), onError: (error) => toast(errorMessage(error), { tone: 'error' }) },
            );
          }
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
