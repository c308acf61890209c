// Issue 30: an integrator's journey from /developers alone. A broker owner makes a key and registers a webhook
// endpoint in the UI (both secrets shown once), posts a load with the key through the generated client, a carrier
// books it, and an HTTPS receiver on loopback gets the load's and the booking's events, each verified with the
// `standardwebhooks` library; the delivery log shows them and a replay from the UI arrives again. A shipper
// company's owner manages keys too; a dispatcher or viewer sees no key or webhook buttons and is refused (403).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { PostLoadInput } from '@freight/shared';
import createClient from 'openapi-fetch';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@test/helpers';
import type { paths } from '@test/apiV1.generated';
import { setAllowedPrivateTargets } from '../server/src/features/webhooks/ssrf';
import { screenshot, startJourney } from './browser';
import { memberOf } from './companies';
import { freshAccount, rolePage, verifyWithDocuments } from './roles';

const journey = startJourney();

interface Received {
  id: string;
  type: string;
  loadId: string | null;
}

/**
 * A TLS receiver on 127.0.0.1 with a certificate made for this run; this process (where the app's webhook worker
 * runs) trusts it beside the public roots, as an operator's machine would trust a private CA.
 */
class HttpsReceiver {
  received: Received[] = [];
  rejected = 0;
  secret = '';
  private server: https.Server | null = null;
  private dir = mkdtempSync(path.join(tmpdir(), 'hook-tls-'));
  private originalCa = https.globalAgent.options.ca;

  async start() {
    const key = path.join(this.dir, 'key.pem');
    const cert = path.join(this.dir, 'cert.pem');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    const pem = readFileSync(cert, 'utf8');
    https.globalAgent.options.ca = [...tls.rootCertificates, pem];
    this.server = https.createServer({ key: readFileSync(key), cert: pem }, (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        try {
          const payload = new Webhook(this.secret).verify(body, req.headers as Record<string, string>) as {
            type: string;
            data: { loadId: string | null };
          };
          this.received.push({
            id: String(req.headers['webhook-id']),
            type: payload.type,
            loadId: payload.data.loadId,
          });
          res.writeHead(204).end();
        } catch {
          this.rejected++;
          res.writeHead(400).end('bad signature');
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  url() {
    return `https://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hooks/freight`;
  }

  async stop() {
    https.globalAgent.options.ca = this.originalCa;
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const receiver = new HttpsReceiver();
beforeAll(async () => {
  await receiver.start();
  setAllowedPrivateTargets('127.0.0.1');
});
afterAll(async () => {
  setAllowedPrivateTargets('');
  await receiver.stop();
});

/** Fails on any request the page makes outside the app (the reference must work offline: no CDN). */
async function offline(page: Page, appUrl: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(appUrl) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

async function tick(page: Page, code: string) {
  await page.getByText(code, { exact: true }).click();
}

describe('An integrator from /developers alone (issue 30)', () => {
  it('key and endpoint made in the UI, load posted with the key, booked, every event verified, replayed', async () => {
    const { app, browser } = journey;
    const broker = await freshAccount(app, 'broker', { companyName: 'Lakeside Logistics' });
    await verifyWithDocuments(app, broker);
    const carrier = await freshAccount(app, 'carrier');
    await verifyWithDocuments(app, carrier);

    const { page, errors } = await rolePage(browser, app, broker, { viewport: { width: 1280, height: 900 } });
    const outside = await offline(page, app.url);
    await page.goto(`${app.url}/developers`);
    await page.getByTestId('api-reference').getByText('Post a load').first().waitFor();
    for (const heading of ['1. Authenticate', '2. Post a load, safely retried', '3. Lists and pagination']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.getByRole('heading', { name: '4. Errors' }).waitFor();
    await page.getByRole('heading', { name: '5. Webhooks' }).waitFor();
    await page.getByText("import { Webhook } from 'standardwebhooks'", { exact: false }).waitFor();

    // The key: named, scoped, shown once.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('Lakeside TMS');
    await tick(page, 'bookings:read');
    await tick(page, 'bookings:write');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^fmk_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('api-key-secret').waitFor({ state: 'detached' });
    await page.reload();
    const listed = page.getByTestId('api-key-list');
    await listed.getByText('Lakeside TMS').waitFor();
    expect(await listed.textContent()).not.toContain(secret);
    expect(await listed.textContent()).toContain('bookings:write');

    // The endpoint: the HTTPS receiver, with the booking events added to the defaults.
    await page.goto(`${app.url}/developers`);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByLabel('Endpoint URL').fill(receiver.url());
    await tick(page, 'booking.reviewed');
    await tick(page, 'load.status_changed');
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    receiver.secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(receiver.secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // The integrator's own code: the generated client with the key.
    const api = createClient<paths>({
      baseUrl: `${app.url}/api/v1`,
      headers: { Authorization: `Bearer ${secret}` },
    });
    const input: PostLoadInput = {
      title: 'Lakeside order 1001',
      originCity: 'Toledo',
      originState: 'OH',
      destinationCity: 'Louisville',
      destinationState: 'KY',
      rate: 1650,
    };
    const posted = await api.POST('/loads', {
      body: input as paths['/loads']['post']['requestBody']['content']['application/json'],
      params: { header: { 'Idempotency-Key': 'lakeside-order-1001' } },
    });
    expect(posted.response.status, JSON.stringify(posted.error)).toBe(201);
    const loadId = posted.data!.id;

    const asked = await carrier.api.post(`/api/freight/${loadId}/book`, { message: 'Truck at Toledo' });
    expect(asked.status, asked.text).toBe(201);
    const requests = await api.GET('/booking-requests', { params: { query: {} } });
    const request = requests.data!.data.find((r) => r.freightListingId === loadId)!;
    const approved = await api.POST('/booking-requests/{id}/review', {
      params: { path: { id: request.id } },
      body: { status: 'approved' },
    });
    expect(approved.response.status).toBe(200);

    const expected = ['load.posted', 'booking.requested', 'booking.reviewed', 'load.status_changed'];
    const firstSeen = () => {
      const mine = receiver.received.filter((r) => r.loadId === loadId);
      return mine.filter((r, i) => mine.findIndex((x) => x.id === r.id) === i).map((r) => r.type);
    };
    await eventually(async () => firstSeen().length >= expected.length, 60_000);
    expect(firstSeen()).toEqual(expected);
    expect(receiver.rejected).toBe(0);

    // The delivery log in the UI, and a replay from it that arrives again (same webhook-id, verified again).
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByTestId('delivery-log');
    for (const type of expected) await log.getByText(type, { exact: true }).waitFor();
    expect(await log.getByText('delivered', { exact: true }).count()).toBe(expected.length);
    // One row per delivery (the log's direct children); this endpoint has one load.posted delivery.
    const postedRow = log
      .locator(':scope > div')
      .filter({ has: page.getByText('load.posted', { exact: true }) });
    const before = receiver.received.length;
    const postedDelivery = receiver.received.find((r) => r.loadId === loadId && r.type === 'load.posted')!;
    await postedRow.getByRole('button', { name: 'Replay' }).click();
    await eventually(async () => receiver.received.length > before, 30_000);
    expect(receiver.received.at(-1)).toEqual(postedDelivery);
    expect(receiver.rejected).toBe(0);

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 150_000);

  it("a shipper company's owner manages keys and webhooks; a dispatcher or viewer gets no buttons and a 403", async () => {
    const { app, browser } = journey;
    const shipper = await freshAccount(app, 'shipper', { companyName: 'Prairie Grain Co' });
    const owner = await rolePage(browser, app, shipper, { viewport: { width: 390, height: 844 } });
    const outside = await offline(owner.page, app.url);
    await owner.page.goto(`${app.url}/developers`);
    await owner.page.getByTestId('api-reference').getByText('Post a load').first().waitFor();
    await screenshot(owner.page, 'developers-390');
    const width = await owner.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await owner.page.goto(`${app.url}/developers/keys`);
    await owner.page.getByRole('button', { name: 'Create key' }).waitFor();
    await owner.page.goto(`${app.url}/developers/webhooks`);
    await owner.page.getByRole('button', { name: 'Register endpoint' }).waitFor();
    expect(outside).toEqual([]);
    expect(owner.errors).toEqual([]);
    await owner.page.context().close();

    for (const role of ['dispatcher', 'viewer']) {
      const member = await memberOf(app, shipper, 'shipper', role);
      const { page, errors } = await rolePage(browser, app, member, {
        viewport: { width: 390, height: 844 },
      });
      for (const screen of ['keys', 'webhooks']) {
        await page.goto(`${app.url}/developers/${screen}`);
        await page.getByText("Your company's owner or an admin manages its API keys and webhooks.").waitFor();
        for (const name of ['Create key', 'Register endpoint', 'Revoke', 'Replay', 'Remove']) {
          expect(await page.getByRole('button', { name }).count(), `${role} ${screen} ${name}`).toBe(0);
        }
      }
      await page.goto(`${app.url}/developers`);
      await page.getByTestId('api-reference').getByText('Post a load').first().waitFor();
      const key = await member.api.post('/api/api-keys', { name: 'Mine', scopes: ['loads:read'] });
      expect(key.status, role).toBe(403);
      expect((await member.api.get('/api/api-keys')).status, role).toBe(403);
      const hook = await member.api.post('/api/webhooks', { url: receiver.url(), events: ['load.posted'] });
      expect(hook.status, role).toBe(403);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 150_000);
});
