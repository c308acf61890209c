import { countries } from 'countries-list';
import { countryName } from './regions';

/**
 * Every country by its English name, from ISO 3166 (the countries-list package), in alphabetical order. Kept out of
 * the modules every page loads: the air forms and the server import it.
 */
export const COUNTRY_NAMES: readonly string[] = Object.values(countries)
  .map((c) => c.name)
  .sort((a, b) => a.localeCompare(b, 'en'));
const KNOWN = new Set(COUNTRY_NAMES);

export const isCountryName = (value: string): boolean => KNOWN.has(countryName(value));
