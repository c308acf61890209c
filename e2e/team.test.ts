import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { screenshot, startJourney, watchPageErrors } from './browser';
import { freshAccount, markNoReload, notReloaded, rolePage } from './roles';

/**
 * Issue 28, the team in Chromium: a broker owner invites a dispatcher from the Team page; the dispatcher opens the
 * link signed out, registers with the invited email, signs in and joins; the owner's Team page shows them without a
 * reload; the owner removes them (confirmed) and the dispatcher's page falls to signed out. Fresh accounts, one
 * browser context per person, at 1280x900 and 390x844.
 */
const journey = startJourney();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('issue 28: the team (Chromium)', () => {
  for (const vp of VIEWPORTS) {
    it(`${vp.name}: invite → register from the link → join → live on the owner's page → remove → signed out`, async () => {
      const { app, browser } = journey;
      const viewport = { width: vp.width, height: vp.height };
      const company = `Summit Brokerage ${vp.name}`;
      const owner = await freshAccount(app, 'broker', { companyName: company });
      const { page: ownerPage, errors: ownerErrors } = await rolePage(browser, app, owner, { viewport });

      // The owner's Team page: one member, the invite form.
      await ownerPage.goto(`${app.url}/team`);
      await ownerPage.getByTestId('team-seats').filter({ hasText: '1 of 3 seats used' }).waitFor();
      await ownerPage.getByTestId('nav-company-role').first().waitFor({ state: 'attached' });
      const dispatcherEmail = uniqueEmail('dispatcher');
      await ownerPage.getByTestId('invite-email').fill(dispatcherEmail);
      await ownerPage.getByTestId('invite-role').locator('select').selectOption('dispatcher');
      await ownerPage.getByTestId('invite-send').click();
      const linkInput = ownerPage.getByTestId('invitation-link');
      await linkInput.waitFor();
      const link = await linkInput.inputValue();
      expect(link).toMatch(/\/join\/[A-Za-z0-9_-]+$/);
      await ownerPage.getByTestId('team-invitation').filter({ hasText: dispatcherEmail }).waitFor();
      await screenshot(ownerPage, `${vp.name}-1-owner-invited`);
      await markNoReload(ownerPage);

      // The dispatcher, signed out, opens the link in their own browser.
      const ctx = await browser.newContext({ viewport });
      const dPage = await ctx.newPage();
      const dErrors = watchPageErrors(dPage);
      await dPage.goto(link);
      await dPage
        .getByTestId('join-heading')
        .filter({ hasText: `Join ${company}` })
        .waitFor();
      await screenshot(dPage, `${vp.name}-2-join-signed-out`);
      await dPage.getByRole('button', { name: 'Create account' }).click();
      const reg = dPage.getByRole('dialog');
      expect(await reg.getByLabel('Email').inputValue()).toBe(dispatcherEmail);
      await reg.getByLabel('First Name').fill('Dana');
      await reg.getByLabel('Last Name').fill('Ruiz');
      await reg.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
      await reg.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
      await reg.getByLabel('Company Name').fill('Dana Solo');
      await reg.getByRole('button', { name: 'Create Account' }).click();
      // Registration hands over to sign-in with the email filled in; signing in comes back to the link.
      const login = dPage.getByRole('dialog');
      await login.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await login.getByLabel('Email').inputValue()).toBe(dispatcherEmail);
      await login.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
      await login.getByRole('button', { name: 'Sign In', exact: true }).click();
      const joinButton = dPage.getByTestId('join-button');
      await joinButton.waitFor();
      await screenshot(dPage, `${vp.name}-3-join-signed-in`);
      await joinButton.click();
      await dPage.waitForURL(/\/team$/);
      await dPage.getByTestId('team-your-role').filter({ hasText: 'Dispatcher' }).waitFor();
      await dPage
        .getByTestId('nav-company')
        .first()
        .filter({ hasText: company })
        .waitFor({ state: 'attached' });
      // A dispatcher has no invite form and no remove buttons: the server's actions say so.
      expect(await dPage.getByTestId('invite-email').count()).toBe(0);
      expect(await dPage.getByRole('button', { name: 'Remove' }).count()).toBe(0);
      await screenshot(dPage, `${vp.name}-4-dispatcher-team`);

      // The owner's page shows the new member live, the invitation gone, 2 of 3 seats.
      const row = ownerPage.getByTestId('team-member').filter({ hasText: dispatcherEmail });
      await row.waitFor({ timeout: 15_000 });
      await ownerPage.getByTestId('team-seats').filter({ hasText: '2 of 3 seats used' }).waitFor();
      expect(await ownerPage.getByTestId('team-invitation').count()).toBe(0);
      expect(await notReloaded(ownerPage)).toBe(true);
      await screenshot(ownerPage, `${vp.name}-5-owner-sees-member`);

      // Remove, confirmed: the dispatcher's page falls to signed out.
      await row.getByRole('button', { name: 'Remove' }).click();
      const confirm = ownerPage.getByRole('dialog');
      await confirm.getByText('signed out at once').waitFor();
      await screenshot(ownerPage, `${vp.name}-6-owner-confirm-remove`);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await ownerPage.getByTestId('team-seats').filter({ hasText: '1 of 3 seats used' }).waitFor();
      expect(await ownerPage.getByTestId('team-member').filter({ hasText: dispatcherEmail }).count()).toBe(0);

      await dPage
        .getByRole('dialog')
        .getByRole('button', { name: 'Sign In', exact: true })
        .waitFor({ timeout: 15_000 });
      await screenshot(dPage, `${vp.name}-7-dispatcher-signed-out`);
      // With the page's cookies but not inside the page, which may still be moving to the sign-in screen.
      const me = (await dPage.request.get(`${app.url}/api/auth/user`)).status();
      expect(me).toBe(401);

      expect(ownerErrors).toEqual([]);
      expect(dErrors).toEqual([]);
    }, 240_000);
  }
});
