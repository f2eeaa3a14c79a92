import { adminPath } from '../admin-paths.ts';
import { AdCampaignsPanel } from './ad-campaigns-panel.tsx';
import { AdReportPanel } from './ad-report-panel.tsx';
import { Tabs } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const views = [
  { id: 'campaigns', label: msg('Campaigns') },
  { id: 'report', label: msg('Report') },
] as const;

/** The admin's side of ads (ADR 0016): campaigns with their creatives, and the daily report. */
export function AdsSection({ rest }: { rest: string[] }) {
  const view = views.find((candidate) => candidate.id === rest[0])?.id ?? 'campaigns';
  return (
    <>
      <Tabs label={t('Ads')} current={adminPath('ads', view)} items={views.map((candidate) => ({ to: adminPath('ads', candidate.id), label: t(candidate.label) }))} />
      {view === 'campaigns' && <AdCampaignsPanel />}
      {view === 'report' && <AdReportPanel />}
    </>
  );
}
