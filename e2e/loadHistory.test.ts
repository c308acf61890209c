// A load's history (issue 26): the poster on the load's page and the carrier on the tracking page each see every fact
// of the load, in order, with who did it, live as the other acts; a stranger gets 404.
import { describe, expect, it } from 'vitest';
import { screenshot, startJourney } from './browser';
import { markNoReload, notReloaded, postLoadApi, rolePage, verifiedAccount } from './roles';

const journey = startJourney();

const entries = (page: import('playwright-core').Page) =>
  page.getByTestId('load-history').getByTestId('load-history-entry');

describe("a load's history, live for both parties", () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`grows live on the poster's load page and the carrier's tracking page (${viewport.width}×${viewport.height})`, async () => {
      const { app, browser } = journey;
      const [shipperAccount, carrierAccount, strangerAccount] = await Promise.all([
        verifiedAccount(app, 'shipper', {
          companyName: 'Prairie Mills',
          firstName: 'Dana',
          lastName: 'Ruiz',
        }),
        verifiedAccount(app, 'carrier', { companyName: 'Ozark Haulers', firstName: 'Lee', lastName: 'Chen' }),
        verifiedAccount(app, 'carrier'),
      ]);
      const load = await postLoadApi(shipperAccount, { title: `Seed corn ${viewport.width}` });

      const shipper = await rolePage(browser, app, shipperAccount, { viewport }, `/loads/${load.id}`);
      await entries(shipper.page).filter({ hasText: 'Load posted' }).waitFor();
      await expect
        .poll(() => entries(shipper.page).first().textContent())
        .toContain('Load posted by Dana Ruiz, Prairie Mills');
      await markNoReload(shipper.page);

      // The carrier asks to book: the poster's history shows it without a reload, named.
      const requested = await carrierAccount.api.post(`/api/freight/${load.id}/book`, {
        message: 'Empty in Omaha',
      });
      expect(requested.status).toBe(201);
      await entries(shipper.page)
        .filter({ hasText: 'Booking requested by Lee Chen, Ozark Haulers' })
        .waitFor();

      // The poster approves on the page; the history shows the approval and the booking, in order.
      const card = shipper.page.getByTestId('load-request').filter({ hasText: 'Ozark Haulers' }).first();
      await card.getByRole('button', { name: 'Accept Carrier' }).click();
      await entries(shipper.page).filter({ hasText: 'Booking request approved by Dana Ruiz' }).waitFor();
      await entries(shipper.page)
        .filter({ hasText: /^.*Booked/ })
        .first()
        .waitFor();

      // The carrier opens the tracking page's History tab; a stop it reports reaches the poster live.
      const carrier = await rolePage(browser, app, carrierAccount, { viewport }, `/tracking/${load.id}`);
      await carrier.page.getByRole('tab', { name: 'History' }).click();
      await entries(carrier.page).filter({ hasText: 'Booking request approved' }).waitFor();
      await markNoReload(carrier.page);
      const stop = await carrierAccount.api.post(`/api/freight/${load.id}/stops`, { kind: 'arrived_pickup' });
      expect(stop.status).toBe(201);
      await entries(carrier.page).filter({ hasText: 'by Lee Chen' }).last().waitFor();
      await expect
        .poll(() => entries(shipper.page).last().textContent())
        .toContain('by Lee Chen, Ozark Haulers');

      // In order on both sides: oldest first.
      const texts = await entries(shipper.page).allTextContents();
      const at = (s: string) => texts.findIndex((t) => t.includes(s));
      expect(at('Load posted')).toBeLessThan(at('Booking requested'));
      expect(at('Booking requested')).toBeLessThan(at('Booking request approved'));

      // Anyone else is told the load does not exist.
      expect((await strangerAccount.api.get(`/api/freight/${load.id}/history`)).status).toBe(404);

      expect(await notReloaded(shipper.page)).toBe(true);
      expect(await notReloaded(carrier.page)).toBe(true);
      await screenshot(shipper.page, `load-history-poster-${viewport.width}`);
      await screenshot(carrier.page, `load-history-carrier-${viewport.width}`);
      expect(shipper.errors).toEqual([]);
      expect(carrier.errors).toEqual([]);
    });
  }
});
