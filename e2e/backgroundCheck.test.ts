import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD } from '@test/helpers';
import { signIn, startJourney, watchPageErrors } from './browser';
import { markNoReload, notReloaded } from './roles';

const journey = startJourney();

describe('background check of an individual driver (issue 16)', () => {
  it('the driver fills the form from the dashboard, an admin approves it in the queue, the driver sees it live, then offers', async () => {
    const api = journey.app.client();
    const { email } = await api.registerAndLogin({ userType: 'carrier' });
    expect(
      (await api.post('/api/users/setup', { userType: 'individual_driver', companyName: 'Dana' })).status,
    ).toBe(200);

    const driver = await (await journey.browser.newContext()).newPage();
    const driverErrors = watchPageErrors(driver);
    await signIn(driver, journey.app.url, email, TEST_USER_PASSWORD);
    const card = driver.getByTestId('background-check-card');
    await card.getByText('Not submitted').waitFor();
    await card.getByRole('link', { name: 'Start Background Check' }).click();
    await driver.getByRole('heading', { name: 'Background Check', level: 1 }).waitFor();

    // Nothing filled in: inline errors, both consents among them, and nothing is sent.
    const submit = driver.getByRole('button', { name: 'Submit Background Check' });
    await submit.click();
    await driver.getByText('You must consent to the background check').waitFor();
    await driver.getByText('You must consent to the driving record check').waitFor();
    expect(await driver.getByText('Required', { exact: true }).count()).toBeGreaterThanOrEqual(10);

    await driver.getByLabel('Full Legal Name').fill('Dana Driver');
    await driver.getByLabel('Date of Birth').fill('1988-04-12');
    await driver.getByLabel('Social Security Number').fill('219-09-999');
    await driver.getByLabel('Phone Number').fill('(775) 555-0134');
    await driver.getByLabel('Street Address').fill('12 Elm St');
    await driver.getByLabel('City').fill('Reno');
    await driver.getByLabel('State').selectOption('NV');
    await driver.getByLabel('ZIP Code').fill('89501');
    await driver.getByLabel('Contact Name').fill('Sam Driver');
    await driver.getByLabel('Contact Phone').fill('775-555-0199');
    await driver.getByLabel('Relationship').fill('Sibling');
    await driver.getByLabel('Driving Experience').fill('8 years: pickup with trailer');
    await driver.getByText('I have been in accidents in the past 7 years').click();
    await driver.getByText('I consent to a background check, including a criminal record search.').click();
    await driver.getByText('I consent to a check of my driving record (motor vehicle record).').click();
    await submit.click();
    await driver.getByText('Enter the SSN as ###-##-#### or 9 digits').waitFor();
    await driver.getByText('Please describe what happened').waitFor();
    await driver.getByLabel('Social Security Number').fill('219-09-9999');
    await driver.getByLabel('Please describe (dates and what happened)').fill('Rear-ended at a light, 2019');
    await submit.click();
    await driver.getByTestId('background-check-pending').waitFor();
    await driver.getByText('SSN ending in 9999', { exact: false }).waitFor();
    expect(await driver.getByTestId('background-check-status').getAttribute('data-status')).toBe('pending');
    await markNoReload(driver);

    // The admin approves it in the verification queue.
    const admin = await (await journey.browser.newContext()).newPage();
    const adminErrors = watchPageErrors(admin);
    await signIn(admin, journey.app.url, 'admin@test.local', 'Test1234!', '/admin');
    const row = admin.getByTestId('pending-background-check').filter({ hasText: 'Dana Driver' });
    await row.getByText('***-**-9999').waitFor();
    await row.getByText('Yes: Rear-ended at a light, 2019').waitFor();
    expect(await admin.content()).not.toContain('219-09-9999');
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });

    // The driver's page says Approved without a reload.
    await driver.getByTestId('background-check-approved').waitFor();
    expect(await driver.getByTestId('background-check-status').getAttribute('data-status')).toBe('approved');
    expect(await notReloaded(driver)).toBe(true);

    // Now the driver may offer, and the customer sees "Background checked" on the offer.
    const customerApi = journey.app.client();
    await customerApi.login('customer@test.local');
    const posted = await customerApi.post('/api/small-shipments', {
      title: 'Bookcase to Sparks',
      itemDescription: 'One bookcase',
      originCity: 'Reno',
      originState: 'NV',
      destinationCity: 'Sparks',
      destinationState: 'NV',
      offerPrice: '80',
    });
    expect(posted.status, posted.text).toBe(201);
    const offer = await api.post(`/api/small-shipments/${posted.body.id}/offers`, { price: '75' });
    expect(offer.status, offer.text).toBe(201);
    const customer = await (await journey.browser.newContext()).newPage();
    await signIn(customer, journey.app.url, 'customer@test.local', 'Test1234!');
    const offerRow = customer.getByTestId('shipment-offer').filter({ hasText: '$75.00' });
    await offerRow
      .getByTestId('driver-background-checked')
      .filter({ hasText: 'Background checked' })
      .waitFor();
    expect(driverErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 180_000);
});
