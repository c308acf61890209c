const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the whole product prints them: '$2,250.00'. */
export const formatUsd = (dollars: number): string => usd.format(dollars);
