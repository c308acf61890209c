import { boardFilterSchema, compileBoardFilter, type FreightListingDto } from '@freight/shared';

/** The air marketplace's filter inputs (SPEC §2, §5 Air filters), sent to GET /api/freight as query parameters. */
export interface AirFilters {
  originCity: string;
  originCountry: string;
  destinationCity: string;
  destinationCountry: string;
  cargoType: string;
  weightClass: string;
  /** Dollars per kg of the shipment's weight (not the total rate). */
  minRatePerKg: string;
  maxRatePerKg: string;
  pickupDateStart: string;
  pickupDateEnd: string;
}

export const EMPTY_AIR_FILTERS: AirFilters = {
  originCity: '',
  originCountry: '',
  destinationCity: '',
  destinationCountry: '',
  cargoType: '',
  weightClass: '',
  minRatePerKg: '',
  maxRatePerKg: '',
  pickupDateStart: '',
  pickupDateEnd: '',
};

export const AIR = 'air_cargo';

/** The filters as query parameters (what GET /api/freight and the server's push matching read). */
export function airFilterParams(filters: AirFilters): Record<string, string> {
  const params: Record<string, string> = { equipmentType: AIR };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params[key] = value.trim();
  return params;
}

/** Whether a live listing belongs on the marketplace under these filters (the server's predicate). */
export function airMarketplaceShows(filters: AirFilters, listing: FreightListingDto): boolean {
  const parsed = boardFilterSchema.safeParse(airFilterParams(filters));
  return parsed.success && compileBoardFilter(parsed.data)(listing);
}
