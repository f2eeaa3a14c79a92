import { adminPath } from '../admin-paths.ts';
import { Tabs } from './admin-ui.tsx';
import { ContestsPanel } from './contests-panel.tsx';
import { PagesPanel } from './pages-panel.tsx';
import { SearchMissesPanel } from './search-misses-panel.tsx';
import { SitesPanel } from './sites-panel.tsx';
import { StudiosPanel } from './studios-panel.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const kinds = [
  { id: 'pages', label: msg('Static pages') },
  { id: 'contests', label: msg('Contests') },
  { id: 'studios', label: msg('Studios') },
  { id: 'sites', label: msg('Webcam sites') },
  { id: 'searches', label: msg('Searches that found nothing') },
] as const;

/** Content: static pages, contests, studios and their keys, webcam sites, and the searches that found nothing. */
export function ContentSection({ rest }: { rest: string[] }) {
  const kind = kinds.find((candidate) => candidate.id === rest[0])?.id ?? 'pages';
  return (
    <>
      <Tabs
        label={t('Content')}
        current={adminPath('content', kind)}
        items={kinds.map((candidate) => ({ to: adminPath('content', candidate.id), label: t(candidate.label) }))}
      />
      {kind === 'pages' && <PagesPanel slug={rest[1] ?? null} />}
      {kind === 'contests' && <ContestsPanel />}
      {kind === 'studios' && <StudiosPanel />}
      {kind === 'sites' && <SitesPanel />}
      {kind === 'searches' && <SearchMissesPanel />}
    </>
  );
}
