// Issue 30: an integrator's journey. The shipper reads /developers (guide and reference, rendered from the served
// OpenAPI document), makes a key on the API keys screen (copied once), posts a load with it through the client
// generated from that document, and sees the load on their own board live; then revokes the key (401 at once).
import type { PostLoadInput } from '@freight/shared';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '@test/apiV1.generated';
import { screenshot, startJourney } from './browser';
import { freshAccount, markNoReload, notReloaded, rolePage, verifyWithDocuments } from './roles';

const journey = startJourney();

describe('Developers (issue 30)', () => {
  for (const { viewport, origin } of [
    { viewport: { width: 1280, height: 900 }, origin: ['Madison', 'WI'] },
    { viewport: { width: 390, height: 844 }, origin: ['Peoria', 'IL'] },
  ]) {
    it(`a key made on /developers posts a load the poster's board shows live (${viewport.width}px)`, async () => {
      const { app, browser } = journey;
      const shipper = await freshAccount(app, 'shipper');
      await verifyWithDocuments(app, shipper);

      const board = await rolePage(browser, app, shipper, { viewport }, '/freight');
      await board.page.getByRole('heading', { level: 1 }).first().waitFor();
      await markNoReload(board.page);

      const dev = await rolePage(browser, app, shipper, { viewport }, '/developers');
      await dev.page.getByTestId('api-reference').getByText('Post a load').first().waitFor();
      await dev.page.getByText('Idempotency-Key').first().waitFor();
      await screenshot(dev.page, 'developers', [viewport]);

      await dev.page.goto(`${app.url}/developers/keys`);
      await dev.page.getByLabel('Key name').fill('Our TMS');
      await dev.page.getByRole('button', { name: 'Create key' }).click();
      const secret = (await dev.page.getByTestId('api-key-secret').textContent())!.trim();
      expect(secret).toMatch(/^fmk_/);
      await dev.page.getByTestId('api-key-list').getByText('Our TMS').waitFor();
      await screenshot(dev.page, 'api-keys', [viewport]);

      const api = createClient<paths>({
        baseUrl: `${app.url}/api/v1`,
        headers: { Authorization: `Bearer ${secret}` },
      });
      const title = `API load ${Date.now().toString(36)}`;
      const input: PostLoadInput = {
        title,
        originCity: origin[0],
        originState: origin[1],
        destinationCity: 'Columbus',
        destinationState: 'OH',
        rate: 2100,
        distance: 520,
      };
      const posted = await api.POST('/loads', {
        body: input as paths['/loads']['post']['requestBody']['content']['application/json'],
        params: { header: { 'Idempotency-Key': `journey-${title}` } },
      });
      expect(posted.response.status, JSON.stringify(posted.error)).toBe(201);
      await board.page
        .getByRole('article', { name: `Load ${origin[0]}, ${origin[1]} → Columbus, OH` })
        .waitFor({ timeout: 15_000 });
      expect(await notReloaded(board.page)).toBe(true);

      // Revoked with a confirmation: the key stops at once.
      await dev.page.getByRole('button', { name: 'Done' }).click();
      await dev.page.getByRole('button', { name: 'Revoke', exact: true }).click();
      await dev.page.getByRole('button', { name: 'Revoke now' }).click();
      await dev.page.getByTestId('api-key-list').getByText('Revoked').waitFor();
      expect((await api.GET('/loads', { params: { query: {} } })).response.status).toBe(401);

      await dev.page.goto(`${app.url}/developers/webhooks`);
      await dev.page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await screenshot(dev.page, 'webhooks', [viewport]);
      expect(board.errors).toEqual([]);
      expect(dev.errors).toEqual([]);
    }, 150_000);
  }
});
