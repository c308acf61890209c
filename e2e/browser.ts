import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type ViewportSize } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, startTestMailbox, type TestApp } from '@test/helpers';
import { CHROMIUM_ARGS } from './chromiumArgs';

/** Chromium's flags, in their own module so tools outside vitest (the Lighthouse bench) can read them. */
export { CHROMIUM_ARGS };

export interface E2EBrowser {
  browser: Browser;
  newContext(opts?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
  /** What each open page shows and its last console lines, answers and navigations: printed when a test fails. */
  describePages(): Promise<string>;
}

/** The lines a context keeps for a failure's report (a ring: the newest this many). */
const RECENT_LINES = 40;

/** A context's recent console lines, page errors, failed answers and navigations, with the time since it opened. */
function recordRecent(ctx: BrowserContext): string[] {
  const lines: string[] = [];
  const opened = Date.now();
  const add = (line: string) => {
    lines.push(`+${((Date.now() - opened) / 1000).toFixed(1)}s ${line}`);
    if (lines.length > RECENT_LINES) lines.shift();
  };
  ctx.on('console', (m) => add(`console.${m.type()}: ${m.text().slice(0, 300)}`));
  ctx.on('weberror', (e) => add(`page error: ${e.error().message.slice(0, 300)}`));
  ctx.on('response', (r) => {
    if (r.status() >= 400) add(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  ctx.on('requestfailed', (r) => add(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
  ctx.on('page', (page) =>
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) add(`navigated to ${f.url()}`);
    }),
  );
  return lines;
}

/** One page's state in words: its address, open dialogs, the focused element and the visible alerts. */
async function describePage(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => {
      const nameOf = (el: Element) => {
        const by = el.getAttribute('aria-labelledby');
        const label = by ? document.getElementById(by)?.textContent : el.getAttribute('aria-label');
        return (label ?? el.textContent ?? '').trim().slice(0, 80);
      };
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
      const active = document.activeElement;
      return {
        dialogs: [...document.querySelectorAll('[role=dialog],[role=alertdialog]')]
          .filter(visible)
          .map(nameOf),
        alerts: [...document.querySelectorAll('[role=alert],[role=status]')]
          .map((el) => (el.textContent ?? '').trim().slice(0, 120))
          .filter(Boolean),
        focused:
          active && active !== document.body ? `${active.tagName.toLowerCase()} ${nameOf(active)}` : 'body',
        inert: document.getElementById('root')?.hasAttribute('inert') ?? false,
        // Images not drawn (still loading, or broken): a wait on an image says which and why.
        images: [...document.images]
          .filter((img) => !img.complete || img.naturalWidth === 0)
          .map((img) => `${img.getAttribute('src')?.slice(0, 80)} complete=${img.complete}`),
      };
    })
    .catch((err: unknown) => ({ unreadable: String(err) }));
  return `${page.url()} ${JSON.stringify(state)}`;
}

/** Debian's packages: the headless shell (`chromium-headless-shell`, as .ci/run installs) and the full browser. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Which Chromium a journey runs in. `shell`, the default: Chromium's headless shell, the same engine without the
 * browser's own interface; the full browser in headless mode starts renderer processes of its own for every window
 * (a context), and four journeys took 103 s of the machine's CPU in the shell against 158 s in the full browser.
 * `full`: the full browser, for what only it has (notifications shown by a service worker). Without the shell
 * installed, both are the full browser; CHROMIUM_PATH names one binary for both.
 */
export type ChromiumKind = 'shell' | 'full';

function executableOf(kind: ChromiumKind): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return kind === 'shell' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

const shared = new Map<ChromiumKind, Promise<Browser>>();

/**
 * Chromium for a journey file. One browser of each kind per test worker, shared by the files the worker runs (the e2e
 * project runs them in one process): a file gets its own contexts, and its `close()` closes those, not the browser,
 * which ends with the worker. A browser that went away (a crash) is launched again for the next file.
 */
async function sharedChromium(kind: ChromiumKind): Promise<Browser> {
  const current = await shared.get(kind)?.catch(() => undefined);
  if (current?.isConnected()) return current;
  const launching = chromium.launch({
    executablePath: executableOf(kind),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  shared.set(kind, launching);
  return launching;
}

export async function launchBrowser(kind: ChromiumKind = 'shell'): Promise<E2EBrowser> {
  const browser = await sharedChromium(kind);
  const contexts: BrowserContext[] = [];
  const recent = new Map<BrowserContext, string[]>();
  return {
    browser,
    async newContext(opts) {
      // No service worker unless a journey asks for one (`serviceWorkers: 'allow'`: the repeat visit, the installable
      // shell, pushes, a phone offline): installed in a fresh context it fetches every screen's code, about 150 files,
      // a tenth of a journey's CPU, for journeys that never open a second visit.
      const ctx = await browser.newContext({
        locale: 'en-US',
        timezoneId: 'America/Chicago',
        serviceWorkers: 'block',
        ...opts,
      });
      contexts.push(ctx);
      recent.set(ctx, recordRecent(ctx));
      return ctx;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
    },
    async describePages() {
      const parts: string[] = [];
      for (const [i, ctx] of contexts.entries()) {
        const pages = await Promise.all(ctx.pages().map(describePage));
        if (pages.length === 0) continue;
        parts.push(`context ${i + 1}:`, ...pages.map((p) => `  page ${p}`));
        parts.push(...(recent.get(ctx) ?? []).map((line) => `    ${line}`));
      }
      return parts.join('\n');
    },
  };
}

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** The two sizes every flow is walked at: a laptop's and a phone's. */
export const LAPTOP: ViewportSize = { width: 1280, height: 900 };
export const PHONE: ViewportSize = { width: 390, height: 844 };
export const BOTH_SIZES: readonly ViewportSize[] = [LAPTOP, PHONE];

/**
 * `SCREENSHOT_DIR=<folder>`: a full-page screenshot for a person to look at, at the page's size, or at each of
 * `sizes` (named with the width, the page's own size put back after). Without it none is taken: a full-page PNG is a
 * layout, a raster and an encoding of the whole page that no check of the run reads.
 */
export async function screenshot(
  page: Page,
  name: string,
  sizes: readonly ViewportSize[] = [],
): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = (suffix: string) =>
    path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '_')}${suffix}.png`);
  if (sizes.length === 0) {
    await page.screenshot({ path: file(''), fullPage: true });
    return;
  }
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: file(`-${size.width}`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Fails the test on page errors (uncaught exceptions), which would otherwise pass silently. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in the context's jar) and opens the
 * dashboard, or the screen at `opens` (as a link from a mail or a bookmark does): one page load where the dialog
 * costs two (the page it opens on, then the reload after signing in, SPEC §2), and the dashboard a third when a
 * journey starts elsewhere. `opens: null` loads nothing: the journey's own next `goto` is the first page load. The
 * dialog itself is walked by the journeys about signing in (rolesPlacesSignIn, accountSecurity, team…).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  opens: string | null = '/',
): Promise<void> {
  const answer = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: { email, password },
    headers: { Origin: baseUrl },
  });
  if (answer.status() !== 200)
    throw new Error(`sign-in of ${email}: ${answer.status()} ${await answer.text()}`);
  if ((await answer.json()).twoFactorRequired) throw new Error(`sign-in of ${email} asks for a code`);
  if (opens === null) return;
  await page.goto(`${baseUrl}${opens}`);
  await (opens === '/' ? page.getByTestId('welcome-heading') : page.locator('h1').first()).waitFor();
  await pageTakenOver(page);
}

/**
 * React has the page: a page drawn on the server (or prerendered) shows before any script runs and is inert until
 * then (issue 24), so a focus or a key pressed before would be lost. Clicks wait by themselves (Playwright waits for
 * an element that can receive them).
 */
export async function pageTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
}

/**
 * Goes to a screen of the app the page already shows, as a link does: the router follows the history's change, with
 * no page load (a load is about a second and a half of Chromium's CPU, a journey's largest cost). Resolves once the
 * new screen's heading is drawn; the caller then waits for what it expects there, as after a `goto`.
 */
export async function goInApp(page: Page, pathname: string): Promise<void> {
  await pageTakenOver(page);
  // The router draws the next screen in a transition, keeping the last one until it is ready: its heading, marked
  // here, says which one is on screen.
  await page.evaluate((to) => {
    for (const h1 of document.querySelectorAll('h1')) h1.dataset.previousScreen = '';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, pathname);
  await page.locator('h1:not([data-previous-screen])').first().waitFor();
}

/** The loopback SMTP server a journey's mail goes to (`startJourney({ mailbox: true })`). */
export type TestMailbox = Awaited<ReturnType<typeof startTestMailbox>>;

/** Waits for `closing` at most `ms`; past it, says what did not close and goes on. */
async function closeWithin(closing: Promise<unknown> | undefined, ms: number, what: string): Promise<void> {
  if (!closing) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`[journey] ${what} did not close within ${ms / 1000} s`);
}

/**
 * A journey file's set-up: the app with its workers and one browser, started before the file's tests and closed
 * after them; with `mailbox`, the app's mail goes to a real SMTP server on loopback (`box`); `chromium` picks the
 * browser (the headless shell unless told). Read them inside tests (they exist once the file's `beforeAll` has run).
 */
export function startJourney(opts: { mailbox?: boolean; chromium?: ChromiumKind } = {}): {
  readonly app: TestApp;
  readonly browser: E2EBrowser;
  readonly box: TestMailbox;
} {
  let app: TestApp | undefined;
  let browser: E2EBrowser | undefined;
  let box: TestMailbox | undefined;
  beforeAll(async () => {
    if (opts.mailbox) box = await startTestMailbox();
    app = await startTestApp({ workers: true, ...(box && { env: { SMTP_URL: box.url } }) });
    browser = await launchBrowser(opts.chromium);
  });
  // A failed test says what each of its pages showed and heard last: the run's log is all a CI failure leaves.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      const pages = await browser?.describePages().catch((err: unknown) => String(err));
      if (pages) console.error(`[journey] the pages when the test failed:\n${pages}`);
    });
  });
  afterAll(async () => {
    // Each step bounded: a close that hangs (seen once in CI: the hook's 120 s ran out after every test had passed)
    // is reported by name and the file ends, instead of failing it with no hint of which part held it.
    await closeWithin(browser?.close(), 30_000, 'the browser');
    await closeWithin(app?.close(), 60_000, 'the app (workers, projectors, web server, database)');
    await closeWithin(box?.stop(), 10_000, 'the mailbox');
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the journey has not started (read it inside a test)');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get browser() {
      return started(browser);
    },
    get box() {
      return started(box);
    },
  };
}
