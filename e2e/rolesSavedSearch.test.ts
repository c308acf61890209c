// Issue 23, item 2: Save Search on the board, for the carrier who saves it and the shipper whose load matches it.
// Each role in its own browser context; the carrier sees the alert without a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, type TestClient } from '@test/helpers';
import { verifiedClient } from '@freight/server/features/freight/testUtils';
import { pageTakenOver, screenshot, signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

async function pageAs(c: TestClient, viewport = { width: 1280, height: 900 }) {
  const page = await (await journey.browser.newContext({ viewport })).newPage();
  const errors = watchPageErrors(page);
  // Signed in without a page load: the journey's first `goto` is the first.
  await signIn(page, journey.app.url, c.user!.email, TEST_USER_PASSWORD, null);
  return { page, errors };
}

async function openFilters(page: Page) {
  await page.goto(`${journey.app.url}/freight`);
  await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
  // The board is drawn on the server first: its buttons answer once React has the page (as signIn waits for).
  await pageTakenOver(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  return page.getByRole('form', { name: 'Load board filters' });
}

describe('issue 23 (2): a saved search and its alert, carrier and shipper', () => {
  it('a fresh carrier saves a search with alerts on; a fresh shipper posts a matching load; the carrier is alerted live', async () => {
    const carrierApi = await verifiedClient(journey.app, 'carrier');
    const shipperApi = await verifiedClient(journey.app, 'shipper', { companyName: 'Prairie Foods' });
    const carrier = await pageAs(carrierApi);

    // Filters: reefers from around Chicago (typed in full, not picked from the list).
    const filters = await openFilters(carrier.page);
    await filters.getByLabel('Origin City').fill('Chicago, IL');
    await filters.getByLabel('Equipment Type').selectOption('reefer');
    await filters.getByRole('button', { name: 'Save Search' }).click();
    const dialog = carrier.page.getByRole('dialog', { name: 'Save Search' });
    await dialog.waitFor();
    await dialog.getByText('Reefer loads within 50 mi of Chicago, IL').waitFor();
    const alerts = dialog.getByRole('checkbox', { name: /alert me/i });
    expect(await alerts.isChecked()).toBe(true);
    await dialog.getByLabel('Search Name').fill('Chicago reefers');
    await screenshot(carrier.page, 'save-search-dialog-1280');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Listed with alerts on.
    const saved = carrier.page.getByRole('region', { name: 'Saved Searches' });
    const row = saved.getByRole('listitem').filter({ hasText: 'Chicago reefers' });
    await row.getByText('Alerts on').waitFor();
    await row.getByText(/within 50 mi of Chicago, IL/).waitFor();
    const listed = await carrierApi.get('/api/saved-searches');
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ name: 'Chicago reefers', alertsEnabled: true });
    expect(listed.body.items[0].filters).toMatchObject({
      equipmentType: 'reefer',
      originPlace: 'Chicago, IL',
    });

    // What the bell counts before (a fresh account has its welcome notification), read from the API and waited for
    // on the bell: its count arrives with the notifications' first page, after the board.
    const before = (await carrierApi.get('/api/notifications')).body.unreadCount as number;
    await carrier.page
      .getByRole('button', {
        name: before ? `Notifications, ${before} unread` : 'Notifications',
        exact: true,
      })
      .waitFor();

    // The shipper posts a reefer load from Aurora, IL (about 35 miles from Chicago) in its own browser.
    const shipper = await pageAs(shipperApi);
    await shipper.page.goto(`${journey.app.url}/freight`);
    await shipper.page.getByRole('button', { name: 'Post Freight' }).click();
    const form = shipper.page.getByRole('dialog', { name: 'Post New Load' });
    await form.getByLabel('Load Title').fill('Frozen dough');
    await form.getByLabel('Origin City').fill('Aurora');
    await form.getByLabel('Origin State').selectOption('IL');
    await form.getByLabel('Destination City').fill('Memphis');
    await form.getByLabel('Destination State').selectOption('TN');
    await form.getByLabel('Equipment Type').selectOption('reefer');
    await form.getByLabel('Rate ($)').fill('1800');
    await form.getByRole('button', { name: 'Post Load' }).click();
    await form.waitFor({ state: 'hidden' });

    // The carrier, without a reload: the bell counts the alert, and it reads as the saved search's match.
    await carrier.page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
    await carrier.page.getByText('New load matches "Chicago reefers"').waitFor();
    await carrier.page.getByText(/New reefer load \d+ mi from Chicago, IL: \$1,800\.00/).waitFor();

    expect(carrier.errors).toEqual([]);
    expect(shipper.errors).toEqual([]);
  }, 180_000);

  it('says why a search cannot be saved: no filter, the cap reached, signed out (sign in, then the dialog)', async () => {
    const carrierApi = await verifiedClient(journey.app, 'carrier');
    const carrier = await pageAs(carrierApi, { width: 390, height: 844 });

    // No filter: the dialog says what to set, and Save stays off.
    let filters = await openFilters(carrier.page);
    await filters.getByRole('button', { name: 'Save Search' }).click();
    let dialog = carrier.page.getByRole('dialog', { name: 'Save Search' });
    await dialog.getByText(/Set at least one filter/).waitFor();
    await dialog.getByLabel('Search Name').fill('Everything');
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The cap: 25 saved already (through the API); the 26th is refused with the reason, in the dialog.
    for (let i = 0; i < 25; i++) {
      const res = await carrierApi.post('/api/saved-searches', {
        name: `S${i}`,
        filters: { originState: 'TX' },
      });
      expect(res.status, res.text).toBe(201);
    }
    filters = await openFilters(carrier.page);
    await filters.getByLabel('Equipment Type').selectOption('flatbed');
    await filters.getByRole('button', { name: 'Save Search' }).click();
    dialog = carrier.page.getByRole('dialog', { name: 'Save Search' });
    await dialog.getByLabel('Search Name').fill('One too many');
    await screenshot(carrier.page, 'save-search-dialog-390');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('You can keep at most 25 saved searches').waitFor();
    expect((await carrierApi.get('/api/saved-searches?pageSize=50')).body.total).toBe(25);

    // Signed out: Save Search opens the sign-in dialog on the board; after signing in the dialog is open, filters kept.
    const fresh = await verifiedClient(journey.app, 'carrier');
    const visitor = await (await journey.browser.newContext()).newPage();
    const visitorErrors = watchPageErrors(visitor);
    filters = await openFilters(visitor);
    await filters.getByLabel('Equipment Type').selectOption('flatbed');
    await filters.getByRole('button', { name: 'Save Search' }).click();
    const signInDialog = visitor.getByRole('dialog', { name: 'Sign In' });
    await signInDialog.waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/freight');
    await signInDialog.getByLabel('Email').fill(fresh.user!.email);
    await signInDialog.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
    await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    dialog = visitor.getByRole('dialog', { name: 'Save Search' });
    await dialog.getByText('Flatbed loads').waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/freight');
    await dialog.getByLabel('Search Name').fill('Flatbeds');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await visitor
      .getByRole('region', { name: 'Saved Searches' })
      .getByRole('listitem')
      .filter({ hasText: 'Flatbeds' })
      .getByText('Alerts on')
      .waitFor();

    expect(carrier.errors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  }, 180_000);

  it('a signed-in carrier whose session cannot be read is told so (not shown signed out), and Save Search works once it is', async () => {
    const carrierApi = await verifiedClient(journey.app, 'carrier');
    const carrier = await pageAs(carrierApi, { width: 390, height: 844 });
    // The next read of the session answers 503, as in an outage; an address with a query is drawn in the browser.
    await carrier.page.route(
      '**/api/auth/user',
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' }),
        }),
      { times: 1 },
    );
    await carrier.page.goto(`${journey.app.url}/freight?view=cards`);
    await carrier.page.getByRole('heading', { name: 'Could not reach the server' }).waitFor();
    expect(await carrier.page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    await screenshot(carrier.page, 'session-unavailable-390');

    await carrier.page.getByRole('button', { name: 'Try Again' }).click();
    await carrier.page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
    await carrier.page.getByRole('button', { name: 'Filters' }).click();
    const filters = carrier.page.getByRole('form', { name: 'Load board filters' });
    await filters.getByLabel('Equipment Type').selectOption('reefer');
    await filters.getByRole('button', { name: 'Save Search' }).click();
    await carrier.page.getByRole('dialog', { name: 'Save Search' }).getByText('Reefer loads').waitFor();
    expect(await carrier.page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(0);
  }, 120_000);
});
