import { GEO_BLOCKS_MAX, geoMessages, type GeoBlock } from '@flick/contract';
import type pg from 'pg';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isCountry, isRegion } from '../../lib/places.ts';
import { visibilityService, type VisibilityService } from '../visibility/visibility.service.ts';
import { geoBlocksRepository } from './geo-blocks.repository.ts';

const isCreator = (user: UserRow) => user.type === 'model' || user.type === 'channel';

/**
 * accounts.md §5, §7 geo-blocking (ADR 0013): a creator's list of countries and regions. The lists feed
 * the visibility index (ADR 0024), which every list and page asks "who is hidden here?".
 */
/**
 * `onCreatorChanged`: after a creator's list changed, so their videos' media becomes signed-only (a rule
 * added) or public again (the last one removed), ADR 0027.
 */
export function geoBlockingService(
  pool: pg.Pool,
  visibility: VisibilityService = visibilityService(pool),
  onCreatorChanged: (userId: number) => Promise<void> = async () => undefined,
) {
  const repo = geoBlocksRepository(pool);
  visibility.hideByPlace(() => repo.all());

  function forCreator(user: UserRow) {
    if (!isCreator(user)) throw new HttpError(403, geoMessages.forCreators);
  }

  function checked(block: GeoBlock): GeoBlock {
    if (!isCountry(block.country_code)) throw new HttpError(422, geoMessages.unknownCountry);
    if (block.region_code !== null && !isRegion(block.country_code, block.region_code)) {
      throw new HttpError(422, geoMessages.unknownRegion);
    }
    return block;
  }

  return {
    async list(user: UserRow) {
      forCreator(user);
      return { countries: await repo.list(user.id) };
    },

    /** Adds a country or region; one already listed (in any case) is left as it is. */
    async add(user: UserRow, block: GeoBlock) {
      forCreator(user);
      const { country_code, region_code } = checked(block);
      const outcome = await repo.add(user.id, country_code, region_code, GEO_BLOCKS_MAX);
      if (outcome === 'full') throw new HttpError(422, geoMessages.tooMany);
      if (outcome === 'added') {
        await visibility.changed();
        await onCreatorChanged(user.id);
      }
      return { countries: await repo.list(user.id) };
    },

    async remove(user: UserRow, block: GeoBlock) {
      forCreator(user);
      if (await repo.remove(user.id, block.country_code, block.region_code)) {
        await visibility.changed();
        await onCreatorChanged(user.id);
      }
      return { countries: await repo.list(user.id) };
    },
  };
}

export type GeoBlockingService = ReturnType<typeof geoBlockingService>;
