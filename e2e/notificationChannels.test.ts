import { UserModel } from '@freight/server/features/users/model';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, linkIn, type TestClient } from '@test/helpers';
import { BOTH_SIZES, screenshot, signIn, startJourney, watchPageErrors } from './browser';

/**
 * Issue 27 in Chromium with a real SMTP server on loopback: a carrier turns on the email of booking answers in the
 * notification settings, and the approval of its booking request arrives by email with a link to the load.
 */
// The full browser: the headless shell has no notifications for a service worker to show.
const journey = startJourney({ mailbox: true, chromium: 'full' });

/** axe-core's serious and critical violations on the page as it is now (as the accessibility suite counts them). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(' | ')}`);
}

async function documentVerified(c: TestClient, userType: string): Promise<TestClient> {
  await c.registerAndLogin({ userType });
  await UserModel.updateOne({ _id: c.user!.id }, { $set: { isVerified: true } });
  return c;
}

describe('issue 27: notification settings (Chromium, real SMTP)', () => {
  it('the carrier turns on booking emails, then the approval of its request arrives by email and opens the load', async () => {
    const carrier = await documentVerified(journey.app.client(), 'carrier');
    const shipper = await documentVerified(journey.app.client(), 'shipper');
    // Earlier, the carrier had turned booking emails off.
    const off = await carrier.put('/api/notification-preferences', {
      kinds: { booking_reviewed: { email: false } },
    });
    expect(off.status).toBe(200);

    const page = await (
      await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' })
    ).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, journey.app.url, carrier.user!.email, TEST_USER_PASSWORD, '/account/security');
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor();
    const bookingEmail = page.getByRole('checkbox', { name: 'Email for Booking answers' });
    await bookingEmail.waitFor({ state: 'attached' });
    expect(await bookingEmail.isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Security messages are shown as always by email, and cannot be switched.
    expect(await page.getByRole('checkbox', { name: 'Email for security messages' }).isDisabled()).toBe(true);
    await page.getByTestId('kind-booking_reviewed').getByText('Booking answers').waitFor();
    await page.getByTestId('kind-booking_reviewed').locator('label').first().click();
    expect(await bookingEmail.isChecked()).toBe(true);
    await screenshot(page, 'notifications', BOTH_SIZES);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Notification settings saved').first().waitFor();
    expect((await carrier.get('/api/notification-preferences')).body.kinds.booking_reviewed.email).toBe(true);

    // The booking: the carrier asks, the shipper approves.
    const load = await shipper.post('/api/freight', {
      title: 'Frozen peas',
      originCity: 'Chicago',
      originState: 'IL',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      rate: 2100,
      distance: 920,
    });
    expect(load.status).toBe(201);
    const asked = await carrier.post(`/api/freight/${load.body.id}/book`, { message: 'Ready today' });
    expect(asked.status).toBe(201);
    const approved = await shipper.post(`/api/booking-requests/${asked.body.request.id}/review`, {
      status: 'approved',
    });
    expect(approved.status).toBe(200);

    const mail = await journey.box.next(carrier.user!.email, /^Booking request approved$/);
    expect(mail.text).toContain('Frozen peas is booked to you');
    expect(mail.attachments.some((a) => a.filename.startsWith('rate-confirmation-'))).toBe(true);
    const link = linkIn(mail, `/tracking/${load.body.id}`);
    await page.goto(link);
    await page.getByText('Frozen peas').first().waitFor();
    expect(errors).toEqual([]);
  });
});

describe('issue 27: the service worker shows a push and keeps the screen to open', () => {
  it('a push message delivered to the worker becomes a notification with its title, text and screen', async () => {
    const c = await documentVerified(journey.app.client(), 'carrier');
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'allow',
    });
    await context.grantPermissions(['notifications'], { origin: journey.app.url });
    const page = await context.newPage();
    await signIn(page, journey.app.url, c.user!.email, TEST_USER_PASSWORD);
    // The built app registers /sw.js; wait until it controls the page's scope.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => r.scopeURL.startsWith(journey.app.url) && !r.isDeleted);
        if (reg) resolve(reg.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    const payload = {
      title: 'Booking request approved',
      body: 'Frozen peas is booked to you.',
      url: '/tracking/0123456789abcdef01234567',
      tag: 'n-test',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(journey.app.url).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    // Read until the worker has shown it (an async predicate would count its pending promise as an answer).
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        const [n] = await reg.getNotifications({ tag: 'n-test' });
        return n ? { title: n.title, body: n.body, data: n.data as unknown } : null;
      });
    await expect.poll(shown, { timeout: 15_000 }).toEqual({
      title: payload.title,
      body: payload.body,
      data: { url: payload.url },
    });
  });
});
