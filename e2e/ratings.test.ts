// Issue 40, item 5, in Chromium: a delivered load, each side in its own browser context. The shipper watches its own
// company profile while the carrier rates it from the load's tracking page: the rating arrives live. Then the carrier
// watches its profile while the shipper rates it from the load's page. Three invoices the shipper pays (through the
// API) then give it a days-to-pay figure on its profile. At 1280x900 and 390x844.
import type { InvoiceDto } from '@freight/shared';
import { companyIdOf } from '@freight/server/features/companies/service';
import { resetClock, setClock } from '@freight/server/infra/clock';
import { EXACT_PICKUP, seedLoad } from '@freight/server/features/tracking/testing';
import { describe, expect, it } from 'vitest';
import { BOTH_SIZES, LAPTOP, PHONE, goInApp, screenshot, startJourney } from './browser';
import {
  flaggedVerifiedAccount,
  markNoReload,
  notReloaded,
  postLoadApi,
  rolePage,
  type RolePage,
} from './roles';

const journey = startJourney();

async function companyOf(userId: string): Promise<string> {
  const id = await companyIdOf(userId);
  if (!id) throw new Error('no company');
  return id;
}

/** Rates from the open load page's ratings card: overall and each aspect as given, and a comment. */
async function rate(role: RolePage, ratee: string, stars: Record<string, number>, comment: string) {
  const card = role.page.getByTestId('load-ratings');
  await card.getByRole('heading', { name: `Rate ${ratee}` }).waitFor();
  const star = (label: string, n: number) =>
    card
      .getByRole('radiogroup', { name: label })
      .getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
  for (const [label, n] of Object.entries(stars)) {
    if (label !== 'Overall') {
      await star(label, n).click();
      continue;
    }
    // The overall score by keyboard, as a radio group: the first star is the tab stop; End, Home and the arrows choose.
    await star(label, 1).focus();
    await role.page.keyboard.press('End');
    await role.page.keyboard.press('Home');
    for (let i = 1; i < n; i++) await role.page.keyboard.press('ArrowRight');
    await expect.poll(() => star(label, n).getAttribute('aria-checked')).toBe('true');
    expect(await star(label, n).evaluate((el) => el === document.activeElement)).toBe(true);
  }
  await card.getByLabel('Comment (optional)').fill(comment);
  await card.getByRole('button', { name: 'Submit rating' }).click();
  await card.getByTestId('rating-given').filter({ hasText: comment }).waitFor();
  await card.getByRole('button', { name: 'Edit' }).waitFor();
}

/** The profile page shows `count` ratings, with one at `stars` stars, without a reload. */
async function profileShows(role: RolePage, count: number, stars: number) {
  await role.page
    .getByTestId('profile-rating-count')
    .filter({ hasText: new RegExp(`^${count} ratings?`) })
    .waitFor();
  await role.page.getByTestId(`profile-stars-${stars}`).filter({ hasText: /1$/ }).waitFor();
  expect(await notReloaded(role.page)).toBe(true);
}

describe('issue 40: ratings both ways (Chromium)', () => {
  for (const viewport of BOTH_SIZES) {
    it(`${viewport.width}x${viewport.height}: both sides rate a delivered load; each sees it live on its profile`, async () => {
      const tag = `${viewport.width}-${Date.now().toString(36)}`;
      const { app, browser } = journey;
      const shipper = await flaggedVerifiedAccount(app, 'shipper', { companyName: `Lakeside ${tag}` });
      const carrier = await flaggedVerifiedAccount(app, 'carrier', { companyName: `Prairie ${tag}` });
      const loadId = await seedLoad({
        posterId: shipper.user.id,
        carrierId: carrier.user.id,
        status: 'delivered',
      });
      const [shipperCo, carrierCo] = await Promise.all([
        companyOf(shipper.user.id),
        companyOf(carrier.user.id),
      ]);

      // The shipper watches its own profile; the carrier rates it from the delivered load's page.
      const s = await rolePage(browser, app, shipper, { viewport }, `/companies/${shipperCo}`);
      await s.page.getByRole('heading', { level: 1, name: `Lakeside ${tag}` }).waitFor();
      await s.page.getByTestId('profile-rating-count').filter({ hasText: '0 ratings' }).waitFor();
      await s.page.getByTestId('profile-days-to-pay').filter({ hasText: 'New on FreightConnect' }).waitFor();
      await markNoReload(s.page);

      const c = await rolePage(browser, app, carrier, { viewport }, `/tracking/${loadId}`);
      await rate(
        c,
        `Lakeside ${tag}`,
        { Overall: 4, 'On time': 5, Communication: 4, Payment: 3 },
        'Paid on time',
      );
      await profileShows(s, 1, 4);
      await s.page.getByTestId('profile-aspect-payment').filter({ hasText: 'Payment' }).waitFor();

      // The carrier watches its own profile; the shipper rates it from its load page.
      await goInApp(c.page, `/companies/${carrierCo}`);
      await c.page.getByRole('heading', { level: 1, name: `Prairie ${tag}` }).waitFor();
      await c.page.getByTestId('profile-rating-count').filter({ hasText: '0 ratings' }).waitFor();
      await markNoReload(c.page);

      await goInApp(s.page, `/loads/${loadId}`);
      const received = s.page.getByTestId('rating-received');
      await received.filter({ hasText: 'Paid on time' }).waitFor();
      await rate(s, `Prairie ${tag}`, { Overall: 5, 'On time': 5, Paperwork: 4 }, 'Clean paperwork');
      await profileShows(c, 1, 5);
      await screenshot(c.page, `ratings-profile-${viewport.width}`);

      // Issue 40 item 4: three paid invoices, and the shipper's profile shows how it pays.
      for (const reference of ['ACH 1', 'ACH 2', 'ACH 3']) {
        const paidLoad = await seedLoad({
          posterId: shipper.user.id,
          carrierId: carrier.user.id,
          status: 'delivered',
        });
        const sent = (await carrier.api.post('/api/invoices', { loadId: paidLoad })).body as InvoiceDto;
        const approved = (
          await shipper.api.post(`/api/invoices/${sent.id}/approve`, { version: sent.version })
        ).body as InvoiceDto;
        const paid = await shipper.api.post(`/api/invoices/${sent.id}/pay`, {
          version: approved.version,
          reference,
        });
        expect(paid.status, paid.text).toBe(200);
      }
      await app.rt.projectors.drain();
      await goInApp(c.page, `/companies/${shipperCo}`);
      await c.page
        .getByTestId('profile-days-to-pay')
        .filter({ hasText: 'Pays in 0.0 days · 100% on time (3 invoices)' })
        .waitFor();

      expect(s.errors).toEqual([]);
      expect(c.errors).toEqual([]);
    });
  }
});

// Issue 41, slice 4: how long trucks wait at a facility, known before booking. Five trucks are timed at Acme DC by the
// geofence (pings through the API, the product's clock moved, not waited on); a carrier on the board (phone) reads the
// figures in a load's details without learning the facility, and the poster (laptop) follows its load page's link to
// the facility page.
describe('issue 41: facility dwell scorecards (Chromium)', () => {
  it("the board shows the pickup's dwell figures; the poster opens the facility page", async () => {
    const { app, browser } = journey;
    const tag = Date.now().toString(36);
    const shipper = await flaggedVerifiedAccount(app, 'shipper', { companyName: `Dockside ${tag}` });
    const carrier = await flaggedVerifiedAccount(app, 'carrier', { companyName: `Haulers ${tag}` });
    const MIN = 60_000;
    const t0 = Date.now() - 8 * 60 * MIN;
    const away = { latitude: EXACT_PICKUP.lat + 1 / 69, longitude: EXACT_PICKUP.lng };
    try {
      // 1 h 10 m to 4 h: sorted 70, 130, 150, 200, 240; four past the 2 h free time.
      for (const [i, dwell] of [150, 70, 240, 130, 200].entries()) {
        const id = await seedLoad({
          posterId: shipper.user.id,
          carrierId: carrier.user.id,
          exactStops: true,
        });
        setClock(() => new Date(t0 + i * MIN));
        const inside = { latitude: EXACT_PICKUP.lat, longitude: EXACT_PICKUP.lng };
        expect((await carrier.api.post(`/api/freight/${id}/location`, inside)).status).toBe(200);
        setClock(() => new Date(t0 + (i + dwell) * MIN));
        expect((await carrier.api.post(`/api/freight/${id}/location`, away)).status).toBe(200);
      }
    } finally {
      resetClock();
    }
    await app.rt.projectors.drain();
    const open = await postLoadApi(shipper, {
      title: `Coils ${tag}`,
      originZip: '60607',
      destinationCity: 'Omaha',
      destinationState: 'NE',
      pickupStop: { facilityName: EXACT_PICKUP.facilityName, address: EXACT_PICKUP.address },
    });
    const line = 'Median dwell 2 h 30 m · detention at 80 % of stops';

    // Another carrier on the board, on a phone: the figures in the load's details, the facility not named.
    const other = await flaggedVerifiedAccount(app, 'carrier', { companyName: `Roamers ${tag}` });
    const c = await rolePage(browser, app, other, { viewport: PHONE }, '/freight');
    const card = c.page
      .getByRole('article', { name: 'Load Chicago, IL → Omaha, NE' })
      .filter({ hasText: `Coils ${tag}` });
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = c.page.getByRole('dialog');
    await details.getByTestId('facility-dwell-pickup').filter({ hasText: line }).waitFor();
    expect(await details.getByTestId('facility-dwell').textContent()).not.toContain('Acme DC');
    expect(await details.getByRole('link', { name: /Pickup/ }).count()).toBe(0);
    await screenshot(c.page, 'facility-dwell-board', BOTH_SIZES);

    // The poster, on a laptop: the load page names the facility and links its page.
    const s = await rolePage(browser, app, shipper, { viewport: LAPTOP }, `/loads/${open.id}`);
    const pickup = s.page.getByTestId('facility-dwell-pickup');
    await pickup.filter({ hasText: line }).waitFor();
    await pickup.getByRole('link', { name: 'Pickup (Acme DC)' }).click();
    await s.page.getByRole('heading', { level: 1, name: 'Acme DC' }).waitFor();
    await s.page.getByTestId('facility-median').filter({ hasText: '2 h 30 m' }).waitFor();
    expect(await s.page.getByTestId('facility-p90').textContent()).toContain('4 h');
    expect(await s.page.getByTestId('facility-detention').textContent()).toContain('80 %');
    expect(await s.page.getByTestId('facility-visits').textContent()).toContain('5');
    await screenshot(s.page, 'facility-page', BOTH_SIZES);
    expect(c.errors).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});
