import { geoMessages, sameGeoBlock, type GeoPlacesResponse } from '@flick/contract';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TrashIcon } from '../../../components/ui/video-icons.tsx';
import { useDeleteGeoBlock } from '../api/delete-geo-block.ts';
import type { GeoBlockEntry } from '../api/get-geo-blocks.ts';
import { CountryFlag } from './country-flag.tsx';
import { countryName } from '../geo-block-rules.ts';
import { t } from '../../../lib/i18n.ts';

/** accounts.md §2: each blocked place with its flag, its country, 'Region: {name}' or 'Entire country', and a remove button. */
export function GeoBlockList({ entries, places }: { entries: readonly GeoBlockEntry[]; places: GeoPlacesResponse }) {
  const remove = useDeleteGeoBlock();
  const countryNames = new Map(places.countries.map((place) => [place.code, countryName(place.code, place.name)]));
  const regionName = new Map(places.regions.map((place) => [`${place.countryCode}-${place.regionCode}`, place.name]));

  if (entries.length === 0) {
    return (
      <p className="rounded-3xl border border-dashed border-line-strong px-5 py-6 text-center text-sm leading-relaxed text-muted">
        {t('Nothing blocked: your content is shown in every country.')}
      </p>
    );
  }
  return (
    <ul aria-label={t('Blocked places')} className="panel overflow-hidden">
      {entries.map((entry) => {
        const country = countryNames.get(entry.country_code.toUpperCase()) ?? entry.country_code;
        const region = entry.region_code && (regionName.get(`${entry.country_code}-${entry.region_code}`.toUpperCase()) ?? entry.region_code);
        const removing = remove.isPending && sameGeoBlock(remove.variables, entry);
        return (
          <li
            key={`${entry.country_code}-${entry.region_code ?? ''}`}
            className="flex min-h-[4.25rem] items-center gap-3.5 border-b border-line py-2.5 pr-2 pl-4 last:border-b-0 sm:pl-5"
          >
            <CountryFlag code={entry.country_code} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[0.9375rem] font-semibold">{country}</span>
              <span className="mt-0.5 block truncate text-sm text-muted">{region ? t('Region: {region}', { region }) : t(geoMessages.entireCountry)}</span>
            </span>
            <button
              type="button"
              aria-label={region ? t('Remove {region}, {country}', { region, country }) : t('Remove {country}', { country })}
              disabled={removing}
              className="icon-btn text-muted hover:text-danger disabled:opacity-60"
              onClick={() => remove.mutate(entry)}
            >
              {removing ? <Spinner decorative className="size-5" /> : <TrashIcon width="20" height="20" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
