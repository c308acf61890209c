import { describe, expect, it } from 'vitest';
import type { FreightListingDto } from '@freight/shared';
import { EMPTY_AIR_FILTERS, airFilterParams, airMarketplaceShows } from './airFilters';

describe('air marketplace filters', () => {
  it('sends only the filled filters, trimmed, with the air equipment type', () => {
    expect(airFilterParams({ ...EMPTY_AIR_FILTERS, originCity: ' Miami ', cargoType: '' })).toEqual({
      equipmentType: 'air_cargo',
      originCity: 'Miami',
    });
  });

  it('shows a live listing only when the server’s predicate would', () => {
    const listing = {
      equipmentType: 'air_cargo',
      originCity: 'Miami',
      status: 'available',
    } as FreightListingDto;
    expect(airMarketplaceShows({ ...EMPTY_AIR_FILTERS, originCity: 'Miami' }, listing)).toBe(
      airMarketplaceShows(EMPTY_AIR_FILTERS, listing),
    );
    expect(airMarketplaceShows({ ...EMPTY_AIR_FILTERS, originCity: 'Boston' }, listing)).toBe(false);
  });
});
