import { useEffect, useState } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isSessionError } from '../../session/session-errors.ts';
import { useGeoBlocks } from '../api/get-geo-blocks.ts';
import { useGeoPlaces } from '../api/get-geo-places.ts';
import { listFailureMessage } from '../geo-block-rules.ts';
import { AddGeoBlockSheet, type AddGeoBlockKind } from './add-geo-block-sheet.tsx';
import { preloadFlags } from './country-flag.tsx';
import { GeoBlockList } from './geo-block-list.tsx';
import { t } from '../../../lib/i18n.ts';

/** accounts.md §2, §4 Geo blocking: loading, then the list with Add Country and Add Region. */
export function GeoBlockingScreen() {
  const blocks = useGeoBlocks();
  const places = useGeoPlaces();
  const [adding, setAdding] = useState<AddGeoBlockKind | null>(null);
  useEffect(preloadFlags, []);

  if (!blocks.data || !places.data) {
    const error = blocks.error ?? places.error;
    // A refused token ends the session: the spinner stays until the login guard takes over.
    if (!error || isSessionError(error)) return <Spinner label={t('Loading your blocked list')} className="mx-auto mt-10 size-8" />;
    return (
      <LoadFailed
        message={t(listFailureMessage(error))}
        onRetry={() => {
          if (blocks.isError) void blocks.refetch();
          if (places.isError) void places.refetch();
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <GeoBlockList entries={blocks.data} places={places.data} />
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        <button type="button" className="btn btn-secondary h-12 px-3" onClick={() => setAdding('country')}>
          <PlusIcon width="20" height="20" className="flex-none" />
          {t('Add Country')}
        </button>
        <button type="button" className="btn btn-secondary h-12 px-3" onClick={() => setAdding('region')}>
          <PlusIcon width="20" height="20" className="flex-none" />
          {t('Add Region')}
        </button>
      </div>
      <AddGeoBlockSheet kind={adding} listed={blocks.data} places={places.data} onClose={() => setAdding(null)} />
    </div>
  );
}
