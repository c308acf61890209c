import { PNG_BYTES } from '@freight/server/features/tracking/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getDocumentProxy, extractText } from 'unpdf';
import { screenshot, startJourney } from './browser';
import {
  bookLoadApi,
  markNoReload,
  notReloaded,
  postLoadApi,
  rolePage,
  trackingHeading,
  verifiedAccount,
} from './roles';

const journey = startJourney();

const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
const DALLAS = { latitude: 32.7767, longitude: -96.797 };

/** Waits until the page's map shows the position at this latitude. */
async function markerAtLat(page: Page, lat: number): Promise<void> {
  await page.waitForFunction(
    (la) => document.querySelector('[data-testid="tracking-map"]')?.getAttribute('data-lat') === String(la),
    lat,
  );
}

/** The button's background: its hue (degrees) and its contrast with its white text (WCAG). */
async function buttonColour(page: Page, name: string): Promise<{ hue: number; contrast: number }> {
  const rgb = await page
    .getByRole('button', { name, exact: true })
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min || 1;
  const hue =
    max === r ? (((g - b) / d) % 6) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return { hue: (hue + 360) % 360, contrast: 1.05 / (luminance + 0.05) };
}

describe('tracking a booked load: a fresh shipper and a fresh carrier, each in their own browser (issue 23)', () => {
  it('chat both ways, a photo, the stops and the signed delivery: each side sees the other live', async () => {
    const { app, browser } = journey;
    const [shipperAccount, carrierAccount] = await Promise.all([
      verifiedAccount(app, 'shipper', { companyName: 'Lakeshore Foods' }),
      verifiedAccount(app, 'carrier', { companyName: 'Red River Freight' }),
    ]);
    const load = await postLoadApi(shipperAccount, { title: 'Frozen pizza', equipmentType: 'dry_van' });
    await bookLoadApi(shipperAccount, carrierAccount, load.id);

    // The shipper watches the tracking page: the product's labels, not raw values.
    const shipper = await rolePage(browser, app, shipperAccount, {}, `/tracking/${load.id}`);
    await shipper.page.getByRole('heading', { name: trackingHeading(load.id) }).waitFor();
    await shipper.page.getByText('Cargo Type').waitFor();
    expect.soft(await shipper.page.getByText('dry_van', { exact: true }).count(), 'raw dry_van').toBe(0);
    expect.soft(await shipper.page.getByText('Dry Van', { exact: true }).count(), 'Dry Van').toBe(1);
    await markNoReload(shipper.page);

    // The carrier's phone at the pickup: sharing starts, and the page never says it has no location meanwhile.
    const carrier = await rolePage(
      browser,
      app,
      carrierAccount,
      {
        permissions: ['geolocation'],
        geolocation: CHICAGO,
        viewport: { width: 390, height: 844 },
      },
      `/tracking/${load.id}`,
    );
    await carrier.page.getByText(/^Last sent/).waitFor();
    expect
      .soft(await carrier.page.getByText('No location reported yet').count(), 'carrier: no location')
      .toBe(0);
    await markerAtLat(shipper.page, CHICAGO.latitude);
    expect
      .soft(await shipper.page.getByText('No location reported yet').count(), 'shipper: no location')
      .toBe(0);
    // Start Trip reads as a go-ahead: not orange or red, and its white text passes AA.
    const start = await buttonColour(carrier.page, 'Start Trip');
    expect.soft(start.hue < 45 || start.hue > 330, `Start Trip hue ${start.hue}`).toBe(false);
    expect.soft(start.contrast, 'Start Trip contrast').toBeGreaterThanOrEqual(4.5);
    await markNoReload(carrier.page);

    // Chat both ways.
    await shipper.page.getByRole('tab', { name: /Chat/ }).click();
    await carrier.page.getByRole('tab', { name: /Chat/ }).click();
    await carrier.page.getByLabel('Message').fill('At the dock, loading now');
    await carrier.page.getByLabel('Message').press('Enter');
    await shipper.page.getByTestId('chat-messages').getByText('At the dock, loading now').waitFor();
    await shipper.page.getByLabel('Message').fill('Great, door 4');
    await shipper.page.getByRole('button', { name: 'Send', exact: true }).click();
    await carrier.page.getByTestId('chat-messages').getByText('Great, door 4').waitFor();

    // The stops: the shipper sees each, and Loaded starts the trip.
    await carrier.page.getByRole('button', { name: 'Report: Arrived at pickup' }).click();
    await shipper.page.getByTestId('tracking-stops').getByText('Arrived at pickup').waitFor();
    await carrier.page.getByRole('button', { name: 'Report: Loaded' }).click();
    await shipper.page.getByTestId('tracking-status').filter({ hasText: 'In Transit' }).waitFor();

    // Not there yet (issue 39): Mark Delivered is not offered; behind 'Not at the delivery stop yet' a reason is
    // required, and the dialog cannot be confirmed without one.
    await carrier.page.getByTestId('deliver-when-arrived').waitFor();
    expect(await carrier.page.getByRole('button', { name: 'Mark Delivered', exact: true }).count()).toBe(0);
    await carrier.page.getByRole('button', { name: 'Not at the delivery stop yet' }).click();
    const early = carrier.page.getByRole('dialog', { name: 'Mark delivered before arriving?' });
    await early.getByTestId('deliver-away').waitFor();
    await early.getByLabel('Reason the shipper will see').waitFor();
    expect(await early.getByRole('button', { name: 'Confirm Delivery' }).isDisabled()).toBe(true);
    await screenshot(carrier.page, 'carrier-phone-deliver-before-arriving');
    await early.getByRole('button', { name: 'Cancel' }).click();
    await early.waitFor({ state: 'detached' });
    // An empty signature is a clear 400 from the server, and nothing changes.
    const emptySignature = await carrier.page.request.post(`${app.url}/api/freight/${load.id}/status`, {
      data: {
        status: 'delivered',
        receiverName: 'Dana Cole',
        signature: '',
        deliveryNote: 'Trying early',
      },
    });
    expect(emptySignature.status()).toBe(400);
    expect((await emptySignature.json()).message).toBe('signature: The receiver must sign');
    await shipper.page.getByTestId('tracking-status').filter({ hasText: 'In Transit' }).waitFor();

    // At the delivery place: the carrier reports it and adds a delivery photo; Mark Delivered is now the action.
    await carrier.page.context().setGeolocation(DALLAS);
    await markerAtLat(shipper.page, DALLAS.latitude);
    await carrier.page.getByRole('button', { name: 'Report: Arrived at delivery' }).click();
    await shipper.page.getByTestId('tracking-stops').getByText('Arrived at delivery').waitFor();

    await shipper.page.getByRole('tab', { name: /Photos/ }).click();
    await shipper.page.getByText('No photos uploaded yet.').waitFor();
    await carrier.page.getByRole('tab', { name: 'Upload' }).click();
    await carrier.page.getByLabel('Photo Type').selectOption('delivery');
    await carrier.page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'delivered.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await carrier.page.getByLabel('Description (Optional)').fill('Pallets at door 4');
    await carrier.page.getByRole('button', { name: 'Upload Photo' }).click();
    await carrier.page.getByText('Photo uploaded successfully').waitFor();
    await shipper.page.getByTestId('tracking-photos').getByText('Pallets at door 4').waitFor();

    // The delivery asks for confirmation, the receiver's name and a signature drawn on the phone.
    await carrier.page.getByRole('button', { name: 'Mark Delivered', exact: true }).click();
    const confirm = carrier.page.getByRole('dialog', { name: 'Confirm delivery' });
    const confirmButton = confirm.getByRole('button', { name: 'Confirm Delivery' });
    await confirm.getByLabel('Receiver’s name').fill('Dana Cole');
    expect(await confirmButton.isDisabled(), 'a blank signature pad is refused').toBe(true);
    await confirm.getByTestId('deliver-missing').filter({ hasText: 'their signature' }).waitFor();
    const pad = confirm.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const strokes = [
      [
        [0.1, 0.6],
        [0.2, 0.3],
        [0.3, 0.7],
        [0.4, 0.35],
        [0.5, 0.65],
      ],
      [
        [0.55, 0.5],
        [0.7, 0.4],
        [0.85, 0.6],
      ],
    ];
    for (const stroke of strokes) {
      const [[x0, y0], ...rest] = stroke;
      await carrier.page.mouse.move(box.x + box.width * x0, box.y + box.height * y0);
      await carrier.page.mouse.down();
      for (const [x, y] of rest) {
        await carrier.page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
      }
      await carrier.page.mouse.up();
    }
    await confirm.getByLabel('Exceptions').selectOption('shortage');
    await confirm.getByLabel('Exception note').fill('Two cartons short');
    // A photo of the shortage, taken in the dialog: sent with the delivery as a delivery photo.
    await confirm
      .getByLabel('Delivery photos')
      .setInputFiles({ name: 'shortage.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await confirm.getByTestId('deliver-photos').filter({ hasText: '1 photo to send' }).waitFor();
    await confirm.getByTestId('deliver-missing').waitFor({ state: 'detached' });
    await screenshot(carrier.page, 'carrier-phone-deliver-signed');
    await confirmButton.click();
    await carrier.page.getByText('Load marked delivered').waitFor();

    // The shipper sees the delivery, the signed receipt and its proof of delivery live.
    await shipper.page.getByTestId('tracking-status').filter({ hasText: 'Delivered' }).waitFor();
    await carrier.page.getByTestId('tracking-status').filter({ hasText: 'Delivered' }).waitFor();
    const receipt = shipper.page.getByTestId('delivery-receipt');
    await receipt.getByTestId('delivery-receiver').filter({ hasText: 'Dana Cole' }).waitFor();
    await receipt.getByTestId('delivery-exception').filter({ hasText: 'Two cartons short' }).waitFor();
    await shipper.page.getByTestId('tracking-photos').getByText('Two cartons short').waitFor();
    await shipper.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="delivery-signature"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const pod = shipper.page.getByTestId('load-document-proof_of_delivery');
    await pod.waitFor();
    await pod.getByText('Preparing').waitFor({ state: 'detached' });
    const href = await pod.getByRole('link', { name: 'Download Proof of Delivery' }).getAttribute('href');
    const pdf = await shipper.page.request.get(`${app.url}${href}`);
    expect(pdf.status()).toBe(200);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })
    ).text;
    expect(text).toContain('Dana Cole');
    expect(text).toContain('Two cartons short');
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(shipper.page, 'shipper-signed-proof-of-delivery');
    await screenshot(carrier.page, 'carrier-phone-delivered');

    expect(await notReloaded(shipper.page)).toBe(true);
    expect(await notReloaded(carrier.page)).toBe(true);
    expect(shipper.errors).toEqual([]);
    expect(carrier.errors).toEqual([]);
  });
});
