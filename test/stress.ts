/**
 * Sizes of the stress suites (races fired many rounds, the fuzz of every route, crash loops). `npm test` runs each at
 * its CI size, enough that every contested pair and every route is still exercised; `npm run test:stress`
 * (STRESS=full, run before a release) runs the full size. A file that reads these sizes is a stress suite:
 * scripts/testStress.ts finds the files that import this module and runs exactly those.
 */
export const FULL_STRESS = process.env.STRESS === 'full';

/** How many rounds (or tries) to run: `full` under `npm run test:stress`, `ci` otherwise. */
export function stressSize(full: number, ci: number): number {
  return FULL_STRESS ? full : Math.min(ci, full);
}

/**
 * In CI, a stress loop over a table runs each entry with a share of its variants, in turn, instead of every pair:
 * true when the `variant`-th variant runs for the `entry`-th entry, one variant in `everyNth` (all of them under
 * `npm run test:stress`).
 */
export function stressPick(entry: number, variant: number, everyNth: number): boolean {
  return FULL_STRESS || (entry + variant) % everyNth === 0;
}
