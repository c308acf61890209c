import type { BenchContext, ScenarioResult } from '../lib';
import { hotPathGrowth } from './growth';
import { invoicesAtScale } from './invoices';
import { documentExpiryJob, notificationJobs } from './jobs';
import { loadBoardSearch } from './loadBoard';
import { pushVsPolling, socketCapacity, twoNodes } from './push';
import { stopClockAtScale } from './stopClock';
import { webLighthouse } from './web';

/** BENCH_BOARD_SIZES=100000 (comma-separated) runs the board at chosen sizes only. */
function boardSizes(): number[] {
  const sizes = (process.env.BENCH_BOARD_SIZES ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return sizes.length ? sizes : [1000, 10_000, 100_000];
}

/** Sizes of one scenario's parameters by run size. */
export type BySize<T> = { full: T; quick: T; tiny: T };

/**
 * Every scenario of issue #7, in the order of the report. `--quick` (smoke run, under 2 minutes) shrinks each one;
 * `--only=board,push,…` runs a subset. The tiny size (bench/scenarios.smoke.test.ts, in CI) runs each one's set-up
 * and one small measured round in seconds: what it measures means nothing, that it runs means the bench still works.
 */
export function scenarios(
  ctx: BenchContext,
): Array<{ key: string; run: () => Promise<ScenarioResult | ScenarioResult[]> }> {
  const pick = <T>(by: BySize<T>): T => by[ctx.size];
  return [
    {
      key: 'board',
      // FerretDB reads every row per query: at 100k loads one request costs tens of seconds, so there the
      // filter sets run sequentially (16 clients would take minutes each); MongoDB runs can raise loadTestUpTo.
      run: () =>
        loadBoardSearch(ctx, pick({ full: boardSizes(), quick: [200, 2000], tiny: [50] }), {
          targetSeconds: pick({ full: 8, quick: 0, tiny: 0 }),
          connections: pick({ full: 16, quick: 16, tiny: 2 }),
          // The tiny size's figures mean nothing: one request per connection is enough to show the path works.
          warmUpRequests: pick({ full: 40, quick: 40, tiny: 4 }),
          loadTestUpTo: Number(process.env.BENCH_LOAD_TEST_UP_TO ?? Infinity),
        }),
    },
    {
      key: 'growth',
      // BENCH_GROWTH_LARGE lowers the large size: seeding 100,000 documents into each of 11 collections takes
      // over an hour on FerretDB (inserts slow down as the collections grow).
      run: () =>
        hotPathGrowth(
          ctx,
          pick<[number, number]>({
            full: [1000, Number(process.env.BENCH_GROWTH_LARGE ?? 100_000)],
            quick: [200, 2000],
            // One world in both columns (lib.ts worldSizes): the smoke checks the set-up, not the ratio.
            tiny: [10, 10],
          }),
          pick({ full: 30, quick: 5, tiny: 1 }),
        ),
    },
    {
      key: 'invoices',
      // Issue 40: the invoice lists, aging and days-to-pay at 1,000 and at BENCH_INVOICES_LARGE invoices of other
      // companies (default 1,000,000; seeding FerretDB slows as the collection grows: PERFORMANCE.md says what ran).
      run: () =>
        invoicesAtScale(
          ctx,
          pick<[number, number]>({
            full: [1000, Number(process.env.BENCH_INVOICES_LARGE ?? 1_000_000)],
            quick: [200, 2000],
            // One world in both columns (lib.ts worldSizes): the smoke checks the set-up, not the ratio.
            tiny: [10, 10],
          }),
          pick({ full: 30, quick: 5, tiny: 1 }),
        ),
    },
    {
      key: 'stopclock',
      // Issue 41: a facility's scorecard, a load's running clock and the ping path at 1,000 and at
      // BENCH_POSITIONS_LARGE location points of other loads (default 1,000,000; PERFORMANCE.md says what ran).
      run: () =>
        stopClockAtScale(
          ctx,
          pick<[number, number]>({
            full: [1000, Number(process.env.BENCH_POSITIONS_LARGE ?? 1_000_000)],
            quick: [1000, 10_000],
            // One world in both columns (lib.ts worldSizes): the smoke checks the set-up, not the ratio.
            tiny: [10, 10],
          }),
          pick({ full: 30, quick: 5, tiny: 1 }),
        ),
    },
    {
      key: 'push',
      run: () =>
        pushVsPolling(
          ctx,
          pick({ full: [1, 100, 1000], quick: [1, 100], tiny: [2] }),
          pick({ full: 300, quick: 50, tiny: 2 }),
          pick({ full: 200, quick: 20, tiny: 2 }),
        ),
    },
    {
      key: 'twonodes',
      run: () =>
        twoNodes(ctx, pick({ full: 300, quick: 30, tiny: 2 }), pick({ full: 200, quick: 10, tiny: 2 })),
    },
    {
      key: 'capacity',
      run: () =>
        socketCapacity(
          ctx,
          pick({ full: [1000, 2500, 5000, 7500, 10_000, 12_500, 15_000], quick: [500], tiny: [5] }),
          pick({ full: 100, quick: 30, tiny: 2 }),
        ),
    },
    {
      key: 'jobs',
      run: () =>
        notificationJobs(
          ctx,
          Number(process.env.BENCH_NOTIFICATIONS ?? pick({ full: 5000, quick: 200, tiny: 20 })),
          pick({ full: 100_000, quick: 1000, tiny: 100 }),
        ),
    },
    {
      key: 'expiry',
      run: () =>
        documentExpiryJob(
          ctx,
          pick({ full: 100_000, quick: 1000, tiny: 100 }),
          pick({ full: 1000, quick: 20, tiny: 5 }),
        ),
    },
    // Issue 24: Lighthouse on the main screens (builds the web app first; needs Chromium). Tiny: the set-up (board,
    // users, tracked load, server) and one plain request per page instead of Lighthouse.
    { key: 'web', run: () => webLighthouse(ctx) },
  ];
}
