import { describe, expect, it } from 'vitest';
import { TEST_USER_PASSWORD, uniqueEmail } from '@test/helpers';
import { screenshot, startJourney, watchPageErrors } from './browser';
import { freshAccount, markNoReload, notReloaded, rolePage } from './roles';

/**
 * Issue 28, the team in Chromium: a broker owner invites a dispatcher from the Team page; the dispatcher opens the
 * link signed out and joins with a name and a password only (issue 39), signed in at once, the email not asked
 * again; the owner's Team page shows them without a reload; the owner removes them (confirmed) and the dispatcher's page falls to signed out. Fresh accounts, one
 * browser context per person, at 1280x900 and 390x844.
 */
const journey = startJourney();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('issue 28: the team (Chromium)', () => {
  for (const vp of VIEWPORTS) {
    it(`${vp.name}: invite → join from the link with a name and a password → live on the owner's page → remove → signed out`, async () => {
      const { app, browser } = journey;
      const viewport = { width: vp.width, height: vp.height };
      const company = `Summit Brokerage ${vp.name}`;
      const owner = await freshAccount(app, 'broker', { companyName: company });
      // The owner's Team page: one member, the invite form.
      const { page: ownerPage, errors: ownerErrors } = await rolePage(
        browser,
        app,
        owner,
        { viewport },
        '/team',
      );
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
      // Issue 39: only a name and a password; the email, type and company are the invitation's.
      const form = dPage.getByTestId('join-form');
      await form.getByText(dispatcherEmail).first().waitFor();
      expect(await form.getByLabel('Email').count()).toBe(0);
      await form.getByRole('button', { name: 'Create account and join' }).click();
      await form.getByText('Required').first().waitFor();
      await form.getByLabel('First Name').fill('Dana');
      await form.getByLabel('Last Name').fill('Ruiz');
      await form.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD);
      await form.getByLabel('Confirm Password').fill(TEST_USER_PASSWORD);
      // Each message went as its field was filled.
      expect(await form.getByText('Required').count()).toBe(0);
      await screenshot(dPage, `${vp.name}-3-join-form`);
      await form.getByRole('button', { name: 'Create account and join' }).click();
      await dPage.waitForURL(/\/team$/);
      await dPage.getByTestId('team-your-role').filter({ hasText: 'Dispatcher' }).waitFor();
      // The invitation was mailed to this address: it is not asked to be verified again.
      expect(await dPage.getByText('Verify your email address').count()).toBe(0);
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
