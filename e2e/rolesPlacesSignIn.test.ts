// Issue 23, items 7 and 8: places typed in the board's own city fields, and signing in without losing one's place.
import type { FreightListingDto } from '@freight/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, type TestClient } from '@test/helpers';
import { verifiedClient } from '@freight/server/features/freight/testUtils';
import { screenshot, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

let shipper: TestClient;
const loads: Record<string, FreightListingDto> = {};

async function post(title: string, originCity: string, originState: string): Promise<FreightListingDto> {
  const res = await shipper.post('/api/freight', {
    title,
    originCity,
    originState,
    destinationCity: 'Nashville',
    destinationState: 'TN',
    equipmentType: 'dry_van',
    rate: 2000,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as FreightListingDto;
}

const card = (page: Page, origin: string) =>
  page.getByRole('article', { name: `Load ${origin} → Nashville, TN` });

async function board(page: Page) {
  await page.goto(`${journey.app.url}/freight`);
  await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
  await page.getByRole('button', { name: 'Filters' }).click();
  return page.getByRole('form', { name: 'Load board filters' });
}

async function fillSignIn(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The browser's session ends on the server, as when it expires (the browser keeps its cookie). */
async function endSession(ctx: BrowserContext): Promise<void> {
  const cookie = (await ctx.cookies()).find((c) => c.name === 'fm.sid');
  const sid = /^s:([^.]+)\./.exec(decodeURIComponent(cookie?.value ?? ''))?.[1];
  expect(sid).toBeTruthy();
  const { rt } = journey.app;
  expect(await rt.redis.del(`${rt.redisPrefix}sess:${sid}`)).toBe(1);
}

/** Signed in (the page reloaded with the session), then where the page is. */
async function signedInAt(page: Page): Promise<URL> {
  await page.getByTestId('notification-bell').waitFor();
  return new URL(page.url());
}

beforeAll(async () => {
  shipper = await verifiedClient(journey.app, 'shipper');
  loads.chicago = await post('Chicago freight', 'Chicago', 'IL');
  loads.joliet = await post('Joliet freight', 'Joliet', 'IL'); // ~35 mi from Chicago
  loads.rockford = await post('Rockford freight', 'Rockford', 'IL'); // ~80 mi
  loads.dallas = await post('Dallas freight', 'Dallas', 'TX');
});

describe('issue 23 (7): places typed in the board origin and destination', () => {
  it('offers places in Origin City as one types; "Chicago, IL" typed fast searches with the radius; a ZIP works; an unknown place is named', async () => {
    const page = await (
      await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const errors = watchPageErrors(page);
    const filters = await board(page);
    const origin = filters.getByLabel('Origin City');

    // Suggestions as one types.
    await origin.pressSequentially('Chica');
    await filters.locator('datalist option[value="Chicago, IL"]').waitFor({ state: 'attached' });

    // Typed in full and searched at once, before any list could load for the last keystroke.
    await origin.fill('Chicago, IL');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await card(page, 'Joliet, IL').waitFor();
    await card(page, 'Chicago, IL').waitFor();
    await card(page, 'Dallas, TX').waitFor({ state: 'detached' });
    await card(page, 'Rockford, IL').waitFor({ state: 'detached' });
    expect(await filters.getByText(/Choose the origin/).count()).toBe(0);
    await filters.getByText('Within 50 mi of Chicago, IL').waitFor();
    expect(await card(page, 'Joliet, IL').innerText()).toMatch(/Deadhead\s*\d+ mi/);

    // The radius applies: 100 miles reaches Rockford.
    await filters.getByRole('button', { name: /More filters/ }).click();
    await filters.getByLabel('Deadhead Radius').selectOption('100');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await card(page, 'Rockford, IL').waitFor();
    await screenshot(page, 'board-places-1280');

    // A ZIP the gazetteer knows (60601, the Loop), typed and searched at once.
    await filters.getByLabel('Deadhead Radius').selectOption('50');
    await origin.fill('60601');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await card(page, 'Rockford, IL').waitFor({ state: 'detached' });
    await card(page, 'Joliet, IL').waitFor();
    await card(page, 'Dallas, TX').waitFor({ state: 'detached' });

    // The destination field offers and accepts places too.
    await origin.fill('');
    const destination = filters.getByLabel('Destination City');
    await destination.fill('Nashville, TN');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await card(page, 'Dallas, TX').waitFor();
    await filters.getByText('Within 50 mi of Nashville, TN').waitFor();

    // An unknown place gets a clear message and no search.
    await destination.fill('');
    await origin.fill('Atlantis, ZZ');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await filters.getByText(/No US place "Atlantis, ZZ"/).waitFor();

    // A city name alone stays the SPEC's city filter (part of the name).
    await origin.fill('Dall');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await card(page, 'Dallas, TX').waitFor();
    await card(page, 'Joliet, IL').waitFor({ state: 'detached' });

    const phone = await (
      await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const phoneFilters = await board(phone);
    await phoneFilters.getByLabel('Origin City').fill('Chicago, IL');
    await phoneFilters.getByRole('button', { name: /^Search/ }).click();
    await card(phone, 'Joliet, IL').waitFor();
    await screenshot(phone, 'board-places-390');
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('issue 23 (8): signing in keeps the visitor in place', () => {
  it('signed-out Make Offer opens the sign-in dialog on the board; after sign-in the Make Offer dialog for that load is open', async () => {
    const carrier = await verifiedClient(journey.app, 'carrier');
    const page = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${journey.app.url}/freight`);
    await card(page, 'Joliet, IL').getByRole('button', { name: 'Make Offer' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/freight');
    await fillSignIn(page, carrier.user!.email);
    const offer = page.getByRole('dialog', { name: 'Make Rate Offer' });
    await offer.getByText('Joliet freight: Joliet, IL → Nashville, TN').waitFor();
    expect(new URL(page.url()).pathname).toBe('/freight');
    await offer.getByLabel('Proposed Rate ($)').fill('1900');
    await offer.getByRole('button', { name: 'Submit Offer' }).click();
    await offer.waitFor({ state: 'hidden' });
    const mine = await carrier.get('/api/negotiations/mine');
    expect(JSON.stringify(mine.body)).toContain(loads.joliet!.id);
    expect(errors).toEqual([]);
  }, 120_000);

  it('signed-out Request to Book: sign in on the board, then the booking dialog for that load', async () => {
    const carrier = await verifiedClient(journey.app, 'carrier');
    const page = await (await journey.browser.newContext()).newPage();
    await page.goto(`${journey.app.url}/freight`);
    await card(page, 'Rockford, IL').getByRole('button', { name: 'Sign In to Book' }).click();
    await fillSignIn(page, carrier.user!.email);
    await page
      .getByRole('dialog', { name: 'Send Booking Request' })
      .getByText(/Rockford freight/)
      .waitFor();
  }, 120_000);

  it('a deep link visited signed out, or after the session ended, returns there after sign-in', async () => {
    const carrier = await verifiedClient(journey.app, 'carrier');
    const ctx = await journey.browser.newContext();
    const page = await ctx.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${journey.app.url}/my-loads`);
    await fillSignIn(page, carrier.user!.email);
    expect((await signedInAt(page)).pathname).toBe('/my-loads');
    await page.getByRole('heading', { name: 'My Loads' }).waitFor();

    // The session ends (expired on the server), and a link to a tracking page is opened: back there after sign-in.
    await endSession(ctx);
    await page.goto(`${journey.app.url}/tracking/${loads.chicago!.id}?tab=chat`);
    await fillSignIn(page, carrier.user!.email);
    const back = await signedInAt(page);
    expect(`${back.pathname}${back.search}`).toBe(`/tracking/${loads.chicago!.id}?tab=chat`);

    // SPEC §8's session loss mid-page: the toast, then /api/login carrying the place, and back there after sign-in.
    await page.goto(`${journey.app.url}/my-loads`);
    await page.getByTestId('notification-bell').click();
    const markAll = page.getByRole('button', { name: 'Mark all read' });
    await markAll.waitFor();
    await endSession(ctx);
    await markAll.click();
    await page.getByText('You are logged out. Logging in again...').waitFor();
    await fillSignIn(page, carrier.user!.email);
    expect((await signedInAt(page)).pathname).toBe('/my-loads');
    await page.getByRole('heading', { name: 'My Loads' }).waitFor();

    // The redirect itself:
    const res = await fetch(`${journey.app.url}/api/login?returnTo=${encodeURIComponent('/my-loads?x=1')}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/?auth=signin&returnTo=${encodeURIComponent('/my-loads?x=1')}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('refuses an off-site returnTo: signing in stays on this site', async () => {
    const carrier = await verifiedClient(journey.app, 'carrier');
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await fetch(`${journey.app.url}/api/login?returnTo=${encodeURIComponent(evil)}`, {
        redirect: 'manual',
      });
      expect(res.headers.get('location')).toBe('/?auth=signin');
    }
    const page = await (await journey.browser.newContext()).newPage();
    await page.goto(`${journey.app.url}/?auth=signin&returnTo=${encodeURIComponent('//evil.example/x')}`);
    await fillSignIn(page, carrier.user!.email);
    await page.getByTestId('welcome-heading').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(journey.app.url).origin);
    expect(new URL(page.url()).pathname).toBe('/');
  }, 120_000);
});
