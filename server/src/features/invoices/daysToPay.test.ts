// Getting paid (issue 40, slice 3): days-to-pay and the on-time share from our own ledger. Each paid invoice is added
// to its payer's days by a projector of `invoice.paid`; the profile and the board's load cards read the figure.
// Real FerretDB and Redis; the server clock is moved to submit, pay and read on the days a test needs.
import type {
  CompanyProfileDto,
  FreightListingDto,
  FreightPage,
  InvoiceDto,
  LoadPartiesDto,
} from '@freight/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '@test/helpers';
import { DomainEventModel } from '../../events/model';
import { toDomainEvent } from '../../events/projectors';
import { companyOf } from '../companies/members.testing';
import { resetClock, setClock } from '../../infra/clock';
import { postLoad, verifiedClient } from '../freight/testUtils';
import { seedLoad } from '../tracking/testing';
import { daysToPayProjector } from './daysToPay.projector';

let app: TestApp;
let carrier: TestClient;

const DAY_MS = 86_400_000;
/** Where each test's calendar starts: submissions and payments are days after it. */
const start = Date.now();
const at = (days: number) => new Date(start + days * DAY_MS);

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMITS_ENABLED: 'false' } });
  carrier = await verifiedClient(app, 'carrier', { companyName: 'Ridge Haulers' });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => resetClock());

const ok = <T>(res: { status: number; text: string; body: unknown }, status = 200): T => {
  expect(res.status, res.text).toBe(status);
  return res.body as T;
};

/** An invoice of a load the payer posted, submitted on day `submitted` (net `termsDays`) and paid on day `paid`. */
async function paidInvoice(
  payer: TestClient,
  { submitted, paid, termsDays = 30 }: { submitted: number; paid: number; termsDays?: number },
): Promise<InvoiceDto> {
  const loadId = await seedLoad({
    posterId: payer.user!.id,
    carrierId: carrier.user!.id,
    status: 'delivered',
  });
  setClock(() => at(submitted));
  const sent = ok<InvoiceDto>(await carrier.post('/api/invoices', { loadId, termsDays }), 201);
  setClock(() => at(paid));
  const approved = ok<InvoiceDto>(
    await payer.post(`/api/invoices/${sent.id}/approve`, { version: sent.version }),
  );
  return ok<InvoiceDto>(
    await payer.post(`/api/invoices/${sent.id}/pay`, {
      version: approved.version,
      reference: `ACH ${sent.number}`,
    }),
  );
}

/** The payer's profile as a carrier reads it on day `day`, once the projectors have caught up. */
async function profileOn(payer: TestClient, day: number): Promise<CompanyProfileDto> {
  await app.rt.projectors.drain();
  setClock(() => at(day));
  return ok<CompanyProfileDto>(await carrier.get(`/api/companies/${await companyOf(payer)}/profile`));
}

const newPayer = () => verifiedClient(app, 'shipper');

describe('days-to-pay from paid invoices', () => {
  it('averages the days from submission to payment, with the count and the share paid on time', async () => {
    const payer = await newPayer();
    await paidInvoice(payer, { submitted: 0, paid: 10 });
    await paidInvoice(payer, { submitted: 0, paid: 20 });
    expect((await profileOn(payer, 20)).daysToPay).toBeNull(); // below 3 paid invoices: "New on FreightConnect"

    await paidInvoice(payer, { submitted: 1, paid: 26 });
    expect((await profileOn(payer, 26)).daysToPay).toEqual({ averageDays: 18.3, onTimeShare: 1, count: 3 });

    // Paid 41 days after submission on net 30: late, and the on-time share falls to 3 of 4.
    await paidInvoice(payer, { submitted: 2, paid: 43 });
    expect((await profileOn(payer, 43)).daysToPay).toEqual({ averageDays: 24, onTimeShare: 0.75, count: 4 });
  });

  it('counts the last 90 days: older payments drop out as the days pass', async () => {
    const payer = await newPayer();
    await paidInvoice(payer, { submitted: 0, paid: 5 });
    await paidInvoice(payer, { submitted: 0, paid: 5 });
    await paidInvoice(payer, { submitted: 0, paid: 5 });
    await paidInvoice(payer, { submitted: 30, paid: 40 });
    expect((await profileOn(payer, 5 + 89)).daysToPay).toEqual({
      averageDays: 6.3,
      onTimeShare: 1,
      count: 4,
    });
    // Day 95: the three paid on day 5 are 90 days old, and one payment is too few for a figure.
    expect((await profileOn(payer, 5 + 90)).daysToPay).toBeNull();

    // A payment after that keeps only what is still in the window.
    await paidInvoice(payer, { submitted: 90, paid: 96 });
    await paidInvoice(payer, { submitted: 90, paid: 100 });
    expect((await profileOn(payer, 100)).daysToPay).toEqual({ averageDays: 8.7, onTimeShare: 1, count: 3 });
  });

  it('counts a fact handed over twice once', async () => {
    const payer = await newPayer();
    const invoices = [
      await paidInvoice(payer, { submitted: 0, paid: 3 }),
      await paidInvoice(payer, { submitted: 0, paid: 6 }),
      await paidInvoice(payer, { submitted: 0, paid: 9 }),
    ];
    const before = (await profileOn(payer, 9)).daysToPay;
    expect(before).toEqual({ averageDays: 6, onTimeShare: 1, count: 3 });

    for (const invoice of invoices) {
      const [fact] = await DomainEventModel.find({ loadId: invoice.loadId, name: 'invoice.paid' }).lean();
      await daysToPayProjector.handle(toDomainEvent(fact!));
    }
    expect((await profileOn(payer, 9)).daysToPay).toEqual(before);
  });

  it('is the payer’s own: other companies’ invoices do not change it', async () => {
    const [payer, other] = await Promise.all([newPayer(), newPayer()]);
    for (const paid of [2, 4, 6]) await paidInvoice(payer, { submitted: 0, paid });
    const own = (await profileOn(payer, 6)).daysToPay;
    expect(own).toEqual({ averageDays: 4, onTimeShare: 1, count: 3 });

    for (const paid of [40, 50, 60]) await paidInvoice(other, { submitted: 0, paid });
    expect((await profileOn(other, 60)).daysToPay).toEqual({ averageDays: 50, onTimeShare: 0, count: 3 });
    expect((await profileOn(payer, 60)).daysToPay).toEqual(own);
  });

  it('shows beside the poster’s rating on the board’s load cards, the load’s details and its parties', async () => {
    const payer = await newPayer();
    const open = await postLoad(payer, { title: 'Days-to-pay board load' });
    const badgeOnBoard = async () => {
      const page = ok<FreightPage>(await carrier.get('/api/freight'));
      return page.items.find((l) => l.id === open.id)?.posterRating;
    };
    const companyId = await companyOf(payer);
    expect(await badgeOnBoard()).toEqual({ companyId, count: 0, average: null });

    const invoices: InvoiceDto[] = [];
    for (const paid of [7, 14, 21])
      invoices.push(await paidInvoice(payer, { submitted: 0, paid, termsDays: 15 }));
    await app.rt.projectors.drain();
    setClock(() => at(21));
    const daysToPay = { averageDays: 14, onTimeShare: 2 / 3, count: 3 };
    expect(await badgeOnBoard()).toEqual({ companyId, count: 0, average: null, daysToPay });
    const listing = ok<FreightListingDto>(await carrier.get(`/api/freight/${open.id}`));
    expect(listing.posterRating).toEqual({ companyId, count: 0, average: null, daysToPay });
    // The tracking page of a hauled load names the poster with the same badge.
    const parties = ok<LoadPartiesDto>(await carrier.get(`/api/freight/${invoices[0]!.loadId}/parties`));
    expect(parties.posterRating).toEqual({ companyId, count: 0, average: null, daysToPay });
  });
});
