// Issue 23, item 5: the poster's load page. Edit a load that has a pending request (the carrier sees the change),
// withdraw it (the carrier's request shows closed with the reason, live), copy it (Post Load prefilled); the tracking
// page of an available load asks for no chat.
import type { FreightListingDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD } from '@test/helpers';
import { BOTH_SIZES, screenshot, startJourney } from './browser';
import { flaggedVerifiedAccount, markNoReload, notReloaded, rolePage } from './roles';

const journey = startJourney();

const freshUser = (userType: 'carrier' | 'shipper', companyName: string) =>
  flaggedVerifiedAccount(journey.app, userType, { companyName });

const openAs = (email: string, opens = '/') =>
  rolePage(
    journey.browser,
    journey.app,
    { email, password: TEST_USER_PASSWORD },
    { viewport: { width: 1280, height: 900 } },
    opens,
  );

describe('The poster edits, withdraws and copies a load (issue 23)', () => {
  it('edit with a pending request, withdraw with the reason shown live, copy prefilled', async () => {
    const [shipper, carrier] = await Promise.all([
      freshUser('shipper', 'Lakeside Supply'),
      freshUser('carrier', 'Northern Lines'),
    ]);
    const title = `Edit me ${Date.now().toString(36)}`;
    const posted = await shipper.api.post('/api/freight', {
      title,
      originCity: 'Madison',
      originState: 'WI',
      destinationCity: 'Columbus',
      destinationState: 'OH',
      rate: 2000,
      commodity: 'Paper rolls',
    });
    expect(posted.status, posted.text).toBe(201);
    const load = posted.body as FreightListingDto;
    const requested = await carrier.api.post(`/api/freight/${load.id}/book`, { message: 'Ready Monday' });
    expect(requested.status, requested.text).toBe(201);

    // The carrier follows its request on My Loads.
    const c = await openAs(carrier.email, '/my-loads');
    const row = c.page
      .getByRole('region', { name: 'Requested' })
      .getByTestId('workspace-row')
      .filter({ hasText: 'Madison, WI → Columbus, OH' });
    await row.getByText('$2,000.00').waitFor();
    await markNoReload(c.page);

    // The shipper opens the load from My Loads.
    const s = await openAs(shipper.email, '/my-loads');
    await s.page
      .getByTestId('workspace-row')
      .filter({ hasText: 'Madison, WI' })
      .getByRole('link')
      .first()
      .click();
    await s.page.waitForURL(`${journey.app.url}/loads/${load.id}`);
    await s.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await s.page.getByTestId('load-request').filter({ hasText: 'Northern Lines' }).waitFor();
    await s.page.getByText('Paper rolls').first().waitFor();
    await screenshot(s.page, 'load-page-request', BOTH_SIZES);

    // The load's detention terms (issue 41): the defaults until the poster sets others.
    const terms = s.page.getByTestId('load-accessorial-terms');
    await terms.getByText('$75.00 per hour after the free time, billed in 15-minute steps').waitFor();

    // Edit: the rate and the detention rate go up; the carrier's row shows the rate and the carrier is told what
    // changed.
    await s.page.getByRole('button', { name: 'Edit' }).click();
    const edit = s.page.getByRole('dialog', { name: 'Edit Load' });
    await edit.getByLabel('Rate ($)').fill('2400');
    await edit.getByRole('button', { name: 'Detention, layover and TONU' }).click();
    expect(await edit.getByLabel('Free time at each stop (hours)').inputValue()).toBe('2');
    await edit.getByLabel('Detention ($ per hour)').fill('95');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await s.page.getByText('Load updated successfully!').first().waitFor();
    await s.page.getByTestId('load-rate').getByText('$2,400.00').waitFor();
    await terms.getByText('$95.00 per hour after the free time, billed in 15-minute steps').waitFor();
    await row.getByText('$2,400.00').waitFor();
    await c.page.getByTestId('notification-bell').click();
    await c.page
      .getByText(/was changed: rate \$2,000\.00 → \$2,400\.00/)
      .first()
      .waitFor();
    await c.page.keyboard.press('Escape');
    expect(await notReloaded(c.page)).toBe(true);

    // Withdraw: asked first; the carrier's request closes with the reason, live.
    await s.page.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = s.page.getByRole('alertdialog').or(s.page.getByRole('dialog', { name: /Withdraw/ }));
    await confirm.getByRole('button', { name: 'Withdraw Load' }).click();
    await s.page.getByTestId('load-status').getByText('Cancelled').waitFor();
    await s.page.getByTestId('load-request').getByText('Withdrawn by the poster').waitFor();
    expect(await s.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await row.getByText('Not accepted').waitFor();
    await row.getByText('Withdrawn by the poster').waitFor();
    expect(await notReloaded(c.page)).toBe(true);
    await screenshot(s.page, 'load-page-withdrawn', BOTH_SIZES);
    await screenshot(c.page, 'carrier-my-loads-withdrawn', BOTH_SIZES);

    // Copy: Post Load opens prefilled with the load's fields.
    await s.page.getByRole('button', { name: 'Copy' }).click();
    const copy = s.page.getByRole('dialog', { name: 'Post New Load' });
    expect(await copy.getByLabel('Origin City').inputValue()).toBe('Madison');
    expect(await copy.getByLabel('Destination City').inputValue()).toBe('Columbus');
    expect(await copy.getByLabel('Commodity').inputValue()).toBe('Paper rolls');
    expect(await copy.getByLabel('Rate ($)').inputValue()).toBe('2400');

    expect(s.errors).toEqual([]);
    expect(c.errors).toEqual([]);
  });

  it('an available load’s tracking page asks for no chat; a stranger gets no poster actions', async () => {
    const [shipper, stranger] = await Promise.all([
      freshUser('shipper', 'Quiet Shipper'),
      freshUser('carrier', 'Curious Carrier'),
    ]);
    const posted = await shipper.api.post('/api/freight', {
      title: 'No chat yet',
      originCity: 'Tulsa',
      originState: 'OK',
      destinationCity: 'Wichita',
      destinationState: 'KS',
      rate: 900,
    });
    expect(posted.status, posted.text).toBe(201);
    const id = (posted.body as FreightListingDto).id;

    const s = await openAs(shipper.email);
    const failed: string[] = [];
    s.page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    const consoleErrors: string[] = [];
    s.page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await s.page.goto(`${journey.app.url}/tracking/${id}`);
    await s.page.getByRole('tab', { name: /Chat/ }).waitFor();
    await s.page.getByRole('tab', { name: /Chat/ }).click();
    await s.page.getByText('Chat not available. The freight must be booked to start chatting.').waitFor();
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);

    const st = await openAs(stranger.email, `/loads/${id}`);
    await st.page.getByTestId('load-not-found').waitFor();
    expect(await st.page.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
  });
});
