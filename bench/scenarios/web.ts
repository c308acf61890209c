// Lighthouse mobile performance of the main screens (issue 24): `npm run bench -- --only=web`.
// Builds the web app, seeds a board, starts the app and runs Lighthouse 12.2.3 (mobile preset: simulated slow 4G
// and a 4× slower CPU) with Debian's Chromium on each page, three runs each, and reports the medians.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_RENDERED_HEADER, SIGNED_IN_COOKIE } from '@freight/shared';
import { FreightModel } from '@freight/server/features/freight/model';
import { Types } from 'mongoose';
import { CHROMIUM_ARGS } from '../../e2e/chromiumArgs';
import { BenchClient, REPO, round, startServer, type BenchContext, type ScenarioResult } from '../lib';
import { seed } from './loadBoard';

interface Page {
  name: string;
  path: string;
  /** A signed-in client whose session cookie goes into every request's headers. */
  as?: BenchClient;
}

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  bytes: number;
}

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A header of the page's own HTML answer, from Lighthouse's DevTools log. */
function documentHeader(log: Array<{ method: string; params: unknown }>, name: string): string | undefined {
  for (const entry of log) {
    if (entry.method !== 'Network.responseReceived') continue;
    const params = entry.params as { type?: string; response: { headers: Record<string, string> } };
    if (params.type !== 'Document') continue;
    const found = Object.entries(params.response.headers).find(([k]) => k.toLowerCase() === name);
    return found?.[1];
  }
  return undefined;
}

/** The loads of the seeded board: a few hundred open ones (the board's first page shows 20) and some booked. */
const BOARD_LOADS = 400;

export async function webLighthouse(ctx: BenchContext): Promise<ScenarioResult> {
  // The tiny size (the CI check) takes the web build that is there, if any: it runs no build and no Lighthouse.
  if (ctx.size !== 'tiny' && process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    ctx.log('  building the web app');
    const build = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }

  await FreightModel.createIndexes();
  await seed(BOARD_LOADS);
  // The app starts after the seeding, so its open-load book holds the board.
  // The tiny run (CI) checks that each signed-in page is drawn on the server, not how fast: on a machine loaded by the
  // rest of the suite a page may take longer than the 3 s budget, and would then be index.html (as the tests' apps,
  // it gets 30 s). Lighthouse runs keep the product's budget.
  const server = await startServer(ctx, {
    services: 'web',
    ...(ctx.size === 'tiny' && { env: { PAGE_RENDER_BUDGET_MS: '30000' } }),
  });
  try {
    const carrier = await new BenchClient(server.url).signUp('carrier', 'web-carrier');
    const shipper = await new BenchClient(server.url).signUp('shipper', 'web-shipper');
    // One load in transit between them: the carrier's tracking page (number 4 of the seed's cycle is in transit).
    await seed(
      BOARD_LOADS + 5,
      BOARD_LOADS + 4,
      () => new Types.ObjectId(shipper.userId),
      () => new Types.ObjectId(carrier.userId),
    );
    const trip = await FreightModel.findOne({ carrierId: new Types.ObjectId(carrier.userId) }).lean();
    if (!trip) throw new Error('the tracked load was not seeded');

    const pages: Page[] = [
      { name: '/ (signed out)', path: '/' },
      { name: '/freight (signed out)', path: '/freight' },
      { name: '/small-shipments (signed out)', path: '/small-shipments' },
      { name: '/ dashboard (carrier)', path: '/', as: carrier },
      { name: '/freight board (carrier)', path: '/freight', as: carrier },
      { name: '/tracking/<id> (carrier)', path: `/tracking/${String(trip._id)}`, as: carrier },
    ];

    // BENCH_WEB_PAGES=landing,board… (a substring of the page names) runs some pages only.
    const wanted = (process.env.BENCH_WEB_PAGES ?? '').split(',').filter(Boolean);
    if (wanted.length)
      pages.splice(0, pages.length, ...pages.filter((p) => wanted.some((w) => p.name.includes(w))));
    if (ctx.size === 'tiny') return await pagesOnce(ctx, server.url, pages);

    // Loaded here so the other passes (and `npm test`) never need Lighthouse.
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
    });
    // The visitor's cookies go into the browser's jar before each page (a Cookie header in Lighthouse's extra headers
    // is dropped once the page has set a cookie of its own, the time zone's: the signed-in pages then ran signed out).
    const { chromium } = await import('playwright-core');
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    // What Lighthouse's own storage reset does (a first visit: no cache, no service worker, no cookies), then the
    // visitor's cookies.
    const setCookiesFor = async (page: Page) => {
      const jar = browser.contexts()[0];
      if (!jar) throw new Error('no browser context to set the cookies in');
      const tab = await jar.newPage();
      const cdp = await jar.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(server.url).origin,
        storageTypes: 'all',
      });
      await tab.close();
      await jar.clearCookies();
      if (!page.as) return;
      const cookies = `${page.as.cookie}; ${SIGNED_IN_COOKIE}=1`.split(/;\s*/).filter(Boolean);
      await jar.addCookies(
        cookies.map((c) => {
          const [name, ...value] = c.split('=');
          return { name: name!, value: value.join('='), url: server.url };
        }),
      );
    };
    const rows: ScenarioResult['rows'] = [];
    const runs: Record<string, RunFigures[]> = {};
    try {
      for (const page of pages) {
        const figures: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is taken again.
          let result: Awaited<ReturnType<typeof lighthouse>>;
          for (let attempt = 1; ; attempt++) {
            await setCookiesFor(page);
            result = await lighthouse(
              server.url + page.path,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance'],
                // setCookiesFor has reset the browser and put the visitor's cookies in; Lighthouse must not clear them.
                disableStorageReset: true,
                // BENCH_WEB_TRACES: V8's sampling profiler in the trace, to see which functions hold the main thread.
                additionalTraceCategories: process.env.BENCH_WEB_TRACES
                  ? 'disabled-by-default-v8.cpu_profiler'
                  : null,
              },
              undefined,
            );
            const error = result?.lhr.runtimeError;
            if (!error) break;
            if (attempt >= 3) throw new Error(`${page.name}: ${error.message}`);
            ctx.log(`  ${page.name}: ${error.code}, once more`);
          }
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no result for ${page.name}`);
          // A signed-in page measured signed out would measure another page: its HTML must be the one drawn for them.
          const drawnFor = documentHeader(
            result?.artifacts.DevtoolsLog ?? [],
            SERVER_RENDERED_HEADER.toLowerCase(),
          );
          if (page.as && drawnFor !== '1')
            throw new Error(`${page.name}: the page was not drawn for the signed-in visitor (signed out?)`);
          // BENCH_WEB_REPORTS=<folder>: every run's full Lighthouse report, to see what holds a page back.
          if (process.env.BENCH_WEB_REPORTS) {
            mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
            const file = `${page.name.replace(/[^\w]+/g, '_')}-${i + 1}.json`;
            writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, file), JSON.stringify(lhr));
          }
          // BENCH_WEB_TRACES=<folder>: every run's Chromium trace (open it in DevTools' Performance panel).
          if (process.env.BENCH_WEB_TRACES) {
            mkdirSync(process.env.BENCH_WEB_TRACES, { recursive: true });
            const file = `${page.name.replace(/[^\w]+/g, '_')}-${i + 1}.trace.json`;
            writeFileSync(
              path.join(process.env.BENCH_WEB_TRACES, file),
              JSON.stringify(result?.artifacts.Trace),
            );
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          figures.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcpMs: audit('first-contentful-paint'),
            lcpMs: audit('largest-contentful-paint'),
            tbtMs: audit('total-blocking-time'),
            speedIndexMs: audit('speed-index'),
            bytes: audit('total-byte-weight'),
          });
          ctx.log(
            `  ${page.name} run ${i + 1}: ${figures.at(-1)!.score} (LCP ${Math.round(figures.at(-1)!.lcpMs)} ms, TBT ${Math.round(figures.at(-1)!.tbtMs)} ms)`,
          );
        }
        runs[page.name] = figures;
        const m = (k: keyof RunFigures) => median(figures.map((f) => f[k]));
        rows.push({
          page: page.name,
          performance: m('score'),
          'first paint s': round(m('fcpMs') / 1000, 1),
          'largest paint s': round(m('lcpMs') / 1000, 1),
          'blocking time ms': Math.round(m('tbtMs')),
          'speed index s': round(m('speedIndexMs') / 1000, 1),
          'transferred KiB': Math.round(m('bytes') / 1024),
          scores: figures.map((f) => f.score).join(' / '),
        });
      }
    } finally {
      await browser.close().catch(() => undefined);
      chrome.kill();
    }
    return {
      name: 'Web pages: Lighthouse mobile performance (issue 24)',
      parameters: {
        lighthouse: '12.2.3',
        preset: 'mobile (simulated slow 4G, 4× CPU)',
        runs: RUNS,
        boardLoads: BOARD_LOADS,
      },
      rows,
      notes: [
        `Median of ${RUNS} runs per page (each figure's own median); "scores" lists every run. Lighthouse's simulation scales the CPU time it observes, so a busy machine raises blocking time.`,
      ],
      extra: { runs },
    };
  } finally {
    await server.stop();
  }
}

/**
 * The tiny size's round instead of Lighthouse: each page once, as the browser's first request for it (with the
 * visitor's cookies). With a web build (CI builds before the tests), every page must answer 200 and a signed-in
 * page must be the one drawn on the server for its visitor, as the Lighthouse runs check; without one, the pages are
 * not asked for (the server serves no web app), only the set-up ran.
 */
async function pagesOnce(ctx: BenchContext, baseUrl: string, pages: Page[]): Promise<ScenarioResult> {
  const webDist = path.join(REPO, 'web', 'dist');
  const built = existsSync(path.join(webDist, 'index.html'));
  const rows: ScenarioResult['rows'] = [];
  for (const page of built ? pages : []) {
    const t = performance.now();
    const res = await fetch(baseUrl + page.path, {
      headers: page.as ? { cookie: `${page.as.cookie}; ${SIGNED_IN_COOKIE}=1` } : {},
      redirect: 'manual',
    });
    await res.arrayBuffer();
    const drawnFor = res.headers.get(SERVER_RENDERED_HEADER);
    if (res.status !== 200) throw new Error(`${page.name}: ${res.status}`);
    if (page.as && drawnFor !== '1')
      throw new Error(`${page.name}: the page was not drawn for the signed-in visitor (signed out?)`);
    rows.push({
      page: page.name,
      status: res.status,
      'drawn on the server': drawnFor ?? '-',
      ms: round(performance.now() - t, 1),
    });
  }
  if (!built) ctx.log(`  web: no web build in ${webDist}: the pages were not asked for`);
  return {
    name: 'Web pages: one request each (tiny run, no Lighthouse)',
    parameters: { boardLoads: BOARD_LOADS, webBuild: built },
    rows,
  };
}
