// Made on first use: building an Intl formatter loads the locale's data, which a phone's page start need not wait for.
let usd: Intl.NumberFormat | undefined;

/** Dollars as the whole product prints them: '$2,250.00'. */
export const formatUsd = (dollars: number): string =>
  (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(dollars);
