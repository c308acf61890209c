// Issue 40, item 5, in Chromium: a delivered load, each side in its own browser context. The shipper watches its own
// company profile while the carrier rates it from the load's tracking page: the rating arrives live. Then the carrier
// watches its profile while the shipper rates it from the load's page. Three invoices the shipper pays (through the
// API) then give it a days-to-pay figure on its profile. At 1280x900 and 390x844.
import type { InvoiceDto } from '@freight/shared';
import { companyIdOf } from '@freight/server/features/companies/service';
import { seedLoad } from '@freight/server/features/tracking/testing';
import { describe, expect, it } from 'vitest';
import { BOTH_SIZES, goInApp, screenshot, startJourney } from './browser';
import { flaggedVerifiedAccount, markNoReload, notReloaded, rolePage, type RolePage } from './roles';

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
