// Signed-in pages drawn on the server (issue 24): each visitor's page is drawn from their own answers only, even
// when many are drawn at once; the answers it carries cannot end their script element; pages the server does not
// draw are index.html as before. Runs against the built web app (`npm test` builds it first).
import { FREIGHT_NOT_FOUND_MESSAGE, SIGNED_IN_COOKIE, type UserDto } from '@freight/shared';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { carrierOwner, memberOf } from '../features/fleet/testing';
import { timeZoneOf } from './pageRender';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const DATA = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/;

interface PageData {
  path: string;
  timeZone: string;
  answers: Record<string, { status: number; data?: unknown; text?: string }>;
}

/** The page at `path` as the browser asks for it, signed in (the marker cookie beside the session's). */
async function pageOf(client: TestClient, path: string, extraCookies = '') {
  const res = await client
    .raw('get', path)
    .set('Cookie', `${client.cookie}; ${SIGNED_IN_COOKIE}=1${extraCookies}`)
    .set('Accept', 'text/html');
  // React separates adjacent text with empty comments: read the text as the browser shows it.
  const html = res.text.replace(/<!-- -->/g, '');
  const json = DATA.exec(html)?.[1];
  return { res, html, data: json ? (JSON.parse(json) as PageData) : null };
}

/** A load posted by the seeded shipper (verified: it may post); its id. */
async function postedLoad(title: string): Promise<string> {
  const shipper = app.client();
  await shipper.login('shipper@test.local');
  const posted = await shipper.post('/api/freight', {
    title,
    originCity: 'Omaha',
    originState: 'NE',
    destinationCity: 'Denver',
    destinationState: 'CO',
    rate: 1800,
  });
  expect(posted.status).toBe(201);
  return posted.body.id as string;
}

async function member(
  companyName: string,
  userType = 'carrier',
): Promise<{ client: TestClient; user: UserDto }> {
  const client = app.client();
  const user = await client.registerAndLogin({ userType, companyName });
  return { client, user };
}

describe('signed-in pages drawn on the server (issue 24)', () => {
  it('the dashboard comes drawn for the visitor, with the answers it was drawn from', async () => {
    const { client, user } = await member('Prairie Haulers');
    const { res, html, data } = await pageOf(client, '/');
    expect(res.status).toBe(200);
    expect(res.headers['x-server-rendered']).toBe('1');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(html).toContain('data-server-rendered="/"');
    expect(html).toContain('Welcome, Prairie Haulers');
    // The app's code is asked for after the page has painted, not before (no module preloads in the HTML).
    expect(html).not.toContain('rel="modulepreload"');
    expect(data?.path).toBe('/');
    expect((data?.answers['/api/auth/user']?.data as UserDto).email).toBe(user.email);
    expect(data?.answers['/api/users/verification-status']?.status).toBe(200);
  });

  it('the board comes drawn with its first page of loads', async () => {
    await postedLoad('Drawn on the server');
    const { client } = await member('Board Reader');
    const { res, html, data } = await pageOf(client, '/freight');
    expect(res.headers['x-server-rendered']).toBe('1');
    expect(html).toContain('Drawn on the server');
    expect(Object.keys(data?.answers ?? {}).some((p) => p.startsWith('/api/freight?'))).toBe(true);
  });

  it('a load the visitor takes no part in is drawn as not found, from the refusal the server got', async () => {
    const freightId = await postedLoad('Not yours');
    const { client } = await member('Outsider Trucking');
    const { res, html, data } = await pageOf(client, `/tracking/${freightId}`);
    expect(res.headers['x-server-rendered']).toBe('1');
    expect(html).toContain(FREIGHT_NOT_FOUND_MESSAGE);
    expect(html).not.toContain('Not yours');
    expect(data?.answers[`/api/freight/${freightId}/tracking`]?.status).toBe(404);
  });

  it('pages the server does not draw are index.html, and signed out the prerendered page', async () => {
    const { client } = await member('Plain Pages Co');
    for (const path of ['/documents', '/freight?sort=newest', '/no-such-page']) {
      const { res, data } = await pageOf(client, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['x-server-rendered'], path).toBeUndefined();
      expect(data, path).toBeNull();
    }
    const signedOut = await app.client().raw('get', '/').set('Accept', 'text/html');
    expect(signedOut.headers['x-prerendered']).toBe('1');
    expect(signedOut.headers['x-server-rendered']).toBeUndefined();
  });

  it('a page that sends its visitor elsewhere is a redirect, not an empty page (a driver’s dashboard is their trips)', async () => {
    const owner = await carrierOwner(app, 'Redirecting Fleet Co');
    const driver = await memberOf(app, owner, 'driver');
    const { res } = await pageOf(driver, '/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/trips');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    // Its owner's dashboard is drawn as ever.
    const { res: ownerPage, html } = await pageOf(owner, '/');
    expect(ownerPage.status).toBe(200);
    expect(html).toContain('Welcome, Redirecting Fleet Co');
  });

  it('no visitor’s data reaches another’s page, however many are drawn at once', async () => {
    const a = await member('Alpha Lines Unique');
    const b = await member('Bravo Carriers Unique', 'shipper');
    const visitors = [
      { ...a, own: 'Alpha Lines Unique', other: 'Bravo Carriers Unique' },
      { ...b, own: 'Bravo Carriers Unique', other: 'Alpha Lines Unique' },
    ];
    for (let round = 0; round < 12; round++) {
      const pages = await Promise.all(
        [...visitors, ...visitors, ...visitors].map(async (v, i) => ({
          v,
          page: await pageOf(v.client, i % 2 === 0 ? '/' : '/freight'),
        })),
      );
      for (const { v, page } of pages) {
        expect(page.res.headers['x-server-rendered']).toBe('1');
        expect(page.html).toContain(v.own);
        expect(page.html).not.toContain(v.other);
        expect(page.html).not.toContain(v.user.email === a.user.email ? b.user.email : a.user.email);
        expect((page.data?.answers['/api/auth/user']?.data as UserDto).id).toBe(v.user.id);
      }
    }
  }, 120_000);

  it('text from the answers cannot end the script element that carries them', async () => {
    const title = 'Evil </script><script>window.hacked=1</script> load';
    await postedLoad(title);
    const { client } = await member('Script Reader');
    const { html, data } = await pageOf(client, '/freight');
    const titles = JSON.stringify(data?.answers);
    expect(titles).toContain(title);
    // The only script elements are the entry and the data: the title appears escaped, never as markup.
    expect(html).not.toContain('<script>window.hacked=1</script>');
    expect(html.match(/<script/g)?.length).toBe(2);
  });

  it('dates are drawn in the browser’s time zone, from its cookie (UTC without one)', async () => {
    const { client } = await member('Zone Keepers');
    expect((await pageOf(client, '/')).data?.timeZone).toBe('UTC');
    const chicago = await pageOf(client, '/', '; fm.tz=America%2FChicago');
    expect(chicago.data?.timeZone).toBe('America/Chicago');
    const unknown = await pageOf(client, '/', '; fm.tz=Mars%2FOlympus');
    expect(unknown.data?.timeZone).toBe('UTC');
  });
});

describe('timeZoneOf', () => {
  const reqWith = (cookie?: string) => ({ headers: { cookie } }) as unknown as Request;
  it('reads a zone Node knows, UTC otherwise', () => {
    expect(timeZoneOf(reqWith())).toBe('UTC');
    expect(timeZoneOf(reqWith('a=1; fm.tz=Europe%2FBerlin'))).toBe('Europe/Berlin');
    expect(timeZoneOf(reqWith('fm.tz=%E0%A4%A'))).toBe('UTC');
    expect(timeZoneOf(reqWith('fm.tz=Not/AZone'))).toBe('UTC');
  });
});
