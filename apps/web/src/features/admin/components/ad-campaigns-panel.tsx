import type { AdminAdCampaign } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast.tsx';
import { useAdCampaigns } from '../api/get-ad-campaigns.ts';
import { useUpdateAdCampaign } from '../api/update-ad-campaign.ts';
import { ctrOf, describeCaps, describeTargeting, formatCount, formatCtr } from '../ad-format.ts';
import { formatMoment } from '../admin-format.ts';
import { adReportPath, historyPath } from '../admin-paths.ts';
import { AdCampaignForm } from './ad-campaign-form.tsx';
import { AdCreatives, AddAdCreative } from './ad-creatives.tsx';
import { Badge, Empty, errorMessage, Fact, Failed, Loading, type BadgeTone } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const statusBadges: Record<AdminAdCampaign['status'], [BadgeTone, string]> = {
  active: ['success', msg('Active')],
  paused: ['warn', msg('Paused')],
  ended: ['neutral', msg('Ended')],
};

type Part = 'edit' | 'creative';

function CampaignRow({ campaign }: { campaign: AdminAdCampaign }) {
  const [open, setOpen] = useState<Part | null>(null);
  const update = useUpdateAdCampaign();
  const [tone, label] = statusBadges[campaign.status];
  const targeting = describeTargeting(campaign);
  const running = campaign.status === 'active';

  function setStatus() {
    update.mutate(
      { id: campaign.id, change: { status: running ? 'paused' : 'active' } },
      {
        onSuccess: () => toast(running ? msg('Campaign paused: it shows nowhere until resumed.') : msg('Campaign running again.')),
        onError: (error) => toast(errorMessage(error), { tone: 'error' }),
      },
    );
  }

  const toggle = (part: Part) => setOpen(open === part ? null : part);

  return (
    <li className="flex flex-col gap-4 px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-bold break-words">{campaign.name}</span>
            <Badge tone={tone}>{t(label)}</Badge>
          </p>
          <p className="mt-0.5 text-sm break-words text-muted">
            {campaign.advertiser} · #{campaign.id} · {t('created {date}', { date: formatMoment(campaign.createdAt) })} ·{' '}
            <Link to={adReportPath({ campaignId: campaign.id })} className="font-semibold hover:text-fg hover:underline">
              {t('Report')}
            </Link>{' '}
            ·{' '}
            <Link to={historyPath('ad-campaign', campaign.id)} className="font-semibold hover:text-fg hover:underline">
              {t('History')}
            </Link>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={update.isPending}
          onClick={setStatus}
          aria-label={running ? t('Pause {name}', { name: campaign.name }) : t('Resume {name}', { name: campaign.name })}
        >
          {running ? t('Pause') : t('Resume')}
        </button>
      </div>
      {campaign.status === 'ended' && campaign.endedReason && (
        <p className="rounded-2xl bg-surface-2 px-3 py-2 text-sm">
          {t('Ended: {reason}. Resuming runs it again while its dates and caps allow.', { reason: campaign.endedReason })}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <Fact label={t('Impressions')}>{formatCount(campaign.impressions)}</Fact>
        <Fact label={t('Clicks')}>{formatCount(campaign.clicks)}</Fact>
        <Fact label={t('CTR')}>{formatCtr(ctrOf(campaign.clicks, campaign.impressions))}</Fact>
        <Fact label={t('Today')}>{formatCount(campaign.impressionsToday)}</Fact>
        <Fact label={t('Weight')}>{campaign.weight}</Fact>
        <Fact label={t('Runs')} wrap>
          {formatMoment(campaign.startsAt)} → {campaign.endsAt ? formatMoment(campaign.endsAt) : t('no end date')}
        </Fact>
        <Fact label={t('Caps')} wrap>
          {describeCaps(campaign)}
        </Fact>
        <Fact label={t('Categories')} wrap>
          {targeting.categories}
        </Fact>
        <Fact label={t('Countries')} wrap>
          {targeting.countries}
        </Fact>
        <Fact label={t('Placements')} wrap>
          {targeting.placements}
        </Fact>
      </dl>
      <AdCreatives campaign={campaign} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary aria-expanded:border-fg/40 aria-expanded:bg-surface-3"
          aria-expanded={open === 'edit'}
          onClick={() => toggle('edit')}
          aria-label={t('Edit {name}', { name: campaign.name })}
        >
          {t('Edit')}
        </button>
        <button
          type="button"
          className="btn btn-secondary aria-expanded:border-fg/40 aria-expanded:bg-surface-3"
          aria-expanded={open === 'creative'}
          onClick={() => toggle('creative')}
          aria-label={t('Add creative to {name}', { name: campaign.name })}
        >
          {t('Add creative')}
        </button>
      </div>
      {open === 'edit' && <AdCampaignForm campaign={campaign} onDone={() => setOpen(null)} />}
      {open === 'creative' && <AddAdCreative campaign={campaign} />}
    </li>
  );
}

/** Campaigns: running and paused first, ended last, each with its counts, targeting and creatives; and a new one. */
export function AdCampaignsPanel() {
  const campaigns = useAdCampaigns();
  return (
    <div className="flex flex-col gap-5">
      {campaigns.isPending ? (
        <Loading label={t('Loading the campaigns')} />
      ) : campaigns.isError ? (
        <Failed error={campaigns.error} what={t('The campaigns')} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.length === 0 ? (
        <Empty>{t('No campaign yet. Create one below, then add its creatives.')}</Empty>
      ) : (
        <ul className={'panel divide-y divide-line'} aria-label={t('Ad campaigns')}>
          {campaigns.data.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
      <AdCampaignForm />
    </div>
  );
}
