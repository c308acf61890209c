/** Names the product used before the kept country list (issue 39), read as the list's names. */
const FORMER_NAMES: Record<string, string> = { UAE: 'United Arab Emirates' };

/** A country as the list names it (a former name read as today's); anything else as given. */
export const countryName = (value: string): string => FORMER_NAMES[value] ?? value;

/**
 * Where addresses name a state or province, a place needs it; elsewhere (Colombia, Singapore…) the region is
 * optional. No country given is a domestic load: its state is needed.
 */
export const REGION_REQUIRED_COUNTRIES = ['United States', 'Canada', 'Mexico'] as const;
export const regionRequired = (country: string | null | undefined): boolean =>
  !country || (REGION_REQUIRED_COUNTRIES as readonly string[]).includes(countryName(country));

/** "City, Region", or the city alone where no region was given. */
export const placeName = (city: string, region: string | null | undefined): string =>
  region ? `${city}, ${region}` : city;
