import { adminPath } from '../admin-paths.ts';
import { AdCampaignsPanel } from './ad-campaigns-panel.tsx';
import { AdReportPanel } from './ad-report-panel.tsx';
import { Tabs } from './admin-ui.tsx';

const views = [
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'report', label: 'Report' },
] as const;

/** The admin's side of ads (ADR 0016): campaigns with their creatives, and the daily report. */
export function AdsSection({ rest }: { rest: string[] }) {
  const view = views.find((candidate) => candidate.id === rest[0])?.id ?? 'campaigns';
  return (
    <>
      <Tabs label="Ads" current={adminPath('ads', view)} items={views.map((candidate) => ({ to: adminPath('ads', candidate.id), label: candidate.label }))} />
      {view === 'campaigns' && <AdCampaignsPanel />}
      {view === 'report' && <AdReportPanel />}
    </>
  );
}
