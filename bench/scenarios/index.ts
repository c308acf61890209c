import type { BenchContext, ScenarioResult } from '../lib';
import { hotPathGrowth } from './growth';
import { documentExpiryJob, notificationJobs } from './jobs';
import { loadBoardSearch } from './loadBoard';
import { pushVsPolling, socketCapacity, twoNodes } from './push';
import { webLighthouse } from './web';

/** BENCH_BOARD_SIZES=100000 (comma-separated) runs the board at chosen sizes only. */
function boardSizes(): number[] {
  const sizes = (process.env.BENCH_BOARD_SIZES ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  return sizes.length ? sizes : [1000, 10_000, 100_000];
}

/**
 * Every scenario of issue #7, in the order of the report. `--quick` (smoke run, under 2 minutes) shrinks each one;
 * `--only=board,push,…` runs a subset.
 */
export function scenarios(
  ctx: BenchContext,
): Array<{ key: string; run: () => Promise<ScenarioResult | ScenarioResult[]> }> {
  const q = ctx.quick;
  return [
    {
      key: 'board',
      // FerretDB reads every row per query: at 100k loads one request costs tens of seconds, so there the
      // filter sets run sequentially (16 clients would take minutes each); MongoDB runs can raise loadTestUpTo.
      run: () =>
        loadBoardSearch(ctx, q ? [200, 2000] : boardSizes(), {
          targetSeconds: q ? 0 : 8,
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
          q ? [200, 2000] : [1000, Number(process.env.BENCH_GROWTH_LARGE ?? 100_000)],
          q ? 5 : 30,
        ),
    },
    { key: 'push', run: () => pushVsPolling(ctx, q ? [1, 100] : [1, 100, 1000], q ? 50 : 300, q ? 20 : 200) },
    { key: 'twonodes', run: () => twoNodes(ctx, q ? 30 : 300, q ? 10 : 200) },
    {
      key: 'capacity',
      run: () =>
        socketCapacity(ctx, q ? [500] : [1000, 2500, 5000, 7500, 10_000, 12_500, 15_000], q ? 30 : 100),
    },
    {
      key: 'jobs',
      run: () =>
        notificationJobs(
          ctx,
          Number(process.env.BENCH_NOTIFICATIONS ?? (q ? 200 : 5000)),
          q ? 1000 : 100_000,
        ),
    },
    { key: 'expiry', run: () => documentExpiryJob(ctx, q ? 1000 : 100_000, q ? 20 : 1000) },
    // Issue 24: Lighthouse on the main screens (builds the web app first; needs Chromium).
    { key: 'web', run: () => webLighthouse(ctx) },
  ];
}
