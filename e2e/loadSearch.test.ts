// Issue 15: the load-board search in the browser (a place with a radius, deadhead on the card, estimated miles).
import type { FreightListingDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { signIn, startJourney, watchPageErrors } from './browser';

const journey = startJourney();

describe('load-board search (issue 15)', () => {
  it('finds a load from a small town by a 50-mile radius around its neighbour, with deadhead and estimated miles', async () => {
    // Elko, NV was outside the old 55-city table: its loads had no miles and no rate per mile.
    const shipper = journey.app.client();
    await shipper.login('shipper@test.local');
    const res = await shipper.post('/api/freight', {
      title: 'Mine parts to Twin Falls',
      originCity: 'Elko',
      originState: 'NV',
      destinationCity: 'Twin Falls',
      destinationState: 'ID',
      rate: 1400,
    });
    expect(res.status, res.text).toBe(201);
    const elko = res.body as FreightListingDto;
    // A load 200 miles away that the radius must leave out.
    expect(
      (
        await shipper.post('/api/freight', {
          title: 'Reno load',
          originCity: 'Reno',
          originState: 'NV',
          destinationCity: 'Boise',
          destinationState: 'ID',
          rate: 1800,
        })
      ).status,
    ).toBe(201);

    const page = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, journey.app.url, 'carrier@test.local', 'Test1234!', '/freight');
    await page.getByRole('heading', { name: 'Freight Load Board' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('form', { name: 'Load board filters' });
    await filters.getByRole('button', { name: /More filters/ }).click();

    // Typing offers real places in Origin City; a name alone is SPEC's city filter, a whole place is searched around.
    const origin = filters.getByLabel('Origin City');
    await origin.fill('Carlin');
    await filters.locator('datalist option[value="Carlin, NV"]').waitFor({ state: 'attached' });
    await filters.getByRole('button', { name: /^Search/ }).click();
    await page.getByText('No freight matches your search criteria').waitFor();
    await origin.fill('Carlin, NV');
    await filters.getByLabel('Deadhead Radius').selectOption('50');
    await filters.getByRole('button', { name: /^Search/ }).click();

    const card = page.getByRole('article', { name: 'Load Elko, NV → Twin Falls, ID' });
    await card.waitFor();
    await page.getByRole('article', { name: 'Load Reno, NV → Boise, ID' }).waitFor({ state: 'detached' });
    // Carlin is about 21 miles west of Elko.
    const deadhead = Number(/Deadhead\s*(\d+) mi/.exec((await card.innerText()).replace(/\n/g, ' '))?.[1]);
    expect(deadhead).toBeGreaterThan(15);
    expect(deadhead).toBeLessThan(30);
    await card.getByText(`${elko.distance} miles (est.)`).waitFor();
    await card.getByText(/\$\d+\.\d{2}\/mi/).waitFor();

    // Deadhead is offered as an order once an origin is searched.
    await page.getByLabel('Sort loads').selectOption('deadhead');
    await card.waitFor();

    // A lane: Nevada to Idaho, not Nevada to Utah.
    expect(
      (
        await shipper.post('/api/freight', {
          title: 'Elko to Utah',
          originCity: 'Elko',
          originState: 'NV',
          destinationCity: 'Salt Lake City',
          destinationState: 'UT',
          rate: 1500,
        })
      ).status,
    ).toBe(201);
    await filters.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByRole('article', { name: 'Load Elko, NV → Salt Lake City, UT' }).waitFor();
    await filters.getByLabel('Lane: Origin States').fill('nv');
    await filters.getByLabel('Lane: Destination States').fill('ID, OR');
    await filters.getByRole('button', { name: /^Search/ }).click();
    await page
      .getByRole('article', { name: 'Load Elko, NV → Salt Lake City, UT' })
      .waitFor({ state: 'detached' });
    await card.waitFor();
    await page.getByRole('article', { name: 'Load Reno, NV → Boise, ID' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('Post Load offers US places as the city is typed; picking one fills the city and its state', async () => {
    const page = await (await journey.browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, journey.app.url, 'shipper@test.local', 'Test1234!', '/freight');
    await page.getByRole('button', { name: 'Post Freight' }).click();
    const form = page.getByRole('dialog', { name: 'Post New Load' });
    const city = form.getByLabel('Origin City');
    await city.fill('Winnem');
    await form.locator('datalist option[value="Winnemucca, NV"]').waitFor({ state: 'attached' });
    await city.fill('Winnemucca, NV');
    expect(await city.inputValue()).toBe('Winnemucca');
    expect(await form.getByLabel('Origin State').inputValue()).toBe('NV');
    await form.getByLabel('Actual Miles (optional)').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the table view (issue 15)', () => {
  it('switches to a dense table and back, remembers the choice, moves by keyboard and marks live loads', async () => {
    const shipper = journey.app.client();
    await shipper.login('shipper@test.local');
    const post = async (title: string, originCity: string, originState: string) => {
      const res = await shipper.post('/api/freight', {
        title,
        originCity,
        originState,
        destinationCity: 'Denver',
        destinationState: 'CO',
        rate: 2100,
        weight: 30000,
      });
      expect(res.status, res.text).toBe(201);
    };
    await post('Table one', 'Omaha', 'NE');
    await post('Table two', 'Wichita', 'KS');

    const page = await (
      await journey.browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, journey.app.url, 'carrier@test.local', 'Test1234!', '/freight');
    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Loads' });
    const wichita = table.getByRole('row', { name: 'Load Wichita, KS → Denver, CO' });
    await wichita.waitFor();
    const cells = await wichita.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual([expect.stringMatching(/just now|min ago/), '—', 'Wichita, KS']);
    expect(cells.join(' | ')).toMatch(
      /Dry Van \| 53 ft · 30,000 lbs \| \$2,100\.00 \| \$\d+\.\d{2}\/mi \| Test Shipper Inc/,
    );

    // Remembered across a reload.
    await page.reload();
    await wichita.waitFor();

    // Keyboard: the first row takes focus, ArrowDown moves, Enter opens the load.
    const rows = table.locator('tbody tr');
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    const focusedName = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focusedName).toBe(await rows.nth(1).getAttribute('aria-label'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // A load posted now arrives live, marked New.
    await post('Table live', 'Tulsa', 'OK');
    const live = table.getByRole('row', { name: 'Load Tulsa, OK → Denver, CO' });
    await live.getByText('New', { exact: true }).waitFor();

    // On a phone the same loads read as a compact list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Loads' }).getByText('Tulsa, OK → Denver, CO').waitFor();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByRole('article', { name: 'Load Tulsa, OK → Denver, CO' }).waitFor();
    expect(errors).toEqual([]);
  });
});
